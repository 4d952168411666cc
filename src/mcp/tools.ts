/**
 * The MCP tools: one per command, each a JSON Schema for its input and a mapping from that input
 * to the command line the CLI would run. Mapping to the command's own flags (instead of building
 * its request here) keeps one meaning for every option: the CLI's parsing, defaults, validation
 * and one-line errors apply to MCP calls unchanged, and a flag the CLI reshapes is reshaped here.
 */

export interface FieldSchema {
  type: "string" | "integer" | "boolean" | "array";
  description: string;
  minimum?: number;
  enum?: string[];
  items?: { type: "string" };
}

export interface ToolDef {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, FieldSchema>; required: string[]; additionalProperties: false };
  /** The CLI arguments for validated input (option values are strings; `--` guards the operands). */
  argv(input: Record<string, unknown>): string[];
}

const path: FieldSchema = {
  type: "string",
  description: "Directory (or single file) to search, resolved against the server's working directory; default: the working directory. Printed paths open as printed from there.",
};
const count = (what: string, dflt?: number): FieldSchema => ({
  type: "integer",
  minimum: 0,
  description: dflt === undefined ? what : `${what} (default ${dflt}).`,
});

/** `--flag value` for each option present in `input`. */
function flags(input: Record<string, unknown>, map: Record<string, string>): string[] {
  const args: string[] = [];
  for (const [field, flag] of Object.entries(map)) {
    const v = input[field];
    if (v === undefined || v === false) continue;
    if (v === true) args.push(flag);
    else if (Array.isArray(v)) for (const x of v) args.push(flag, String(x));
    else args.push(flag, String(v));
  }
  return args;
}

/** find's words of a one-string query, split as a shell would split unquoted words. */
const words = (s: unknown) => String(s).split(/\s+/).filter(Boolean);

export const TOOLS: ToolDef[] = [
  {
    name: "grep",
    title: "Exact search, grouped by enclosing symbol",
    description:
      "Exact, exhaustive search for text you can name (an identifier, error message, literal or regex) with rg's file selection and rg's matches, grouped by file and by the enclosing function or class with its line range. " +
      "Use it whenever you know what to search for; it finds every occurrence and says what it cut. " +
      "Prefer find when you only know the topic, and trace for who-calls / where-from questions.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "Text to search for: a literal unless regex is true. Example: parse_config" },
        path,
        regex: { type: "boolean", description: "Treat query as a regex in rg (Rust regex) syntax, e.g. 'fn \\w+_config'. Default false (literal)." },
        ignore_case: { type: "boolean", description: "Case-insensitive match (rg -i). Default false." },
        word: { type: "boolean", description: "Match whole words only (rg -w). Default false." },
        type: { type: "array", items: { type: "string" }, description: "Only files of these rg types, e.g. [\"py\"] or [\"ts\", \"js\"] (rg -t)." },
        glob: { type: "array", items: { type: "string" }, description: "rg-style globs selecting paths; a leading ! excludes, e.g. [\"src/**\", \"!*_test.go\"] (rg -g)." },
        context: count("Lines of context around each match, inside its symbol group (rg -C)."),
        role: { type: "string", description: "Keep only matches with these roles, comma-separated: definition, call, import, write, reference, comment, string. Example: definition" },
        max_files: count("Show the matches of at most this many files; the rest are counted", 20),
      },
      required: ["query"],
      additionalProperties: false,
    },
    argv: (i) => [
      "grep",
      ...flags(i, { path: "--path", regex: "--regex", ignore_case: "--ignore-case", word: "--word-regexp", type: "--type", glob: "--glob", context: "-C", role: "--role", max_files: "--max-files" }),
      "--",
      String(i.query),
    ],
  },
  {
    name: "find",
    title: "Ranked files for a topic",
    description:
      "Ranked list of the files to open for a topic when you do not know the exact identifiers: words match identifier forms (auth status = AuthStatus = auth_status), paths, symbol names and content. " +
      "Each file comes with its role (code, test, docs...), why it ranked and a summary of its structure. " +
      "Use it for a first look at an unfamiliar area, then grep the names it shows.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "The topic as words, e.g. 'symlink loop detection' or 'AuthStatus'." },
        path,
        max_files: count("Show at most this many files", 10),
      },
      required: ["query"],
      additionalProperties: false,
    },
    argv: (i) => ["find", ...flags(i, { path: "--path", max_files: "--max-files" }), "--", ...words(i.query)],
  },
  {
    name: "outline",
    title: "Symbol map of one file",
    description:
      "Symbol map of one file (functions, classes, methods, types, headings) with exact start-end lines and no bodies, from a real parser. " +
      "Use it before reading a large file, then read only the line range you need; it costs a fraction of reading the file.",
    inputSchema: {
      type: "object",
      properties: {
        file: { type: "string", description: "The file, relative to path (or absolute); any path grep, find or trace printed works. Example: src/server.ts" },
        path: { type: "string", description: "Directory that file is relative to, resolved against the server's working directory; default: the working directory." },
        max_items: count("Show at most this many symbols (default: all)."),
      },
      required: ["file"],
      additionalProperties: false,
    },
    argv: (i) => ["outline", ...flags(i, { path: "--path", max_items: "--max-items" }), "--", String(i.file)],
  },
  {
    name: "trace",
    title: "Investigate a relation",
    description:
      "Answers a relation question about a named thing (who calls it, where it is defined, where its value comes from, where it is handled, rendered, populated or implemented): runs several probes and returns ranked files and the code regions that answer. " +
      "Use it instead of grep when a plain search would give many unranked hits, or when the answer is a caller, a source or a handler rather than the name itself. " +
      "query is DSL terms: subject:X relation:R [support:W]... [kind:code|docs|tests] [path:SUBTREE].",
    inputSchema: {
      type: "object",
      properties: {
        query: {
          type: "string",
          description:
            "DSL terms separated by spaces, e.g. 'subject:parse_config relation:called_from'; a value may hold spaces or be quoted: 'subject:\"auth status\" relation:defined'. Relations: defined, called_from, triggered_from, rendered, populated, comes_from, handled, implementation (any other word is a custom probe). support:W adds a word the answer should mention; path:P limits to a subtree.",
        },
        path,
        max_files: count("Show at most this many files", 5),
        max_regions: count("Show at most this many code regions in total", 6),
        full_region: { type: "string", enum: ["auto", "always", "never"], description: "Inline the body of each region: auto (short ones), always or never. Default auto." },
      },
      required: ["query"],
      additionalProperties: false,
    },
    argv: (i) => [
      "trace",
      ...flags(i, { path: "--path", max_files: "--max-files", max_regions: "--max-regions", full_region: "--full-region" }),
      "--",
      // One argument, as `agentgrep trace "subject:auth status relation:defined"`: the DSL reads
      // it as a shell would (quotes group, backslashes escape) and a bare word continues the value
      // before it. Split on spaces here, `status` was an invalid term of its own.
      String(i.query),
    ],
  },
];

