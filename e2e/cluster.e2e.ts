import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../api/test/helpers';
import { type RunningSite, startSite } from './harness';

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

async function until<T>(check: () => T | undefined | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('WEB_CONCURRENCY=2: one process per core', () => {
  let site: RunningSite | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await site?.stop();
    await drop?.();
  });

  it('runs two workers on one port, replaces one that dies, and stops them all on SIGTERM', async () => {
    const database = await createPostgresDatabase('cluster');
    drop = database.drop;
    site = await startSite({ DATABASE_URL: database.url, WEB_CONCURRENCY: '2', SEED_DEMO: 'true' });
    const workers = await until(() => {
      const c = childrenOf(site!.pid);
      return c.length === 2 ? c : undefined;
    });
    // Both answer: 40 requests over fresh connections all succeed.
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${site!.url}/api/content?limit=1`, { headers: { connection: 'close' } }).then((r) => r.status),
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    // The demo content was seeded once, by whichever worker took the start-up lock.
    const counts = (await (await fetch(`${site.url}/api/content/counts`)).json()) as { all: number };
    expect(counts.all).toBeGreaterThan(20);
    expect(counts.all).toBeLessThan(40);

    process.kill(workers[0]!, 'SIGKILL');
    const replaced = await until(() => {
      const c = childrenOf(site!.pid);
      return c.length === 2 && !c.includes(workers[0]!) ? c : undefined;
    });
    expect(replaced).toContain(workers[1]);
    for (let i = 0; i < 20; i++)
      expect((await fetch(`${site.url}/api/ready`, { headers: { connection: 'close' } })).status).toBe(200);
    expect(site.output()).toMatch(/exited \(SIGKILL\); starting another/);

    site.kill('SIGTERM');
    expect(await site.exited, site.output().slice(-3000)).toBe(0);
    expect(childrenOf(site.pid)).toEqual([]);
    site = undefined;
  });
});
