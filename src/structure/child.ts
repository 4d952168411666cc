/**
 * The parse process: grep's tree-sitter parses run in a second process of this binary, started
 * only when a shown file is in no cache.
 *
 * Why: JSC's optimizing wasm tier (OMG) costs a one-shot process more than it saves (see
 * cli/main.ts), and the option that turns it off is read only from the environment at start-up.
 * The binary used to re-execute itself with it for every grep that shows structure: a second
 * runtime start-up (~12 ms of CPU) on every call, and the runtime and grammar wasm compiled
 * speculatively during the search, though on a repeated call every structure comes from the disk
 * cache (store.ts) and nothing is parsed. Now grep runs untuned and parses nothing itself: a file
 * that misses the cache goes to this process, which starts (tuned) at the first miss, while the
 * search still runs, and compiles the runtime and the grammars it is told of meanwhile.
 *
 * Protocol: one JSON object a line each way over the child's stdin/stdout. In: a job of job.ts,
 * or {prefetch: language id}. Out: job.ts's reply. The child exits when its stdin closes (the
 * parent exited, by any means: it never outlives it), and never keeps the parent alive.
 * The child stores nothing on disk: the parent adopts its results (parallel.ts), as a worker's.
 *
 * Output is the same as a parse in the process: the child runs the very extractor, and a
 * structure travels as JSON, as the disk cache holds it.
 */
import type { Subprocess } from "bun";
import { streamLines } from "../util/stream-lines.ts";

/** The child's mark in its environment (cli/main.ts runs the server when it is set). */
export const CHILD_ENV = "AGENTGREP_PARSE_PROCESS";

let enabled = false;

/** Called by cli/main.ts when it runs grep untuned: tree-sitter parses go to parse processes. */
export function useParseProcess(): void {
  enabled = true;
}

export function parseProcessOn(): boolean {
  return enabled;
}

export interface ParseProcess {
  send(job: { id: number; path: string; text: string; matches?: unknown }): Promise<any>;
  prefetch(language: string): void;
}

interface Child extends ParseProcess {
  dead: boolean;
}

const children: Child[] = [];
/** Parse processes started, and how many failed (AGENTGREP_PROFILE). */
export const childCounts = { started: 0, failed: 0 };

/** The i-th parse process, started on first use; undefined when none can run here. */
export function parseProcess(i = 0): ParseProcess | undefined {
  while (children.length <= i) {
    const c = start();
    if (!c) return undefined;
    children.push(c);
  }
  const c = children[i]!;
  return c.dead ? undefined : c;
}

function start(): Child | undefined {
  let proc: Subprocess<"pipe", "pipe", "ignore">;
  try {
    proc = Bun.spawn([process.execPath], {
      env: { ...process.env, BUN_JSC_useOMGJIT: "0", [CHILD_ENV]: "1" },
      stdin: "pipe",
      stdout: "pipe",
      stderr: "ignore",
    });
  } catch {
    childCounts.failed++;
    return undefined;
  }
  childCounts.started++;
  const pending = new Map<number, (m: any) => void>();
  const sent = new Set<string>();
  const child: Child = {
    dead: false,
    send(job) {
      if (child.dead) return Promise.resolve({ id: job.id, error: "parse process exited" });
      return new Promise((resolve) => {
        pending.set(job.id, resolve);
        if (pending.size === 1) proc.ref();
        write(JSON.stringify(job));
      });
    },
    prefetch(language) {
      if (child.dead || sent.has(language)) return;
      sent.add(language);
      write(JSON.stringify({ prefetch: language }));
    },
  };
  const fail = () => {
    if (child.dead) return;
    child.dead = true;
    childCounts.failed++;
    for (const [id, r] of pending) r({ id, error: "parse process exited" });
    pending.clear();
    proc.unref();
  };
  const write = (line: string) => {
    try {
      proc.stdin.write(line + "\n");
      proc.stdin.flush();
    } catch {
      fail();
    }
  };
  proc.unref();
  void (async () => {
    try {
      for await (const m of messages(proc.stdout)) {
        const r = pending.get(m.id);
        if (!r) continue;
        pending.delete(m.id);
        if (pending.size === 0) proc.unref();
        r(m);
      }
    } catch {
      /* a broken stream: as an exit */
    }
    fail();
  })();
  return child;
}

/** The child's side: answers jobs from stdin until it closes. */
export async function serveParses(): Promise<void> {
  const { runJob } = await import("./job.ts");
  const { disableStore } = await import("./store.ts");
  const { prefetchRuntime, prefetchGrammar } = await import("./engine.ts");
  const { GRAMMAR_WASM } = await import("../../grammars/wasm.ts");
  disableStore();
  prefetchRuntime();
  const w = Bun.stdout.writer();
  for await (const m of messages(Bun.stdin.stream())) {
    if (typeof m.prefetch === "string") {
      const wasm = GRAMMAR_WASM[m.prefetch];
      if (wasm) prefetchGrammar(m.prefetch, wasm);
      continue;
    }
    w.write(JSON.stringify(await runJob(m)) + "\n");
    w.flush();
  }
}

/** The JSON messages of a stream of lines, one a line (util/stream-lines.ts: linear in the bytes). */
export async function* messages(stream: AsyncIterable<Uint8Array>): AsyncGenerator<any> {
  for await (const line of streamLines(stream)) yield JSON.parse(line);
}
