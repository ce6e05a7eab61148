import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds used so far by the processes `match` picks (by pid, or by command name: `postgres`),
 * from /proc (Linux): so a bench can say where the machine's cores went during a step. A process's
 * reaped children count too (cutime, cstime): PostgreSQL's backends come and go, and an exited one's
 * seconds move into its postmaster's, so a group's sum never falls. (A child outside the group that
 * a member reaps during a step would bring its whole life in: no group here has such children.)
 */
export function cpuSeconds(match: (pid: number, comm: string) => boolean): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!match(Number(entry), comm)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime (proc(5), fields 14-17).
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

/** Cores used per named group from this call to the returned function's call. */
export function cpuSplit(groups: Record<string, (pid: number, comm: string) => boolean>) {
  const read = () => Object.fromEntries(Object.entries(groups).map(([k, m]) => [k, cpuSeconds(m)]));
  const before = read();
  const started = performance.now();
  return () => {
    const after = read();
    const wall = (performance.now() - started) / 1000;
    return Object.entries(after)
      .map(([k, v]) => `${k} ${((v - (before[k] ?? 0)) / wall).toFixed(2)}`)
      .join(', ');
  };
}

/** The processes whose parent is `pid` now (a cluster primary's workers), from /proc (Linux). */
export function childrenOf(pid: number): Set<number> {
  const children = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.add(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}
