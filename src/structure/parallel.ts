/**
 * Parsing several files at once: the main thread and parse workers (structure/worker.ts) take
 * files from one queue, largest first, so the shown files of a grep call parse in parallel as the
 * search does. A worker costs its start and its own grammar compile (tens of ms), so workers run
 * only when there is enough text to parse (PARALLEL_MIN_CHARS); they stay alive for the process
 * (the MCP server's later calls reuse them) and never keep it alive (unref).
 *
 * A worker's result is the same structure a parse here gives, with the roles of the given matches
 * read from its tree; structure/index.ts's adopt() remembers both, so grep's roles are the ones a
 * tree here would give (the memo of store.ts).
 */
import { availableParallelism } from "node:os";
import { envThreads } from "../util/threads.ts";
import { workerEntry } from "../util/worker-url.ts";
import { adopt, cachedStructureOf, detectLanguage, parseUncached, reparse } from "./index.ts";
import { GRAMMARS } from "../../grammars/index.ts";
import { childCounts, parseProcess, parseProcessOn } from "./child.ts";
import type { FileStructure } from "./types.ts";
import type { MatchRole } from "./roles.ts";

export interface ParseJob {
  /** Display path (language detection). */
  path: string;
  text: string;
  /** Matches whose roles the caller needs (a worker reads them from its tree); `family`: the path's (lexical.ts). */
  matches?: { line: number; spans: [number, number][]; text: string }[];
  family: string;
  /** A structure from the cache whose roles memo lacks some of `matches`: parse again for them. */
  again?: FileStructure;
}

/**
 * Below this much text to parse, the main thread parses alone. Measured on this 2-core machine
 * (load 20-27, shared by 8 developers): grep's 20 shown files for `import` on CPython (550K
 * characters) took 2.83 s with a worker against 2.28 s without (wall time at that load is mostly
 * noise), +96 ms of CPU (the worker's start and its own grammar compile) and +13 MB peak RSS. So
 * a worker starts only for a parse set of 1M characters or more (grep --role or --json over many
 * files, a dense grouping budget): typical calls keep their memory (issue 21: within 10%).
 */
export const PARALLEL_MIN_CHARS = 1 << 20;
/** At most this many parse workers (each holds its own grammars and wasm heap). */
const MAX_WORKERS = 3;

interface Slot {
  send(job: ParseJob): Promise<any>;
  busy: boolean;
}
const slots: Slot[] = [];
/** Files parsed by workers, and workers that failed (AGENTGREP_PROFILE prints them). */
export const parallelCounts = {
  /** Parse workers, or, for a grep run untuned (child.ts), parse processes started. */
  get workers(): number {
    return parseProcessOn() ? childCounts.started : slots.length;
  },
  inWorkers: 0,
  failed: 0,
};

function workerCount(): number {
  const n = envThreads() ?? availableParallelism();
  return Math.max(0, Math.min(MAX_WORKERS, n - 1));
}

let nextId = 0;
function spawn(): Slot {
  const worker = new Worker(workerEntry("structure/worker", new URL("./worker.ts", import.meta.url)));
  let resolve: ((m: any) => void) | undefined;
  worker.onmessage = (ev) => resolve?.(ev.data);
  worker.onerror = (ev: any) => resolve?.({ error: String(ev?.message ?? ev) });
  worker.unref();
  const slot: Slot = {
    busy: false,
    send: (job) =>
      new Promise((r) => {
        resolve = r;
        worker.postMessage({ id: nextId++, path: job.path, text: job.text, matches: job.matches });
      }),
  };
  slots.push(slot);
  return slot;
}

/** The i-th parse process (child.ts) as a slot, or undefined when it cannot run. */
function processSlot(i: number): Slot | undefined {
  const p = parseProcess(i);
  return p && { busy: false, send: (job) => p.send({ id: nextId++, path: job.path, text: job.text, matches: job.matches }) };
}

/** Whether a job is a tree-sitter parse (the scanners of Markdown, JSON, ... are cheap anywhere). */
const treeJob = (j: ParseJob) => GRAMMARS[detectLanguage(j.path, j.text.slice(0, 32768))] !== undefined;

/**
 * The structure of every job (undefined where the parse failed), in the jobs' order. A structure
 * parsed here keeps its syntax tree when the job has matches (the caller releases it); one from a
 * worker has none, and its roles are remembered instead.
 */
export async function parseMany(jobs: ParseJob[]): Promise<Array<FileStructure | undefined>> {
  const out: Array<FileStructure | undefined> = new Array(jobs.length);
  const here = async (i: number) => {
    const j = jobs[i]!;
    try {
      out[i] = j.again ? await reparse(j.text, j.again) : await parseUncached(j.path, j.text, j.matches !== undefined);
    } catch {
      out[i] = undefined;
    }
  };
  // What the caches hold needs no parse, and never goes to a worker.
  const todo: number[] = [];
  let total = 0;
  for (let i = 0; i < jobs.length; i++) {
    const j = jobs[i]!;
    const known = j.again ? undefined : cachedStructureOf(j.path, j.text, j.matches !== undefined);
    if (known) out[i] = known;
    else {
      todo.push(i);
      total += j.text.length;
    }
  }
  const n = todo.length < 2 || total < PARALLEL_MIN_CHARS ? 0 : Math.min(workerCount(), todo.length - 1);
  // A grep run untuned (cli/main.ts): tree-sitter parses go to parse processes, 1 + n of them.
  if (parseProcessOn()) {
    const far: number[] = [];
    for (const i of todo) {
      if (treeJob(jobs[i]!)) far.push(i);
      else await here(i);
    }
    const procs: Slot[] = [];
    for (let p = 0; far.length > 0 && p <= Math.min(n, far.length - 1); p++) {
      const s = processSlot(p);
      if (s) procs.push(s);
    }
    if (procs.length > 0 || far.length === 0) {
      await drain(jobs, far, out, procs, here, async () => {});
      return out;
    }
    // No parse process can run here: parse in this process, as before.
  }
  if (n === 0) {
    for (const i of todo) await here(i);
    return out;
  }
  while (slots.length < n) spawn();
  const free = slots.filter((s) => !s.busy).slice(0, n);
  await drain(jobs, todo, out, free, here, async (take) => {
    for (let i = take(); i >= 0; i = take()) await here(i);
  });
  return out;
}

/**
 * Runs the jobs `todo` (indices), largest first, across `slots` and `runHere` (this thread),
 * each taking the next from one queue. A slot's failure parses that file here instead (same
 * result, or the same failure).
 */
async function drain(jobs: ParseJob[], todo: number[], out: Array<FileStructure | undefined>, slots: Slot[], here: (i: number) => Promise<void>, runHere: (take: () => number) => Promise<void>): Promise<void> {
  const order = [...todo].sort((a, b) => jobs[b]!.text.length - jobs[a]!.text.length);
  let k = 0;
  const take = () => (k < order.length ? order[k++]! : -1);
  const runSlot = async (slot: Slot) => {
    slot.busy = true;
    try {
      for (let i = take(); i >= 0; i = take()) {
        const j = jobs[i]!;
        const m = await slot.send(j);
        if (m.error || !m.structure) {
          parallelCounts.failed++;
          await here(i);
        } else {
          parallelCounts.inWorkers++;
          out[i] = adopt(j.text, m.structure, j.family, j.matches, m.roles, j.again);
        }
      }
    } finally {
      slot.busy = false;
    }
  };
  await Promise.all([runHere(take), ...slots.map(runSlot)]);
}
