import type { BaseContext, Cli, CommandClass } from "clipanion";
import { errLine, out } from "../util/out.ts";

/** Loaders of command classes, by the first word of each of their paths. */
export type CommandTable = Record<string, () => Promise<CommandClass<BaseContext>>>;

/**
 * Every search command, by the first word of each of its paths (the table both fronts run:
 * cli/registry.ts adds `mcp`, the front that serves this table, on top; so the MCP server
 * depends on this table, never the other way round). Each loader is a dynamic import so
 * the build puts every command (and what it pulls in: tree-sitter, the walker, workers) in
 * its own chunk: `agentgrep grep` never evaluates the outline engine, and clipanion
 * compiles a parser for one command's options instead of all of them.
 * A new command or path alias must be added here (test/release/registry.test.ts checks that
 * each loaded class declares the words it is listed under).
 */
export const COMMANDS: CommandTable = {
  grep: async () => (await import("./grep.ts")).GrepCommand,
  find: async () => (await import("./find.ts")).FindCommand,
  outline: async () => (await import("./outline.ts")).OutlineCommand,
  trace: async () => (await import("./trace.ts")).TraceCommand,
  smart: async () => (await import("./trace.ts")).TraceCommand,
  help: async () => (await import("./help-agents.ts")).HelpAgentsCommand,
};

/**
 * The argv clipanion parses, for every front (main.ts, the MCP server): grep's rg-style command
 * line is normalised first (`-C3`, `-e PAT`, clusters, rg-only flags; commands/rg-args.ts);
 * find's and trace's long word lists are packed (commands/packed.ts).
 */
export async function normaliseArgs(args: string[]): Promise<string[]> {
  if (args[0] === "find" || args[0] === "trace" || args[0] === "smart") return (await import("./packed.ts")).packWords(args);
  if (args[0] !== "grep") return args;
  return ["grep", ...(await import("./rg-args.ts")).normaliseGrepArgs(args.slice(1))];
}

/**
 * The clipanion CLI for `args`: only the named command when args[0] names one, every command
 * otherwise (top-level help, a typo that wants "did you mean"). The context is built by the
 * caller: the default one touches process.stdin/stdout, and our commands write through
 * util/out.ts anyway.
 */
export async function buildCli(version: string, args: readonly string[] = [], table: CommandTable = COMMANDS): Promise<Cli<BaseContext>> {
  const { Cli, Builtins } = await import("./clipanion.ts");
  const cli = new Cli<BaseContext>({
    binaryLabel: "agentgrep",
    binaryName: "agentgrep",
    binaryVersion: version,
    enableCapture: false,
    enableColors: false,
  });
  const first = args[0];
  const only = first !== undefined && Object.hasOwn(table, first) ? table[first]! : undefined;
  const classes = only ? [await only()] : await Promise.all([...new Set(Object.values(table))].map((load) => load()));
  for (const c of new Set(classes)) cli.register(c);
  cli.register(Builtins.HelpCommand);
  cli.register(Builtins.VersionCommand);
  (await import("./quick-parse.ts")).useQuickParse(cli);
  return cli;
}

/**
 * What a front tells the commands beside the command line: how the process they run in is best
 * used. Plain data, passed down in clipanion's context (the CLI passes none).
 */
export interface FrontOptions {
  /**
   * Search a small tree with one helper worker beside the main thread (search/index.ts `helper`):
   * for a process that keeps its search workers alive between calls (the MCP server).
   */
  searchHelper?: boolean;
}

export type FrontContext = BaseContext & { front?: FrontOptions };

/**
 * The context both fronts give clipanion: what it writes goes through util/out.ts (so the MCP
 * server captures it), and the front's options. The default context would touch process.stdin/stdout.
 */
export function outContext(front?: FrontOptions): FrontContext {
  return {
    ...(front ? { front } : {}),
    env: process.env,
    stdin: undefined as any,
    stdout: { write: (s: string) => (out(s), true) } as any,
    stderr: { write: (s: string) => (errLine(s.replace(/\n$/, "")), true) } as any,
    colorDepth: 1,
  };
}
