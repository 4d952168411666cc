// `agentgrep mcp` through the compiled binary, driven by the official TypeScript SDK client
// (@modelcontextprotocol/sdk) as a harness drives it, plus raw JSON-RPC lines for what the SDK
// never sends (old protocol versions, malformed messages).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawn } from "node:child_process";
import { cpSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { SUPPORTED_PROTOCOL_VERSIONS, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { BIN, run, tree } from "../helpers.ts";
import { IDLE_GC_MS } from "../../src/mcp/server.ts";

// The release smoke's fixture (test/fixtures/smoke: src/server.ts, src/parse.ts, README.md) plus
// a Python file.
const SMOKE = join(import.meta.dir, "..", "fixtures", "smoke");
const PY = "class Store:\n    def load(self):\n        return handle_request(1)\n\n\ndef handle_request(x):\n    return x\n";
const fixture = () => {
  const dir = tree({ "lib/store.py": PY });
  cpSync(SMOKE, dir, { recursive: true });
  return dir;
};

async function connect(cwd: string): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({ command: BIN, args: ["mcp"], cwd, stderr: "pipe" });
  const client = new Client({ name: "agentgrep-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

type ToolResult = { content: Array<{ type: string; text?: string }>; isError?: boolean };
const textOf = (r: ToolResult) => r.content.map((c) => c.text ?? "").join("\n");

/** What the CLI prints for the same command line: the tool's text must be exactly this. */
function expectSameAsCli(r: ToolResult, args: string[], cwd: string): void {
  const cli = run(args, cwd);
  if (cli.code === 0 || cli.code === 1) {
    expect(r.isError ?? false).toBe(false);
    expect(textOf(r)).toBe(cli.stdout.replace(/\n$/, "") || `${args[0]}: no results`);
  } else {
    expect(r.isError).toBe(true);
    const errors = cli.stderr.split("\n").filter((l) => l && !l.startsWith("usage: "));
    expect(textOf(r)).toBe(errors.join("\n"));
  }
}

describe("agentgrep mcp with the SDK client", () => {
  let dir: string;
  let client: Client;
  let transport: StdioClientTransport;
  const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<ToolResult>;

  beforeAll(async () => {
    dir = fixture();
    ({ client, transport } = await connect(dir));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
  });

  test("initialize: server info, tools capability, a protocol version the SDK accepts", () => {
    expect(client.getServerVersion()?.name).toBe("agentgrep");
    expect(client.getServerVersion()?.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toContain("trace");
  });

  test("tools/list: the four tools with exactly the issue's fields, described", async () => {
    const { tools } = await client.listTools();
    const fields = Object.fromEntries(tools.map((t) => [t.name, Object.keys(t.inputSchema.properties ?? {}).sort()]));
    expect(fields).toEqual({
      grep: ["context", "glob", "ignore_case", "max_files", "path", "query", "regex", "role", "type", "word"],
      find: ["max_files", "path", "query"],
      outline: ["file", "max_items", "path"],
      trace: ["full_region", "max_files", "max_regions", "path", "query"],
    });
    const required = Object.fromEntries(tools.map((t) => [t.name, t.inputSchema.required]));
    expect(required).toEqual({ grep: ["query"], find: ["query"], outline: ["file"], trace: ["query"] });
    for (const t of tools) {
      const sentences = t.description!.split(/(?<=\.)\s+(?=[A-Z])/).length;
      expect(sentences).toBeGreaterThanOrEqual(2);
      expect(sentences).toBeLessThanOrEqual(4);
      for (const [name, s] of Object.entries(t.inputSchema.properties ?? {})) {
        expect(`${t.name}.${name}: ${typeof (s as any).description}`).toBe(`${t.name}.${name}: string`);
        expect(["string", "integer", "boolean", "array"]).toContain((s as any).type);
      }
      expect(t.annotations?.readOnlyHint).toBe(true);
    }
    // Each description says when to use another tool instead.
    const desc = Object.fromEntries(tools.map((t) => [t.name, t.description!]));
    expect(desc.grep).toMatch(/find.*trace/s);
    expect(desc.find).toMatch(/grep/);
    expect(desc.trace).toMatch(/grep/);
  });

  test("grep: the CLI's text packet, for each option", async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ query: "handleRequest" }, ["grep", "--", "handleRequest"]],
      [{ query: "handle_?request", regex: true, ignore_case: true }, ["grep", "--regex", "--ignore-case", "--", "handle_?request"]],
      [{ query: "req", word: true }, ["grep", "--word-regexp", "--", "req"]],
      [{ query: "handle", type: ["py"] }, ["grep", "--type", "py", "--", "handle"]],
      [{ query: "handle", type: "ts" }, ["grep", "--type", "ts", "--", "handle"]],
      [{ query: "handle", glob: ["!*.md", "src/**"] }, ["grep", "--glob", "!*.md", "--glob", "src/**", "--", "handle"]],
      [{ query: "path", path: "src", max_files: 1 }, ["grep", "--path", "src", "--max-files", "1", "--", "path"]],
      [{ query: "renderPage", context: 1 }, ["grep", "-C", "1", "--", "renderPage"]],
      [{ query: "handleRequest", role: "definition" }, ["grep", "--role", "definition", "--", "handleRequest"]],
      [{ query: "-> no such text" }, ["grep", "--", "-> no such text"]],
    ];
    for (const [input, args] of cases) expectSameAsCli(await call("grep", input), args, dir);
    expect(textOf(await call("grep", { query: "handleRequest" }))).toContain("export function handleRequest");
  }, 120_000);

  test("find, outline, trace: the CLI's text packets", async () => {
    const cases: Array<[string, Record<string, unknown>, string[]]> = [
      ["find", { query: "handle request" }, ["find", "--", "handle", "request"]],
      ["find", { query: "  render  page ", max_files: 1, path: "src" }, ["find", "--path", "src", "--max-files", "1", "--", "render", "page"]],
      ["outline", { file: "src/server.ts" }, ["outline", "--", "src/server.ts"]],
      ["outline", { file: "store.py", path: "lib", max_items: 1 }, ["outline", "--path", "lib", "--max-items", "1", "--", "store.py"]],
      ["trace", { query: "subject:handleRequest relation:called_from" }, ["trace", "--", "subject:handleRequest", "relation:called_from"]],
      ["trace", { query: "subject:parseRequest relation:defined", max_files: 1, max_regions: 1, full_region: "always" }, ["trace", "--max-files", "1", "--max-regions", "1", "--full-region", "always", "--", "subject:parseRequest", "relation:defined"]],
    ];
    for (const [tool, input, args] of cases) expectSameAsCli(await call(tool, input), args, dir);
    expect(textOf(await call("outline", { file: "src/server.ts" }))).toContain("function handleRequest @ 8-11");
    expect(textOf(await call("trace", { query: "subject:handleRequest relation:called_from" }))).toContain("route @ 14-16");
  }, 120_000);

  test("trace: the query is one CLI argument, read as a shell reads it (a bare word continues the value, quotes group)", async () => {
    // Split on spaces, `subject:handle request relation:defined` made `request` a term of its own (an error).
    const cases: Array<[string, string]> = [
      ["subject:handle request relation:defined", "handle request"],
      ['subject:"handle request" relation:called_from', "handle request"],
      ["subject:'handleRequest' relation:defined", "handleRequest"],
      ['"subject:parse request" "relation:defined" support:\\"x\\"', "parse request"],
    ];
    for (const [query, subject] of cases) {
      const r = await call("trace", { query });
      expect(r.isError ?? false).toBe(false);
      expect(textOf(r)).toStartWith(`query parameters:\n  subject: ${subject}\n`);
      expect(textOf(r)).toContain("top results: ");
      expect(textOf(r)).not.toContain("top results: 0 files");
      expectSameAsCli(r, ["trace", "--", query], dir);
    }
  }, 120_000);

  test("bad input: a tool result with isError and the CLI's one-line error; serving goes on", async () => {
    const bad: Array<[string, Record<string, unknown>, string[], RegExp]> = [
      ["grep", { query: "a(b", regex: true }, ["grep", "--regex", "--", "a(b"], /^error: .*regex/i],
      ["grep", { query: "x", path: "no/such/dir" }, ["grep", "--path", "no/such/dir", "--", "x"], /^error: .*no\/such\/dir/],
      ["grep", { query: "x", type: ["nosuchtype"] }, ["grep", "--type", "nosuchtype", "--", "x"], /^error: .*nosuchtype/],
      ["outline", { file: "src/missing.ts" }, ["outline", "--", "src/missing.ts"], /^error: file not found: src\/missing\.ts/],
      ["trace", { query: "bogus subject:x" }, ["trace", "--", "bogus subject:x"], /^error: invalid trace term 'bogus'/],
      ["trace", { query: "subject:x bogus" }, ["trace", "--", "subject:x bogus"], /^error: trace query is missing the required relation/],
      ["trace", { query: "relation:callers" }, ["trace", "--", "relation:callers"], /^error: trace query is missing the required subject/],
      ["find", { query: "!!! ???" }, ["find", "--", "!!!", "???"], /^error: find needs at least one word/],
    ];
    for (const [tool, input, args, want] of bad) {
      const r = await call(tool, input);
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(want);
      expect(textOf(r).split("\n")).toHaveLength(1);
      expectSameAsCli(r, args, dir);
    }
    expect((await call("grep", { query: "parseRequest" })).isError ?? false).toBe(false);
  }, 120_000);

  test("input outside the schema: a tool error naming the field (SEP-1303), never a crash", async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ["grep", {}, /^error: grep needs 'query'; hint: /],
      ["grep", { query: 3 }, /^error: grep argument 'query' must be a string, got 3; hint: /],
      ["grep", { query: "x", max_files: -1 }, /^error: grep argument 'max_files' must be an integer >= 0/],
      ["grep", { query: "x", max_files: 1.5 }, /^error: grep argument 'max_files' must be an integer >= 0/],
      ["grep", { query: "x", regex: "yes" }, /^error: grep argument 'regex' must be true or false/],
      ["grep", { query: "x", glob: [1] }, /^error: grep argument 'glob' must be an array of strings/],
      ["grep", { query: "x", pattern: "y" }, /^error: grep has no argument 'pattern'; hint: its arguments are: query, path, /],
      ["outline", { path: "." }, /^error: outline needs 'file'/],
      ["grep", { query: "x", path: "a\u0000b" }, /^error: grep argument 'path' must be a string without NUL bytes, got "a\\u0000b"; hint: /],
      ["outline", { file: "a\u0000.ts" }, /^error: outline argument 'file' must be a string without NUL bytes/],
      ["grep", { query: "x", glob: ["*.ts\u0000"] }, /^error: grep argument 'glob' must be strings without NUL bytes/],
      ["trace", { query: "subject:x relation:defined", full_region: "sometimes" }, /^error: trace argument 'full_region' must be one of auto, always, never/],
    ];
    for (const [tool, input, want] of cases) {
      const r = await call(tool, input);
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(want);
    }
    // An explicit null is an absent optional field.
    expectSameAsCli(await call("grep", { query: "handleRequest", path: null }), ["grep", "--", "handleRequest"], dir);
  }, 60_000);

  test("protocol errors are JSON-RPC errors: unknown tool, unknown method", async () => {
    const err = async (p: Promise<unknown>) => {
      try {
        await p;
      } catch (e: any) {
        return e;
      }
      throw new Error("expected a JSON-RPC error");
    };
    const unknownTool = await err(client.callTool({ name: "search", arguments: {} }));
    expect(unknownTool.code).toBe(ErrorCode.InvalidParams);
    expect(unknownTool.message).toContain("unknown tool 'search'");
    const unknownMethod = await err(client.listResources());
    expect(unknownMethod.code).toBe(ErrorCode.MethodNotFound);
    await client.ping();
    expect(textOf(await call("outline", { file: "lib/store.py" }))).toContain("class Store @ 1-3");
  }, 60_000);

  test("a long run: 1,000 calls, every answer right, memory flat after warm-up", async () => {
    // RSS once the server has been idle long enough to collect (IDLE_GC_MS): JSC collects
    // lazily, so RSS in the middle of a burst says more about GC timing than about leaks.
    const rss = async () => {
      await Bun.sleep(IDLE_GC_MS + 700);
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${transport.pid}/status`, "utf8"))![1]) / 1024;
    };
    const want = {
      grep: textOf(await call("grep", { query: "handleRequest" })),
      outline: textOf(await call("outline", { file: "src/server.ts" })),
      find: textOf(await call("find", { query: "render page" })),
      trace: textOf(await call("trace", { query: "subject:handleRequest relation:called_from" })),
    };
    let after100 = 0;
    for (let i = 0; i < 1000; i++) {
      const k = i % 5;
      const r =
        k === 0 ? await call("grep", { query: "handleRequest" })
        : k === 1 ? await call("outline", { file: "src/server.ts" })
        : k === 2 ? await call("find", { query: "render page" })
        : k === 3 ? await call("trace", { query: "subject:handleRequest relation:called_from" })
        : await call("grep", { query: `(${i}`, regex: true }); // an error every fifth call
      if (k === 4) expect(r.isError).toBe(true);
      else expect(textOf(r)).toBe(want[(["grep", "outline", "find", "trace"] as const)[k]!]);
      if (i === 99) after100 = await rss();
    }
    const growth = (await rss()) - after100;
    // Server mode never re-executes itself (main.ts's OMG-JIT re-exec is for one-shot calls):
    // the process the harness started is the one that answered, with no child.
    const children = readFileSync(`/proc/${transport.pid}/task/${transport.pid}/children`, "utf8").trim();
    expect(children).toBe("");
    expect(readFileSync(`/proc/${transport.pid}/environ`, "utf8")).not.toContain("BUN_JSC_useOMGJIT");
    console.log(`mcp long run: RSS ${after100.toFixed(0)} MB after 100 calls, +${growth.toFixed(1)} MB after 1,000`);
    // A leak of a parse tree or a capture buffer per call would be tens of MB by now.
    expect(growth).toBeLessThan(24);
  }, 300_000);
});

/** A raw stdio session: lines in, every stdout line parsed as JSON (anything else fails the test). */
function rawSession(lines: string[], cwd = fixture()): Promise<{ messages: any[]; code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(BIN, ["mcp"], { cwd, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (err += d));
    p.on("error", reject);
    p.on("close", (code) => {
      try {
        const messages = out.split("\n").filter(Boolean).map((l) => JSON.parse(l));
        resolve({ messages, code, stderr: err });
      } catch (e) {
        reject(new Error(`stdout is not one JSON message per line: ${JSON.stringify(out.slice(0, 300))}`));
      }
    });
    p.stdin.end(lines.map((l) => l + "\n").join(""));
  });
}

const init = (v: string, id = 1) => JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: v, capabilities: {}, clientInfo: { name: "raw", version: "0" } } });

describe("agentgrep mcp on the wire", () => {
  test("a bad AGENTGREP_STRUCTURE_CACHE_MB is a one-line error at start, exit 2", () => {
    const r = run(["mcp"], undefined, { AGENTGREP_STRUCTURE_CACHE_MB: "lots" });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("error: invalid AGENTGREP_STRUCTURE_CACHE_MB 'lots' (expected a whole number of MB); hint: unset it for the default 16, or 0 to turn the cache off\n");
  });

  test("every protocol version the SDK accepts is answered as asked; an unknown one gets a supported one", async () => {
    const versions = [...SUPPORTED_PROTOCOL_VERSIONS, "1999-01-01"];
    const { messages, code } = await rawSession(versions.map((v, i) => init(v, i + 1)));
    expect(code).toBe(0);
    expect(messages.map((m) => m.result.protocolVersion)).toEqual([...SUPPORTED_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS[0]]);
    expect(SUPPORTED_PROTOCOL_VERSIONS).toContain("2025-06-18");
  }, 60_000);

  test("malformed messages get JSON-RPC errors and the server keeps serving; notifications get no answer", async () => {
    const { messages, code, stderr } = await rawSession([
      init("2025-06-18"),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      "{not json",
      JSON.stringify([{ jsonrpc: "2.0", id: 2, method: "ping" }]),
      JSON.stringify({ jsonrpc: "1.0", id: 3, method: "ping" }),
      JSON.stringify({ jsonrpc: "2.0", id: 4, method: 7 }),
      JSON.stringify({ jsonrpc: "2.0", id: { x: 1 }, method: "ping" }),
      JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call", params: [1] }),
      JSON.stringify({ jsonrpc: "2.0", id: 6, method: "tools/call", params: { arguments: {} } }),
      JSON.stringify({ jsonrpc: "2.0", id: 7, method: "initialize", params: {} }),
      JSON.stringify({ jsonrpc: "2.0", id: 8, method: "no/such/method" }),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }),
      "",
      JSON.stringify({ jsonrpc: "2.0", id: "last", method: "tools/call", params: { name: "outline", arguments: { file: "src/parse.ts" } } }),
    ]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    // tools/call runs in a queue, so its answers may come after later messages' answers.
    const errs = messages.filter((m) => m.error).map((m) => [m.id, m.error.code]);
    const byId = (a: any[], b: any[]) => String(a[0]).localeCompare(String(b[0])) || a[1] - b[1];
    expect(errs.sort(byId)).toEqual(
      [[null, -32700], [null, -32600], [3, -32600], [4, -32600], [null, -32600], [5, -32602], [6, -32602], [7, -32602], [8, -32601]].sort(byId),
    );
    const last = messages.at(-1);
    expect(last.id).toBe("last");
    expect(last.result.content[0].text).toContain("function parseRequest @ 3-5");
    expect(messages).toHaveLength(11);
  }, 60_000);

  // Under stdio framing a message ends with its newline (issue 22): a last line cut off by EOF
  // is no message, even when it parses, and gets no answer, not a -32700.
  for (const [label, cut] of [
    ["a truncated frame", '{"jsonrpc":"2.0","id":3,"method":"tools/ca'],
    ["a whole object without its newline", JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping" })],
  ]) {
    test(`EOF after ${label}: every complete request answered, nothing more written, exit 0 within 2 s`, async () => {
      const p = spawn(BIN, ["mcp"], { cwd: fixture(), stdio: ["pipe", "pipe", "pipe"] });
      let out = "";
      let err = "";
      let lastWrite = 0;
      p.stdout.on("data", (d) => ((out += d), (lastWrite = performance.now())));
      p.stderr.on("data", (d) => (err += d));
      const closed = new Promise<number | null>((resolve) => p.on("close", resolve));
      const grep = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "grep", arguments: { query: "parseRequest" } } });
      p.stdin.end(`${init("2025-06-18")}\n${grep}\n${cut}`);
      const code = await closed;
      expect(performance.now() - lastWrite).toBeLessThan(2000);
      expect(code).toBe(0);
      expect(err).toBe("");
      expect(out.endsWith("\n")).toBe(true);
      const messages = out.split("\n").filter(Boolean).map((l) => JSON.parse(l));
      expect(messages.map((m) => m.id)).toEqual([1, 2]);
      expect(messages[1].result.content[0].text).toContain("export function parseRequest(raw: string): Request {");
    }, 60_000);
  }

  test("a working directory deleted under the server: absolute paths work, a relative one is a one-line tool error", async () => {
    const dir = fixture();
    const gone = tree({ "keep.txt": "x\n" });
    const p = spawn(BIN, ["mcp"], { cwd: gone, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    const closed = new Promise<number | null>((resolve) => p.on("close", resolve));
    const call = (id: number, args: object) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "grep", arguments: args } }) + "\n";
    p.stdin.write(init("2025-06-18") + "\n");
    while (!out.includes("\n")) await new Promise((r) => setTimeout(r, 20));
    rmSync(gone, { recursive: true });
    p.stdin.end(call(2, { query: "parseRequest", path: dir }) + call(3, { query: "parseRequest" }));
    expect(await closed).toBe(0);
    const [, abs, rel] = out.split("\n").filter(Boolean).map((l) => JSON.parse(l));
    expect(abs.result.isError ?? false).toBe(false);
    expect(abs.result.content[0].text).toContain(`${dir}/src/parse.ts`);
    expect(rel.result.isError).toBe(true);
    expect(rel.result.content[0].text).toBe(
      "error: the current directory was deleted, so the relative path '.' cannot be resolved; hint: cd to a directory that exists, or give absolute paths (e.g. --path /abs/dir)",
    );
  }, 60_000);

  test("ends when stdin closes, after answering what it was sent; CRLF lines work", async () => {
    const t0 = performance.now();
    const { messages, code } = await rawSession([
      init("2025-06-18").replace(/$/, "\r"),
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "grep", arguments: { query: "parseRequest" } } }),
    ]);
    expect(code).toBe(0);
    expect(messages.map((m) => m.id)).toEqual([1, 2]);
    expect(messages[1].result.content[0].text).toContain("export function parseRequest(raw: string): Request {");
    expect(performance.now() - t0).toBeLessThan(30_000); // a hang bound, not a speed goal
  }, 60_000);
});
