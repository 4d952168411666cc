/** A raw JSON-RPC session with one `agentgrep mcp` over its stdin/stdout, as a harness talks to it (bench/mcp.ts, bench/mcp-memory.ts). */
export async function mcpClient(bin: string, cwd: string, env: Record<string, string> = {}, stderr: "inherit" | "pipe" = "inherit") {
  const p = Bun.spawn([bin, "mcp"], { cwd, stdin: "pipe", stdout: "pipe", stderr, env: { ...process.env, ...env } });
  const reader = p.stdout.getReader();
  const dec = new TextDecoder();
  let buf = "";
  let id = 0;
  const next = async (): Promise<any> => {
    for (;;) {
      const i = buf.indexOf("\n");
      if (i >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        return JSON.parse(line);
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("agentgrep mcp closed stdout");
      buf += dec.decode(value);
    }
  };
  /** One request and its answer; a JSON-RPC error throws (a tool error is a result). */
  const call = async (method: string, params: object) => {
    p.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }) + "\n");
    p.stdin.flush();
    const r = await next();
    if (r.error) throw new Error(`${method} ${JSON.stringify(params)}: ${JSON.stringify(r.error)}`);
    return r.result;
  };
  await call("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } });
  /** With stderr "pipe": the server's stderr, read once it has ended (after close). */
  const errText = async () => (stderr === "pipe" ? await new Response(p.stderr as ReadableStream).text() : "");
  return { pid: p.pid, call, close: async () => (p.stdin.end(), await p.exited), errText };
}
