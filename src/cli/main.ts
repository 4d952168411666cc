/**
 * Entry point. The only static import is version.ts (which imports nothing): `--version`
 * must cost no more than the runtime's own start-up, so it loads neither node:fs nor the CLI
 * framework. Everything else arrives through dynamic imports, which the build (splitting)
 * turns into chunks loaded on demand.
 */
import { version } from "./version.ts";

// Cold start of commands that parse with tree-sitter: JSC's optimizing wasm tier (OMG) spends
// more compiling the parser than it saves in a one-shot process (measured: outline of a
// 3,000-line file 637 -> 285 ms CPU; grep and trace alike; again with Bun 1.4.5: typing.py
// 274 -> 85 ms). The option is read only from the environment at start-up (neither
// --compile-exec-argv, bunfig nor --compile-jit-policy reaches the wasm tiers; the policy was
// measured to change nothing), so the compiled binary replaces itself once with it set:
// execve, the same pid, so a signal to the pid stops the search, the exit status is the search's,
// and no second process outlives or shadows the first. The variable being present (any value)
// is the guard: the new image never re-executes, and a user's own setting wins.
// Only calls that will parse re-execute: --help, --type-list, grep/find/outline --paths-only
// never load a grammar, so for them the second start-up would be pure cost. (trace
// --paths-only still parses its top files, to rank exactly as its text output does; find parses
// only for its structure summaries.) grep does not re-execute either: most of its calls repeat
// on one tree, and every structure they show comes from the disk cache; what misses it is parsed
// in a tuned parse process started at the first miss (structure/child.ts).
function wantsParserTuning(args: string[]): boolean {
  const cmd = args[0] ?? "";
  if (!["outline", "grep", "find", "trace", "smart"].includes(cmd)) return false;
  for (const a of args) {
    // An inherited descriptor named as a file (`--context-json <(cmd)` is /dev/fd/63) does not
    // survive the runtime's execve: the re-executed process found "no such file". Run untuned.
    if (/(?:^|=)\/(?:dev|proc\/self)\/fd\/\d/.test(a)) return false;
    // An argument that was not UTF-8 reaches us decoded (U+FFFD): re-executed, its raw bytes
    // (/proc/self/cmdline, commands/argv-utf8.ts) would be lost and the word silently changed.
    if (a.includes("\uFFFD")) return false;
    if (a === "--") break;
    if (a === "--help" || a === "-h" || a === "--type-list") return false;
    if (a === "--paths-only" && cmd !== "trace" && cmd !== "smart") return false;
    // grep -l, -c and --files never parse (a cluster such as -il counts; -e/-g/... end one).
    if (cmd === "grep" && (a === "--files-with-matches" || a === "--count" || a === "--files" || /^-[a-zA-Z.]*[lc]/.test(a.replace(/[eABCmtTg].*$/, "")))) return false;
  }
  return true;
}
const untuned = process.env.BUN_JSC_useOMGJIT === undefined && Bun.main.startsWith("/$bunfs/");
if (untuned && process.argv[2] !== "grep" && wantsParserTuning(process.argv.slice(2))) {
  // (Bun's "execve is experimental" warning is off: build/build.ts bakes in
  // --disable-warning=ExperimentalWarning.)
  try {
    process.execve?.(process.execPath, [process.execPath, ...process.argv.slice(2)], { ...process.env, BUN_JSC_useOMGJIT: "0" });
  } catch {
    // Cannot run ourselves (e.g. emulated without binfmt): run in-process below, untuned.
  }
}

const USAGE: Record<string, string> = {
  grep: "agentgrep grep [OPTIONS] PATTERN [PATH ...] | agentgrep grep [OPTIONS] -e PATTERN... [PATH ...] | agentgrep grep --files [PATH ...]",
  find: "agentgrep find [--max-files N] [--json|--paths-only] [--path DIR] <words...>",
  outline: "agentgrep outline [--json|--paths-only] [--max-items N] [--path DIR] [--context-json F] [--debug-structure] <file>",
  trace: "agentgrep trace [--json|--paths-only] [--max-files N] [--max-regions N] subject:X relation:R [support:W] [kind:K] [path:P]",
};
const TOP_USAGE = "agentgrep <grep|find|outline|trace> [options] <query>  (agentgrep <command> --help for details)";

