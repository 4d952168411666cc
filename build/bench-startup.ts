/**
 * Start-up benchmark: runs each command round-robin (so load changes on a shared machine hit
 * every command alike) and prints median and minimum wall time and median CPU time
 * (user + system: less sensitive to other processes than wall time).
 *
 *   bun build/bench-startup.ts [-n RUNS] 'rg --version' 'dist/agentgrep --version' ...
 *
 * stdout and stderr of the commands go to /dev/null; a command that fails is reported.
 */
const argv = process.argv.slice(2);
let runs = 40;
if (argv[0] === "-n") {
  runs = Number(argv[1]);
  argv.splice(0, 2);
}
if (!argv.length || !(runs > 0)) {
  console.error("usage: bun build/bench-startup.ts [-n RUNS] 'cmd args' ...");
  process.exit(2);
}
const cmds = argv.map((c) => c.split(/\s+/).filter(Boolean));
const wall: number[][] = cmds.map(() => []);
const cpu: number[][] = cmds.map(() => []);
const WARMUP = 3;
for (let i = 0; i < runs + WARMUP; i++) {
  cmds.forEach((cmd, j) => {
    const t = performance.now();
    const p = Bun.spawnSync(cmd, { stdout: "ignore", stderr: "ignore" });
    const dt = performance.now() - t;
    if (p.exitCode !== 0 && p.exitCode !== 1) {
      console.error(`error: ${argv[j]} exited ${p.exitCode}`);
      process.exit(2);
    }
    if (i >= WARMUP) {
      wall[j]!.push(dt);
      const u = p.resourceUsage;
      cpu[j]!.push(u ? Number(u.cpuTime.user + u.cpuTime.system) / 1000 : NaN);
    }
  });
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const width = Math.max(...argv.map((a) => a.length));
console.log(`${runs} runs each, interleaved`);
argv.forEach((a, j) => {
  console.log(
    `${a.padEnd(width)}  median ${median(wall[j]!).toFixed(1).padStart(6)} ms  min ${Math.min(...wall[j]!).toFixed(1).padStart(6)} ms  cpu median ${median(cpu[j]!).toFixed(1).padStart(6)} ms`,
  );
});
