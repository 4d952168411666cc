/**
 * Phase timings on stderr when AGENTGREP_PROFILE is set (wall and CPU since `t0`); null otherwise,
 * so callers pay one optional call per phase.
 */
export function profiler(tag: string, t0: number): ((label: string) => void) | null {
  if (!process.env.AGENTGREP_PROFILE) return null;
  const c0 = process.cpuUsage();
  return (label: string) => {
    const c = process.cpuUsage(c0);
    process.stderr.write(`[${tag}] ${label} ${(performance.now() - t0).toFixed(1)}ms wall ${((c.user + c.system) / 1000).toFixed(1)}ms cpu\n`);
  };
}