function usageFor(args: string[]): string {
  const cmd = args[0] === "smart" ? "trace" : args[0];
  return USAGE[cmd ?? ""] ?? TOP_USAGE;
}

async function main(args: string[]): Promise<number> {
  const { out } = await import("../util/out.ts");
  const { buildCli, normaliseArgs, outContext } = await import("./registry.ts");
  args = await normaliseArgs(args);
  const cli = await buildCli(version(), args);
  const context = outContext();
  let command: any;
  try {
    command = cli.process(args, context);
  } catch (e: any) {
    return usageError(args, cli, e);
  }
  command.cli = {
    binaryLabel: cli.binaryLabel,
    binaryName: cli.binaryName,
    binaryVersion: cli.binaryVersion,
    enableCapture: false,
    enableColors: false,
    definitions: () => cli.definitions(),
    error: (err: Error, opts: any) => cli.error(err, opts),
    format: (colored?: boolean) => cli.format(colored),
    process: (input: string[]) => cli.process(input, context),
    run: (input: string[]) => cli.run(input, context),
    usage: (c: any, opts: any) => cli.usage(c, opts),
  };
  if (command.help) {
    out(cli.usage(command, { detailed: true }));
    return 0;
  }
  // A bad AGENTGREP_THREADS, AGENTGREP_CACHE or AGENTGREP_CACHE_MB is an error for every
  // command alike (mcp too, at start), not only for the calls that start workers or parse.
  (await import("../util/threads.ts")).envThreads();
  (await import("../structure/cache-env.ts")).cacheEnv(process.env);
  let code: unknown;
  try {
    code = await command.validateAndExecute();
  } catch (e: any) {
    // Option validation (e.g. --max-files=abc) fails here, after parsing.
    if (e?.name === "UsageError" || e?.clipanion) return usageError(args, cli, e);
    throw e;
  }
  return typeof code === "number" ? code : 0;
}

/**
 * A command line we cannot run: one `error:` line naming the problem (clipanion's own message
 * is often just "Command not found"), then the command's usage line. Exit 2.
 */
async function usageError(args: string[], cli: any, e: any): Promise<number> {
  const { errLine } = await import("../util/out.ts");
  const { usageProblem } = await import("../commands/usage.ts");
  const { errorLine } = await import("../util/errors.ts");
  const { COMMANDS } = await import("./registry.ts");
  errLine(errorLine(usageProblem(args, cli.definitions(), Object.keys(COMMANDS), e)));
  errLine(`usage: ${usageFor(args)}`);
  return 2;
}

async function report(e: unknown): Promise<number> {
  const { errLine } = await import("../util/out.ts");
  const { UserError, errorLine } = await import("../util/errors.ts");
  const gone = (e as any)?.code === "EPIPE" ? undefined : (await import("../commands/usage.ts")).cwdGoneProblem(e);
  if (gone) {
    errLine(errorLine(gone));
    return 2;
  }
  if (e instanceof UserError) {
    errLine(errorLine(e));
    return e.exitCode;
  }
  const err = e as any;
  if (err?.code === "EPIPE") return 0;
  if (err?.name === "UsageError" || err?.clipanion) {
    errLine(`error: ${String(err.message).split("\n")[0]}`);
    errLine(`usage: ${usageFor(argv)}`);
    return 2;
  }
  errLine(`error: internal: ${err?.message ?? String(e)}`);
  if (process.env.AGENTGREP_DEBUG) errLine(String(err?.stack ?? ""));
  return 2;
}

