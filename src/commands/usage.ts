/**
 * Names the actual problem in a command line clipanion rejected. Clipanion reports most
 * mistakes (a typo in a command, a missing option value, `--max-files -1`) as "Command not
 * found", which tells the user nothing; this re-reads the arguments against the command's own
 * option definitions. Runs only after a failure, so a valid command line never pays for it.
 */
import { existsSync } from "node:fs";
import { editDistance, shellQuote } from "../util/text.ts";
import { currentDir } from "../util/cwd.ts";
import { UserError } from "../util/errors.ts";
import { isCount, shownValue, U64_MAX } from "./counts.ts";

export interface Problem {
  message: string;
  hint?: string;
}

/** The shape of clipanion's `cli.definitions()` entries that we read. */
export interface Definition {
  path: string;
  usage: string;
  options: { definition: string }[];
}

/**
 * Options whose value is a count: checked here so every command words the error alike. grep's
 * are rg's (u64: digits, leading zeros too, up to 2^64-1); our own budgets take the same.
 */
export const COUNT_FLAGS = new Set(["--max-files", "--max-regions", "--max-items", "--max-count", "--context", "--after-context", "--before-context", "--max-depth"]);

export const countProblem = (flag: string, value: string): Problem => ({
  message: /^\d+$/.test(value)
    ? `invalid value for ${flag}: ${value} (expected a whole number from 0 to ${U64_MAX})`
    : `invalid value for ${flag}: ${shownValue(value)} (expected a whole number >= 0)`,
});

export { editDistance };

/** The closest candidate within a typo's reach (a third of the word, at least 1, at most 3). */
export function closest(word: string, candidates: string[]): string | undefined {
  const reach = Math.min(3, Math.max(1, Math.ceil(word.length / 3)));
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = editDistance(word, c);
    if (d <= reach && d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}

export function unknownCommand(word: string, commands: string[]): Problem {
  // Case is never a typo's distance: `GREP` is grep as surely as `Grep` is.
  const near = commands.includes(word.toLowerCase()) ? word.toLowerCase() : closest(word, commands);
  // The top-level flags are whole command lines: `--version extra` is not an unknown option.
  if (word === "--version" || word === "-V") return { message: `${word} takes no arguments`, hint: `run: agentgrep ${word}` };
  if (word === "--help" || word === "-h") return { message: `${word} takes no arguments`, hint: "run: agentgrep --help, or agentgrep <command> --help" };
  if (word.startsWith("-")) return { message: `unknown option '${word}'`, hint: `options follow a command: agentgrep <${commands.join("|")}> ${word} ...` };
  if (word.trim() === "") return { message: `empty command '${word}'`, hint: `commands are ${commands.join(", ")}: agentgrep <command> --help` };
  // The search it suggests is quoted for the shell: `agentgrep grep $(rm)` was printed bare.
  return {
    message: `unknown command '${word}'`,
    hint: near ? `did you mean ${near}?` : `commands are ${commands.join(", ")}; to search for '${word}' run: agentgrep grep ${shellQuote(word)}`,
  };
}

interface Spec {
  names: Map<string, { name: string; takesValue: boolean }>;
  required: number;
  max: number;
  positionals: string[];
}

function specOf(def: Definition): Spec {
  const names = new Map<string, { name: string; takesValue: boolean }>();
  for (const o of def.options) {
    const [flags = "", arity] = o.definition.split(" ");
    const list = flags.split(",");
    const entry = { name: list[0]!, takesValue: arity !== undefined };
    for (const n of list) names.set(n, entry);
  }
  // usage is "agentgrep grep [query]", "agentgrep outline <file>", "agentgrep find <words> ...".
  const words = def.usage.split(" ").slice(def.path.split(" ").length);
  let required = 0;
  let max = 0;
  const positionals: string[] = [];
  for (const w of words) {
    if (w === "...") max = Infinity;
    else if (w.startsWith("<")) (required++, max++, positionals.push(w.slice(1, -1)));
    else if (w.startsWith("[") && !w.startsWith("[-")) (max++, positionals.push(w.slice(1, -1)));
  }
  return { names, required, max, positionals };
}

/** The first problem in `args` (args[0] is a known command), or undefined when none is found. */
export function diagnose(args: string[], def: Definition): Problem | undefined {
  const spec = specOf(def);
  const cmd = args[0]!;
  // A command of several words (`help agents`) starts its arguments after all of them.
  const pathWords = def.path.split(" ").length - 1;
  const positional: string[] = [];
  const optionProblem = (name: string): Problem => {
    const near = closest(name, [...spec.names.keys()].filter((n) => n.startsWith("--")));
    // The command's own help: `help agents --json` pointed at `agentgrep help --help`.
    return { message: `unknown option '${name}'`, hint: near ? `did you mean ${near}?` : `see: ${def.path} --help` };
  };
  for (let i = pathWords; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith("-") || a === "-") {
      positional.push(a);
      continue;
    }
    const eq = a.startsWith("--") ? a.indexOf("=") : -1;
    const name = eq >= 0 ? a.slice(0, eq) : a;
    let o = spec.names.get(name);
    // A file whose name starts with '-' (outline -dash.ts) reads as options: say how to name it.
    if (!o && existsSync(a)) return { message: `unknown option '${a}'`, hint: `to name the file ${a}, put it after --: agentgrep ${cmd} -- ${shellQuote(a)} (or write ${shellQuote("./" + a)})` };
    if (!o && !a.startsWith("--") && a.length > 2) {
      // A batch of short flags (-iw): each must be a known flag taking no value.
      for (const c of a.slice(1)) {
        const s = spec.names.get("-" + c);
        if (!s) return optionProblem("-" + c);
        if (s.takesValue) return { message: `option -${c} needs a value and cannot be combined in ${a}`, hint: `write it separately: -${c} VALUE` };
      }
      continue;
    }
    if (!o) return optionProblem(name);
    if (!o.takesValue) {
      if (eq >= 0) return { message: `option ${name} takes no value (got '${a.slice(eq + 1)}')` };
      continue;
    }
    let value: string;
    if (eq >= 0) value = a.slice(eq + 1);
    else {
      const next = args[i + 1];
      if (next === undefined) return { message: `missing value for ${name}` };
      // Clipanion reads a dash-led word as the next option, so `--max-files -1` lands here.
      if (next.startsWith("-") && next !== "-") {
        if (COUNT_FLAGS.has(o.name)) return countProblem(name, next);
        return { message: `missing value for ${name}`, hint: `a value starting with '-' must be attached: ${name}=${next}` };
      }
      value = next;
      i++;
    }
    if (COUNT_FLAGS.has(o.name) && !isCount(value)) return countProblem(name, value);
  }
  if (positional.length < spec.required) return { message: `missing ${spec.positionals[positional.length] ?? "argument"} argument`, hint: EXAMPLE[cmd === "smart" ? "trace" : cmd] };
  if (positional.length > spec.max) {
    const extra = positional[spec.max]!;
    const what = spec.positionals[0] ?? "argument";
    const joined = positional.slice(0, spec.max + 1).join(" ");
    // Quoting helps only when the words are one path with spaces; two real paths need two calls.
    const hint = spec.max === 0
      ? `agentgrep ${def.path.split(" ").slice(1).join(" ")} takes no arguments`
      : spec.max === 1 && !existsSync(joined)
      ? `${cmd} takes one ${what}: run it once for each, e.g. agentgrep ${cmd} ${shellQuote(positional[0]!)}`
      : `${cmd} takes one ${what}; quote it if it has spaces: agentgrep ${cmd} ${shellQuote(joined)}`;
    return { message: `unexpected argument '${extra}'`, hint };
  }
  return undefined;
}

