import { Command } from "clipanion";

export class McpCommand extends Command {
  static override paths = [["mcp"]];
  static override usage = Command.Usage({
    description: "Serve grep, find, outline and trace as MCP tools over stdio (JSON-RPC, one message per line) until stdin closes",
    details:
      "Paths in tool calls are resolved against the server's working directory. Grammars compile once per process, so calls after the first are warm. " +
      "Parsed files are cached by content for later calls (AGENTGREP_STRUCTURE_CACHE_MB, default 16; 0 turns it off). " +
      "Set AGENTGREP_DEBUG=1 to log each call and its time on stderr.",
    examples: [
      ["Claude Code", "claude mcp add agentgrep -- agentgrep mcp"],
      ["By hand", `echo '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' | agentgrep mcp`],
    ],
  });

  async execute(): Promise<number> {
    // The version the front that started us reports (cli/main.ts): no import of the entry's modules.
    const version = this.cli.binaryVersion ?? "0.0.0-dev";
    const { commandRunner } = await import("./run.ts");
    const { serveStdio, structureCacheChars } = await import("./server.ts");
    const { enableStructureCache } = await import("../structure/cache.ts");
    enableStructureCache(structureCacheChars());
    // Search workers stay alive between calls, as parse workers do: a pool's (trees over 8,000
    // files), and the helper worker grep's search of a smaller tree takes (searchHelper below).
    (await import("../search/index.ts")).keepSearchWorkers();
    // Most calls parse: the tree-sitter runtime compiles on JSC's compiler thread while the
    // harness is still sending initialize and tools/list.
    (await import("../structure/prefetch.ts")).prefetchRuntime();
    if (process.stdin.isTTY) {
      const { errLine } = await import("../util/out.ts");
      errLine("agentgrep mcp: an MCP server reading JSON-RPC lines on stdin; a harness starts it (e.g. claude mcp add agentgrep -- agentgrep mcp); Ctrl-D ends it");
    }
    await serveStdio({ version, runCommand: await commandRunner(version, { searchHelper: true }), debug: !!process.env.AGENTGREP_DEBUG });
    return 0;
  }
}