// `agentgrep help [command]` is `--help`, as in git and cargo; `help agents` is a command of its own.
// `--help grep` is read as `help grep` (the word order people also type).
// `help -- grep` is `help grep`: a `--` before the command's name ends no options here.
const helpArgv = process.argv[2] === "help" && process.argv[3] === "--" ? [...process.argv.slice(0, 3), ...process.argv.slice(4)] : process.argv;
const a2 = helpArgv[2];
const a3 = helpArgv[3];
const helpWord = a2 === "help" || ((a2 === "--help" || a2 === "-h") && a3 !== undefined && !a3.startsWith("-"));
// `help help` and `help --help` are the top-level help (the latter printed clipanion's bare
// "$ agentgrep -h"); `help grep extra` names the extra word (it was dropped).
const helpTarget = a3 === "help" || a3 === "--help" || a3 === "-h" ? [] : helpArgv.slice(3, 4);
const isHelpFlag = (a: string) => a === "--help" || a === "-h";
// A --help after the command (`help outline --help`) asks for the same page: not an extra word.
const helpExtra = helpWord && a3 !== "agents" ? helpArgv.slice(4).find((a) => !isHelpFlag(a)) : undefined;
const given = process.argv.slice(2);
// `--help --help` (or `-h -h`) is the top-level help, once: clipanion's own help command printed "$ agentgrep -h".
const argv = !helpWord ? (given.length > 1 && given.every(isHelpFlag) ? ["--help"] : given) : a3 === "agents" ? ["help", "agents", ...helpArgv.slice(4)] : [...helpTarget, "--help"];
if (helpExtra !== undefined) {
  const { errorLine } = await import("../util/errors.ts");
  process.stderr.write(errorLine({ message: `unexpected argument '${helpExtra}'`, hint: `help takes one command: agentgrep help ${a3}` }) + "\n");
  process.exit(2);
} else if (process.env.AGENTGREP_PARSE_PROCESS === "1" && !untuned && process.argv.length === 2) {
  // The parse process of a grep (structure/child.ts): answers parse jobs until its stdin closes.
  // It is started with no arguments: the variable leaked into a user's environment must not
  // turn `agentgrep outline a.py` into a parse server (it printed nothing, exit 0, or waited
  // on stdin).
  await (await import("../structure/child.ts")).serveParses();
  process.exit(0);
} else if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
  // Bun.write, not util/out.ts: node:fs alone costs several ms to load. Not console.log either:
  // it drops a failed write, so `--version >/dev/full` printed nothing and exited 0.
  try {
    await Bun.write(Bun.stdout, `agentgrep ${version()}\n`);
  } catch (e: any) {
    // A reader gone (`| true`) ends quietly; any other failure is the line every command prints.
    if (e?.code !== "EPIPE") process.exit(await report((await import("../util/out.ts")).stdoutError(e)));
  }
} else {
  let code: number;
  // grep starts reluctant to JIT compile (util/jit.ts RELUCTANT_JIT: on a small tree compiling
  // costs more than it saves); the search goes back to the normal policy on a big tree. Set
  // here, before the CLI loads, so that the run-once start-up code is not compiled either.
  if (argv[0] === "grep") {
    try {
      (Bun as any).unsafe?.setJITPolicy?.(100); // util/jit.ts RELUCTANT_JIT (not imported: bun:jsc costs start-up)
    } catch {
      /* an optimisation only */
    }
  }
  if (untuned && argv[0] === "grep" && wantsParserTuning(argv)) (await import("../structure/child.ts")).useParseProcess();
  if (wantsParserTuning(argv) && argv[0] !== "grep") {
    // Starts compiling the tree-sitter wasm on JSC's compiler thread while this thread sets up
    // the CLI and reads the file (outline of a 3,000-line file: ~30 ms less wall time).
    try {
      (await import("../structure/prefetch.ts")).prefetchFor(argv);
    } catch {
      /* an optimisation only: the parse compiles on demand */
    }
  }
  try {
    code = await main(argv);
  } catch (e) {
    code = await report(e);
  }
  try {
    (await import("../util/out.ts")).flush();
  } catch (e) {
    code = await report(e);
  }
  process.exit(code);
}
