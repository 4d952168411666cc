/**
 * Runs before every test file: the binary and the in-process code must never read or write the
 * real structure cache (~/.cache/agentgrep). Every test process gets its own empty
 * XDG_CACHE_HOME, which every spawned binary inherits; a test that wants the cache off or
 * another location sets AGENTGREP_CACHE / XDG_CACHE_HOME for its own run.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

process.env.XDG_CACHE_HOME = mkdtempSync(join(tmpdir(), "ag-xdg-cache-"));