/**
 * The one-line problem for a command line clipanion rejected (`e`): unknown command, the first
 * problem diagnose finds, else clipanion's own first line.
 */
export function usageProblem(args: string[], definitions: Definition[], commands: string[], e: any): Problem {
  const cmd = args[0] ?? "";
  let problem: Problem | undefined;
  // `help` is `--help` spelled as a word (main.ts); the list names the commands proper.
  if (!commands.includes(cmd)) problem = unknownCommand(cmd, commands.filter((c) => c !== "help"));
  else {
    // The longest command path the arguments start with (`help agents` before `help`).
    const starts = (d: Definition) => d.path.split(" ").slice(1).every((w, k) => args[k] === w);
    const def = definitions.filter(starts).sort((a, b) => b.path.length - a.path.length)[0] ?? definitions.find((d) => /^agentgrep [a-z]/.test(d.path));
    if (def) problem = diagnose(args, def);
  }
  // Every error names a fix: the command's help when nothing more precise is known.
  const help = commands.includes(cmd) ? `see: agentgrep ${cmd} --help` : undefined;
  if (problem) return problem.hint || !help ? problem : { ...problem, hint: help };
  const first = String(e?.message ?? e).split("\n").find((l) => l.trim()) ?? "invalid arguments";
  return { message: first.trim().replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase()), hint: help };
}

/** What a command missing its positional argument looks like given. */
const EXAMPLE: Record<string, string> = {
  find: "give the words of the topic, e.g. agentgrep find auth session",
  outline: "give one file, e.g. agentgrep outline src/main.ts",
  trace: "give DSL terms, e.g. agentgrep trace subject:parse_config relation:called_from",
};

/**
 * In a deleted working directory (getcwd fails) absolute paths work and relative ones cannot: a
 * path error naming a relative path, or any internal error, is that, said in one line (for the
 * CLI, exit 2: Bun's own message exits 1, which reads as "no match"). Undefined otherwise.
 */
const PATH_ERROR = /^(?:path not found|cannot read path|file not found): (.*?)(?: \([A-Z]+\))?$/;
export function cwdGoneProblem(e: unknown): Problem | undefined {
  if (currentDir() !== undefined) return undefined;
  let what = "relative paths (and the default '.')";
  if (e instanceof UserError) {
    const path = PATH_ERROR.exec(e.message)?.[1];
    if (path === undefined || path.startsWith("/")) return undefined;
    what = `the relative path '${path}'`;
  }
  return { message: `the current directory was deleted, so ${what} cannot be resolved`, hint: "cd to a directory that exists, or give absolute paths (e.g. --path /abs/dir)" };
}
