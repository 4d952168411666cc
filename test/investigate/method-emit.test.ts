import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";
import { classifyOccurrence, familyOf, langOf } from "../../src/classify/lexical.ts";

// Lua calls a method with `:` (`module:fire_event("x/y", ...)`), PHP and C++ with `->`: the firing
// call of an event name was read as a plain string mention there, and the handlers (module:hook)
// outranked the lines that fire the event for triggered_from.
const kind = (line: string, path: string, subject = "message/offline/handle") => {
  const s = line.indexOf(subject);
  return classifyOccurrence(line, s, s + subject.length, -1, familyOf(path), langOf(path)).kind;
};

test("a method call that fires an event name is an emit in each method syntax", () => {
  expect(kind(`module:fire_event("message/offline/handle", { origin = session })`, "a.lua")).toBe("emit");
  expect(kind(`local ok = module:fire_event('message/offline/handle', {`, "a.lua")).toBe("emit");
  expect(kind(`$this->dispatcher->dispatch("message/offline/handle", $e);`, "a.php")).toBe("emit");
  expect(kind(`events.emit("message/offline/handle", e)`, "a.js")).toBe("emit");
  // A dict key before a free function is not a method call.
  expect(kind(`x = {"k": emit("message/offline/handle")}`, "a.py")).not.toBe("emit");
});

test("triggered_from: the modules that fire a Lua event outrank those that hook it", () => {
  const dir = tree({
    "modules/mod_store.lua": `module:hook("message/offline/handle", function(event)\n\treturn store(event)\nend);\n`,
    "modules/mod_archive.lua": `module:hook("message/offline/handle", function(event)\n\tevent.archived = true\nend, 1);\n`,
    "modules/mod_route.lua": `local function route(origin, stanza)\n\tif not online(stanza) then\n\t\treturn module:fire_event("message/offline/handle", { origin = origin, stanza = stanza })\n\tend\nend\n`,
  });
  const r = run(["trace", "--json", "subject:message/offline/handle", "relation:triggered_from"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("modules/mod_route.lua");
  expect(out.files[0].regions[0].kind).toBe("emit site");
});
