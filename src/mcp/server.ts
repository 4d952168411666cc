/**
 * `agentgrep mcp`: a Model Context Protocol server over stdio. JSON-RPC 2.0, one message per
 * line; only protocol messages go to stdout (util/out.ts's capture keeps the commands' own
 * output in memory), diagnostics go to stderr. It ends when stdin closes.
 *
 * Written here rather than with the SDK: the protocol a tools-only server needs is a handful
 * of methods, and the SDK (with its schema libraries) would load on every start. Measured on the
 * loaded build machine (load 17): importing the SDK's server modules took 0.73-1.14 s, while this
 * whole server, spawned, answered initialize in 0.27-0.39 s.
 *
 * One process serves every call, so grammars compile once and parsers are reused
 * (structure/engine.ts caches them per process). Calls run one at a time, in arrival order:
 * the commands share module state (the read buffer, the output sink).
 */
import { TOOLS, validateInput, type ToolDef } from "./tools.ts";
import { capture, errLine, writeAll } from "../util/out.ts";
import { UserError, errorLine } from "../util/errors.ts";
import { heapSize as jscHeapSize } from "bun:jsc";
import { flushStore } from "../structure/store.ts";
import { streamLines } from "../util/stream-lines.ts";

/** Versions the official TypeScript SDK accepts, newest first; 2025-06-18 is the one the issue targets. */
export const PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"];

/**
 * The structure cache's bound (structure/cache.ts), in millions of characters of source text held
 * (about that many MB for ASCII source, plus the symbols): 16 by default, some ten grep calls'
 * worth of grouped files; AGENTGREP_STRUCTURE_CACHE_MB sets it, 0 turns the cache off.
 */
export function structureCacheChars(env: Record<string, string | undefined> = process.env): number {
  const v = env.AGENTGREP_STRUCTURE_CACHE_MB;
  if (v === undefined || v === "") return 16 << 20;
  if (!/^\d+$/.test(v.trim())) throw new UserError(`invalid AGENTGREP_STRUCTURE_CACHE_MB '${v}' (expected a whole number of MB)`, "unset it for the default 16, or 0 to turn the cache off");
  return Number(v) * (1 << 20);
}

/**
 * The longest message read, in characters: far past any real call (a 10 MB query, 100,000 words),
 * and a bound on what a peer that never sends a newline can make the server hold.
 */
export const MESSAGE_MAX = 128 << 20;

/** Quiet time after the last call before a full garbage collection. */
export const IDLE_GC_MS = 1000;
/** Calls between full collections when calls come back to back (see createServer). */
export const GC_EVERY_CALLS = 5;
/** Heap growth (bytes) since the last full collection that triggers one at once. */
export const GC_HEAP_GROWTH = 16 << 20;

/** The JS heap's size now (JSC's own count: cheap, no collection). */
const heapSize = (): number => jscHeapSize();

// JSON-RPC 2.0 error codes.
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

