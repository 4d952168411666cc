import { version } from "./version.ts";
import { UserError } from "../util/errors.ts";
import { errLine, flush } from "../util/out.ts";

const USAGE: Record<string, string> = {
  grep: "agentgrep grep [--regex] [-i] [-w] [--type T] [--glob G] [--json|--paths-only] [--path DIR] [--] <query>",
  find: "agentgrep find [--max-files N] [--json|--paths-only] [--path DIR] <words...>",
  outline: "agentgrep outline [--json] [--max-items N] [--path DIR] <file>",
  trace: "agentgrep trace [--json|--paths-only] [--max-files N] [--max-regions N] subject:X relation:R [support:W] [kind:K] [path:P]",
};
const TOP_USAGE = "agentgrep <grep|find|outline|trace> [options] <query>  (agentgrep <command> --help for details)";

function usageFor(args: string[]): string {
  const cmd = args[0] === "smart" ? "trace" : args[0];
  return USAGE[cmd ?? ""] ?? TOP_USAGE;
}

async function main(args: string[]): Promise<number> {
  // Fast path: no CLI framework load for the commonest cheap call.
  if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
    const { outLine } = await import("../util/out.ts");
    outLine(`agentgrep ${version()}`);
    return 0;
  }
  const { buildCli } = await import("./registry.ts");
  const cli = buildCli(version());
  const { out } = await import("../util/out.ts");
  const context = {
    env: process.env,
    stdin: undefined as any,
    stdout: { write: (s: string) => (out(s), true) } as any,
    stderr: { write: (s: string) => (errLine(s.replace(/\n$/, "")), true) } as any,
    colorDepth: 1,
  };
  let command: any;
  try {
    command = cli.process(args, context);
  } catch (e: any) {
    const first = String(e?.message ?? e).split("\n").find((l) => l.trim()) ?? "invalid arguments";
    errLine(`error: ${first.trim()}`);
    errLine(`usage: ${usageFor(args)}`);
    return 2;
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
  const code = await command.validateAndExecute();
  return typeof code === "number" ? code : 0;
}

function report(e: unknown): number {
  if (e instanceof UserError) {
    errLine(`error: ${e.message}`);
    if (e.hint) errLine(`hint: ${e.hint}`);
    return e.exitCode;
  }
  const err = e as any;
  if (err?.code === "EPIPE") return 0;
  // Clipanion validation errors (e.g. a non-numeric --max-files) arrive here too.
  if (err?.name === "UsageError" || err?.clipanion) {
    errLine(`error: ${String(err.message).split("\n")[0]}`);
    return 2;
  }
  errLine(`error: internal: ${err?.message ?? String(e)}`);
  if (process.env.AGENTGREP_DEBUG) errLine(String(err?.stack ?? ""));
  return 2;
}

let code: number;
try {
  code = await main(process.argv.slice(2));
} catch (e) {
  code = report(e);
}
try {
  flush();
} catch (e) {
  code = report(e);
}
process.exit(code);
