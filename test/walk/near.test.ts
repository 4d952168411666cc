/** "did you mean" for a path that does not exist (walk/near.ts), and the binary's error line. */
import { test, expect, describe } from "bun:test";
import { join } from "node:path";
import { nearPaths } from "../../src/walk/near.ts";
import { run, tree } from "../helpers.ts";

const root = tree({
  "GuzzleHttp/Handler/CurlHandler.php": "<?php\n",
  "GuzzleHttp/Client.php": "<?php\n",
  "Doctrine/DBAL/Connection.php": "<?php\n",
  "Monolog/Logger.php": "<?php\n",
  "src/main.rs": "fn main() {}\n",
});

describe("nearPaths", () => {
  const inRoot = (p: string) => {
    const cwd = process.cwd();
    process.chdir(root);
    try {
      return nearPaths(p);
    } finally {
      process.chdir(cwd);
    }
  };
  test("another case, a prefix, a part, or a typo of an existing name", () => {
    expect(inRoot("guzzlehttp")).toEqual(["GuzzleHttp"]);
    expect(inRoot("guzzle")).toEqual(["GuzzleHttp"]);
    expect(inRoot("Monlog")).toEqual(["Monolog"]);
    expect(inRoot("Doctrine/DBL")).toEqual(["Doctrine/DBAL"]);
  });
  test("the rest of the path is mended part by part, and ./ and absolute forms stay as typed", () => {
    expect(inRoot("guzzle/Handlr/CurlHandler.ph")).toEqual(["GuzzleHttp/Handler/CurlHandler.php"]);
    expect(inRoot("./GuzzleHTTP/Client.php")).toEqual(["./GuzzleHttp/Client.php"]);
    expect(nearPaths(join(root, "Monolog/Loger.php"))).toEqual([join(root, "Monolog/Logger.php")]);
  });
  test("a leading component too many: the rest of the path, where it exists, comes first", () => {
    // An agent typed Lib/json/ at the root of an installed stdlib (the root is Lib itself).
    expect(inRoot("Lib/Monolog/")).toEqual(["Monolog"]);
    expect(inRoot("vendor/lib/GuzzleHttp/Client.php")).toEqual(["GuzzleHttp/Client.php"]);
    expect(inRoot("./x/src/main.rs")).toEqual(["./src/main.rs"]);
  });
  test("nothing close: no suggestion", () => {
    expect(inRoot("zzzzqqq")).toEqual([]);
    expect(inRoot("src/x".repeat(2000))).toEqual([]);
  });
});

describe("the binary names the closest existing path", () => {
  test("grep, find and trace share the walker's error line; exit 2", () => {
    for (const args of [["grep", "foo", "guzzle/Handler"], ["find", "--path", "guzzle/Handler", "curl"], ["grep", "--path", "guzzle/Handler", "foo"]]) {
      const r = run(args, root);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(`error: path not found: guzzle/Handler; hint: did you mean: GuzzleHttp/Handler\n`);
    }
  });
  test("an empty path says so", () => {
    const r = run(["grep", "foo", ""], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("error: path not found: '' (an empty path); hint: give a file or directory, or no path for the current directory\n");
  });
});

describe("a missing path with nothing close to it", () => {
  test("names the missing part and where it was looked for, and how to find the name below", () => {
    // The agent's case: a C file of a source tree typed in an installed tree that has no such dir.
    const r = run(["grep", "-n", "lru_cache_make_key", "Modules/_functoolsmodule.c"], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "error: path not found: Modules/_functoolsmodule.c (no 'Modules' in the current directory); hint: a relative path is resolved from the current directory; to look for the name below it: agentgrep grep --files -g _functoolsmodule.c\n",
    );
    const deeper = run(["grep", "x", "src/zzzz/qqqq.rs"], root);
    expect(deeper.stderr).toContain("(no 'zzzz' in src)");
    // The suggested command answers in one call: no such file anywhere below, exit 1.
    const look = run(["grep", "--files", "-g", "_functoolsmodule.c"], root);
    expect(look.code).toBe(1);
    expect(look.stdout).toBe("");
  });
  test("a name a glob cannot carry as typed keeps the plain hint", () => {
    expect(run(["grep", "x", "q q/a b"], root).stderr).toBe("error: path not found: q q/a b; hint: check the path: a relative one is resolved from the current directory\n");
  });
});