type Id = string | number;
interface Message {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const INSTRUCTIONS =
  "agentgrep searches the code under the server's working directory. " +
  "grep: every occurrence of a name or text you know, grouped by enclosing function. " +
  "find: which files to open for a topic when you do not know the names. " +
  "outline: a file's symbols with line ranges, before reading it. " +
  "trace: who calls X, where X comes from or is handled, as ranked code regions.";

export interface ServerOptions {
  version: string;
  /** Runs one CLI command line (mcp/run.ts); the server captures its output. */
  runCommand(args: string[]): Promise<number>;
  /** Writes one protocol message line (default: stdout). */
  write?(line: string): void;
  debug?: boolean;
}

export function createServer(opts: ServerOptions) {
  const write = opts.write ?? ((line: string) => writeAll(1, line));
  const send = (msg: object) => write(JSON.stringify(msg) + "\n");
  const reply = (id: Id, result: object) => send({ jsonrpc: "2.0", id, result });
  const fail = (id: Id | null, code: number, message: string) => send({ jsonrpc: "2.0", id, error: { code, message } });
  const tools = new Map(TOOLS.map((t) => [t.name, t]));
  const listed = TOOLS.map(({ name, title, description, inputSchema }) => ({
    name,
    title,
    description,
    inputSchema,
    annotations: { title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }));
  // tools/call requests run one after another; everything else is answered at once.
  let queue: Promise<void> = Promise.resolve();
  // JSC collects lazily, and a full collection otherwise waits for an idle moment that calls
  // sent back to back never leave: over 2,000 sequential greps on a small tree RSS rose by
  // 147-189 MB with only the idle collection below (bench/mcp-memory.ts). So a full collection
  // also runs after every GC_EVERY_CALLS calls, or as soon as the heap has grown GC_HEAP_GROWTH
  // since the last one (a few large calls), and once calls stop for IDLE_GC_MS. Measured over
  // 2,000 calls (load 20-40): every 20 calls +121 MB, every 10 +19..61 MB, every 5 +19..23 MB,
  // every call +9 MB but about twice the time per call (a full collection of the ~70 MB heap
  // costs 10+ ms).
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let sinceGc = 0;
  let heapAfterGc = 0;
  const collect = () => {
    Bun.gc(true);
    sinceGc = 0;
    heapAfterGc = heapSize();
  };
  const afterCall = () => {
    // What this call parsed goes to the disk cache now (structure/store.ts), not at exit: other
    // processes on the tree see it, and a server that is killed loses nothing.
    flushStore();
    clearTimeout(idleTimer);
    if (++sinceGc >= GC_EVERY_CALLS || heapSize() - heapAfterGc > GC_HEAP_GROWTH) collect();
    idleTimer = setTimeout(collect, IDLE_GC_MS);
    idleTimer.unref();
  };

  async function callTool(params: Record<string, unknown>): Promise<object> {
    const name = params.name;
    if (typeof name !== "string") throw new RpcError(INVALID_PARAMS, "tools/call needs params.name, the tool's name");
    const tool = tools.get(name);
    if (!tool) throw new RpcError(INVALID_PARAMS, `unknown tool '${name}'; tools: ${TOOLS.map((t) => t.name).join(", ")}`);
    const checked = validateInput(tool, params.arguments);
    // Input that does not fit the schema is the model's to fix: a tool error it can read (SEP-1303).
    if ("error" in checked) return { content: [{ type: "text", text: checked.error }], isError: true };
    return runTool(tool, checked.input);
  }

  async function runTool(tool: ToolDef, input: Record<string, unknown>): Promise<object> {
    const t0 = performance.now();
    const r = await capture(() => opts.runCommand(tool.argv(input)));
    if (opts.debug) errLine(`agentgrep mcp: ${tool.name} ${JSON.stringify(input)} ${(performance.now() - t0).toFixed(1)} ms`);
    let code = r.value;
    const errors = r.stderr.filter((l) => !l.startsWith("usage: "));
    if (r.thrown !== undefined) {
      const e = r.thrown as any;
      if (e instanceof UserError) {
        errors.push(errorLine(e));
        code = e.exitCode;
      } else {
        errLine(`agentgrep mcp: internal error in ${tool.name}: ${e?.stack ?? e}`);
        errors.push(`error: internal: ${e?.message ?? String(e)}`);
        code = 2;
      }
    }
    if (code !== 0 && code !== 1) return { content: [{ type: "text", text: errors.join("\n") || `error: ${tool.name} failed (exit ${code})` }], isError: true };
    // Exit 1 is "nothing found": a result, not an error; its packet (or note) says so.
    const text = [r.stdout.replace(/\n$/, ""), ...errors].filter(Boolean).join("\n");
    return { content: [{ type: "text", text: text || `${tool.name}: no results` }] };
  }

  async function request(method: string, params: Record<string, unknown>): Promise<object> {
    switch (method) {
      case "initialize": {
        const asked = params.protocolVersion;
        if (typeof asked !== "string") throw new RpcError(INVALID_PARAMS, "initialize needs params.protocolVersion");
        return {
          protocolVersion: PROTOCOL_VERSIONS.includes(asked) ? asked : PROTOCOL_VERSIONS[0],
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: "agentgrep", title: "agentgrep", version: opts.version },
          instructions: INSTRUCTIONS,
        };
      }
      case "ping":
        return {};
      case "tools/list":
        return { tools: listed };
      case "tools/call":
        return callTool(params);
      default:
        throw new RpcError(METHOD_NOT_FOUND, `method not found: ${method} (this server offers tools: tools/list, tools/call)`);
    }
  }

  /** Handles one line of input. */
  function handleLine(line: string): void {
    if (!line.trim()) return;
    let msg: Message;
    try {
      msg = JSON.parse(line);
    } catch (e: any) {
      return fail(null, PARSE_ERROR, `parse error: ${e?.message ?? e}`);
    }
    if (Array.isArray(msg)) return fail(null, INVALID_REQUEST, "batches are not supported: send one message per line");
    if (typeof msg !== "object" || msg === null) return fail(null, INVALID_REQUEST, 'invalid request: expected a JSON-RPC 2.0 object ({"jsonrpc": "2.0", ...})');
    // An object with a usable id gets its answer under that id, so the client can match it.
    if (msg.jsonrpc !== "2.0") return fail(validId(msg.id) ? msg.id : null, INVALID_REQUEST, `invalid request: "jsonrpc" must be "2.0" (got ${JSON.stringify(msg.jsonrpc ?? null)?.slice(0, 40)})`);
    const hasId = "id" in msg;
    if (typeof msg.method !== "string") {
      // A response to a request of ours: we send none, so there is nothing to match it to.
      if (hasId && ("result" in msg || "error" in msg)) return;
      return fail(validId(msg.id) ? msg.id : null, INVALID_REQUEST, "invalid request: method must be a string");
    }
    if (!hasId) return; // a notification (initialized, cancelled, ...): nothing to answer
    if (!validId(msg.id)) return fail(null, INVALID_REQUEST, "invalid request: id must be a string or a number");
    const id = msg.id;
    const params = msg.params ?? {};
    if (typeof params !== "object" || params === null || Array.isArray(params)) return fail(id, INVALID_PARAMS, "params must be an object");
    const answer = () =>
      request(msg.method as string, params as Record<string, unknown>).then(
        (result) => reply(id, result),
        (e) => {
          if (e instanceof RpcError) return fail(id, e.code, e.message);
          errLine(`agentgrep mcp: internal error: ${e?.stack ?? e}`);
          fail(id, INTERNAL_ERROR, `internal error: ${e?.message ?? e}`);
        },
      );
    if (msg.method === "tools/call") queue = queue.then(answer).then(afterCall);
    else void answer();
  }

  return {
    handleLine,
    /** A message past MESSAGE_MAX: answered at once (its newline may never come), then skipped. */
    tooLong: () => fail(null, INVALID_REQUEST, `message too large: over ${MESSAGE_MAX >> 20} MiB without a newline; it is skipped up to its newline`),
    /** Resolves once every call received so far has been answered. */
    drained: () => queue,
  };
}

function validId(id: unknown): id is Id {
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
}

/** Serves stdin until it closes, then waits for the answers still due, and returns. */
export async function serveStdio(opts: ServerOptions): Promise<void> {
  const server = createServer(opts);
  // One line a message; a long line costs its length, not its square (util/stream-lines.ts).
  const tooLong = () => server.tooLong();
  for await (const line of streamLines(Bun.stdin.stream(), MESSAGE_MAX, tooLong)) server.handleLine(line.replace(/\r$/, ""));
  // Under stdio framing a message ends with its newline: bytes left after the last one when stdin
  // ends are a frame cut off, not a message, and get no answer (the SDK's reader never parses
  // such a leftover either). What was complete is answered; then nothing more is written.
  await server.drained();
}
