import type { BaseContext, Cli } from "clipanion";

/**
 * clipanion's parse of a plain command line, without its state machine.
 *
 * Cli.process compiles one machine over every option of every registered command on each call
 * (grep's ~55 options are registered at three nodes and copied into the value node of every
 * option that takes one: ~15,000 transitions built to read five words; 7-10 ms of a grep's start-up
 * on this machine, and again on every MCP call). A command line made only of the command's
 * path, its option names exactly as declared (a value after those that take one), `--` and
 * positionals reaches exactly one state in that machine, which this builds directly from the
 * same builder data. Anything else (a cluster such as -il, --flag=value, -h/--help, an unknown
 * or misplaced dash word, a missing value, a word two options claim) returns undefined and goes
 * through clipanion's own machine, so its errors, help and suggestions stay its own.
 * test/commands/quick-parse.test.ts checks the state equals clipanion's on every command's
 * every option.
 */

/** clipanion's own checks on a dash word (core.js constants), for what the quick path accepts. */
const OPTION_REGEX = /^(--[a-z]+(?:-[a-z]+)*|-[a-zA-Z]+)$/;
const BATCH_REGEX = /^-[a-zA-Z]{2,}$/;
const HELP_REGEX = /^(-h|--help)(?:=([0-9]+))?$/;
const START_OF_INPUT = "\u0001";
const END_OF_INPUT = "\u0000";

interface OptionDef {
  names: string[];
  arity: number;
  required: boolean;
}
interface Builder {
  cliIndex: number;
  paths: string[][];
  options: OptionDef[];
  arity: { leading: string[]; trailing: string[]; extra: string[] | symbol; proxy: boolean };
  context: unknown;
  usage(): { usage: string };
}
interface OptionState {
  name: string;
  value: unknown;
}

/** What a word after the path does: set an option (value true/false), take a value, or end options. */
type Step = { kind: "flag"; name: string; value: boolean } | { kind: "value"; name: string } | { kind: "end" };

/** The one thing `word` can be to this command, or undefined when it is not plain (clipanion decides). */
function stepFor(options: OptionDef[], word: string): Step | undefined {
  if (word === "--") return { kind: "end" };
  if (HELP_REGEX.test(word) || BATCH_REGEX.test(word) || !OPTION_REGEX.test(word)) return undefined;
  const found: Step[] = [];
  for (const o of options) {
    if (o.names.includes(word)) {
      if (o.arity === 0) found.push({ kind: "flag", name: word, value: true });
      else if (o.arity === 1) found.push({ kind: "value", name: word });
      else return undefined;
    }
    // clipanion's negation of a boolean's long name: `--no-x` sets --x false.
    if (o.arity === 0 && word.startsWith("--no-"))
      for (const n of o.names) if (n.startsWith("--") && !n.startsWith("--no-") && word === `--no-${n.slice(2)}`) found.push({ kind: "flag", name: n, value: false });
  }
  return found.length === 1 ? found[0] : undefined;
}

/** The clipanion state `input` selects, or undefined to leave the parse to clipanion. */
export function quickState(builders: Builder[], input: readonly string[]): Record<string, unknown> | undefined {
  const first = input[0];
  if (first === undefined) return undefined;
  // One path of one command starts with this word, and no command runs without a path (its
  // positionals could take the word).
  let builder: Builder | undefined;
  let path: string[] | undefined;
  for (const b of builders) {
    if (b.paths.length === 0) return undefined;
    for (const p of b.paths) {
      if (p.length === 0) return undefined;
      if (p[0] !== first) continue;
      if (path) return undefined;
      builder = b;
      path = p;
    }
  }
  if (!builder || !path || input.length < path.length) return undefined;
  for (let i = 0; i < path.length; i++) if (input[i] !== path[i]) return undefined;
  const { arity, options } = builder;
  // Leading positionals, then either an unbounded rest or nothing more.
  if (arity.proxy || arity.trailing.length > 0 || (Array.isArray(arity.extra) && arity.extra.length > 0)) return undefined;
  const rest = Array.isArray(arity.extra) ? undefined : arity.extra;
  const opts: OptionState[] = [];
  const positionals: { value: string; extra: boolean | symbol }[] = [];
  let ignoreOptions = false;
  for (let i = path.length; i < input.length; i++) {
    const word = input[i]!;
    if (word === START_OF_INPUT || word === END_OF_INPUT) return undefined;
    if (ignoreOptions || word === "-" || !word.startsWith("-")) {
      const leading = positionals.length < arity.leading.length;
      if (!leading && rest === undefined) return undefined;
      positionals.push({ value: word, extra: leading ? false : rest! });
      continue;
    }
    const step = stepFor(options, word);
    if (!step) return undefined;
    if (step.kind === "end") ignoreOptions = true;
    else if (step.kind === "flag") opts.push({ name: step.name, value: step.value });
    else {
      const value = input[i + 1];
      // A value must follow and must not look like an option ("-" alone is a value).
      if (value === undefined || value === START_OF_INPUT || value === END_OF_INPUT || (value !== "-" && value.startsWith("-"))) return undefined;
      opts.push({ name: step.name, value });
      i++;
    }
  }
  if (positionals.length < arity.leading.length) return undefined;
  const requiredOptions = options.filter((o) => o.required).map((o) => o.names);
  if (!requiredOptions.every((names) => names.some((n) => opts.some((o) => o.name === n)))) return undefined;
  return {
    candidateUsage: builder.usage().usage,
    requiredOptions,
    errorMessage: null,
    ignoreOptions,
    options: opts,
    path: [...path],
    positionals,
    remainder: null,
    selectedIndex: builder.cliIndex,
  };
}

/**
 * Makes `cli.process` take the quick path when it applies. clipanion's builder compiles its
 * machine only when a command line needs it (or for suggestions), once per Cli.
 */
export function useQuickParse(cli: Cli<BaseContext>): void {
  const root = (cli as any).builder;
  const builders: Builder[] = root.builders;
  const compile = root.compile.bind(root);
  let full: any;
  const machine = () => (full ??= compile());
  root.compile = () => ({
    contexts: builders.map((b) => b.context),
    get machine() {
      return machine().machine;
    },
    process: (input: string[]) => quickState(builders, input) ?? machine().process(input),
    suggest: (input: string[], partial: boolean) => machine().suggest(input, partial),
  });
}