/**
 * Checks input against a tool's schema (the subset the schemas use). Returns the input with
 * a lone string accepted where a string array is declared (models often pass `"py"` for
 * `["py"]`), or an error naming the field and the fix.
 */
export function validateInput(tool: ToolDef, raw: unknown): { input: Record<string, unknown> } | { error: string } {
  const fail = (msg: string, hint: string) => ({ error: `error: ${msg}; hint: ${hint}` });
  const fields = Object.keys(tool.inputSchema.properties).join(", ");
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== "object" || Array.isArray(raw)) return fail(`${tool.name} arguments must be an object`, `pass {"${tool.inputSchema.required[0]}": ...}`);
  const input: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    // Own fields only: `constructor` or `toString` is no argument (the prototype's were taken for one, then dropped).
    const s = Object.hasOwn(tool.inputSchema.properties, k) ? tool.inputSchema.properties[k] : undefined;
    if (!s) return fail(`${tool.name} has no argument '${k}'`, `its arguments are: ${fields}`);
    if (v === null) continue; // an explicit null is an absent optional field
    const bad = (want: string) => fail(`${tool.name} argument '${k}' must be ${want}, got ${preview(v, 60)}`, s.description);
    switch (s.type) {
      case "string":
        if (typeof v !== "string") return bad("a string");
        // No path or argv can hold a NUL; the runtime would throw its own error further down.
        if (v.includes("\0")) return bad("a string without NUL bytes");
        // A lone UTF-16 surrogate (JSON's "\ud800") is no character: encoded for a path or a
        // search it became U+FFFD, and a query for it silently found nothing.
        if (!v.isWellFormed()) return bad("valid Unicode text (it holds a lone surrogate, e.g. \\ud800, which is no character)");
        if (s.enum && !s.enum.includes(v)) return bad(`one of ${s.enum.join(", ")}`);
        input[k] = v;
        break;
      case "boolean":
        if (typeof v !== "boolean") return bad("true or false");
        input[k] = v;
        break;
      case "integer":
        // Safe integers only: 1e20 reached the command line's own check and its CLI wording.
        if (typeof v !== "number" || !Number.isSafeInteger(v) || v < (s.minimum ?? -Infinity)) return bad(`an integer >= ${s.minimum ?? 0} (and at most ${Number.MAX_SAFE_INTEGER})`);
        input[k] = v;
        break;
      case "array": {
        const arr = typeof v === "string" ? [v] : v;
        if (!Array.isArray(arr) || arr.some((x) => typeof x !== "string")) return bad("an array of strings");
        if (arr.some((x: string) => x.includes("\0"))) return bad("strings without NUL bytes");
        if (arr.some((x: string) => !x.isWellFormed())) return bad("strings of valid Unicode text (one holds a lone surrogate)");
        input[k] = arr;
        break;
      }
    }
  }
  for (const r of tool.inputSchema.required) {
    if (input[r] === undefined) return fail(`${tool.name} needs '${r}'`, tool.inputSchema.properties[r]!.description);
  }
  return { input };
}

/**
 * At most `room` characters of a value's JSON, built only that far: JSON.stringify of the whole
 * value costs its size, and of 100,000 nested arrays overflows the stack (an internal error).
 */
export function preview(v: unknown, room: number): string {
  let out = "";
  const walk = (x: unknown): void => {
    if (out.length > room) return;
    if (Array.isArray(x)) {
      out += "[";
      for (let i = 0; i < x.length && out.length <= room; i++) {
        if (i) out += ",";
        walk(x[i]);
      }
      out += "]";
    } else if (x !== null && typeof x === "object") {
      out += "{";
      let first = true;
      for (const k in x) {
        if (out.length > room) break;
        if (!Object.hasOwn(x, k)) continue;
        out += (first ? "" : ",") + JSON.stringify(k) + ":";
        first = false;
        walk((x as Record<string, unknown>)[k]);
      }
      out += "}";
    } else {
      const s = JSON.stringify(x) ?? String(x);
      out += s.length > room ? s.slice(0, room + 1) : s;
    }
  };
  walk(v);
  return out.slice(0, room);
}
