/**
 * clipanion's Cli and Builtins, for registry.ts to import dynamically. A dynamic import of the
 * CommonJS package itself bundles as `import(chunk).then((m) => toESM(m.default, 1))`, and Bun's
 * minifier may name its toESM helper `m` too (it did once the main chunk grew by a few names:
 * every command failed with "m is not a function"); through this ES module the interop is a
 * plain statement inside its chunk.
 */
export { Cli, Builtins } from "clipanion";
