import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { auditLog, products } from '../src/db/schema';
import { createPostgresDatabase, dbTargets } from './helpers';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

/**
 * The audit entry and the change it records commit together (issue 42 §7): a process killed with
 * SIGKILL in the middle of a stream of saves leaves, for every product, exactly as many entries as
 * saves its row shows: none lost, none for a save that did not land.
 */
describe.each(dbTargets)('audit entries over kill -9 on %s', (kind) => {
  let database: { env: Record<string, string>; cleanup(): Promise<void> };
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const created = await createPostgresDatabase('auk', { migrated: true });
      database = { env: { DATABASE_URL: created.url }, cleanup: created.drop };
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'audit-crash-'));
      database = {
        env: { DATA_DIR: dir },
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      };
    }
  });
  afterAll(async () => {
    if (child) {
      child.kill('SIGKILL');
      await exited(child);
    }
    await database?.cleanup();
  });

  it('kill -9 mid-write: each product has one create entry and one update entry per save it shows', async () => {
    let out = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/audit-writer.ts'], {
      cwd: apiDir,
      env: { ...process.env, ...database.env, LOG_LEVEL: 'warn', RSS_CRON: 'off', LINK_CHECK_CRON: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c) => {
      out += String(c);
    });
    child.stderr!.on('data', (c) => {
      out += String(c);
    });
    const answered = () => out.split('\n').filter((l) => /^(created|saved) /.test(l)).length;
    const started = Date.now();
    // Kill while writes are in flight: after a good number have been answered.
    while (answered() < 60) {
      if (child.exitCode !== null) throw new Error(`the writer stopped:\n${out}`);
      if (Date.now() - started > 90_000) throw new Error(`too slow:\n${out}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    await exited(child);
    child = undefined;

    const handle = await openDatabase({
      url: database.env.DATABASE_URL,
      dataDir: database.env.DATA_DIR ?? 'unused',
    });
    try {
      const rows = await handle.db.select().from(products);
      const entries = await handle.db.select().from(auditLog);
      const lines = out.split('\n');
      expect(rows.length).toBeGreaterThan(0);
      for (const p of rows) {
        const mine = entries.filter((e) => e.itemType === 'product' && e.itemId === String(p.id));
        const saves = Number(/^saves:(\d+)$/.exec(p.description)![1]);
        expect(
          mine.filter((e) => e.action === 'product.create'),
          `product ${p.id}`,
        ).toHaveLength(1);
        expect(
          mine.filter((e) => e.action === 'product.update'),
          `product ${p.id}`,
        ).toHaveLength(saves);
        // What the writer saw answered did land (an answer goes out only after the commit).
        const seen = lines.filter((l) => l.startsWith(`saved ${p.id} `)).length;
        expect(saves).toBeGreaterThanOrEqual(seen);
      }
      // No entry for a product that is not there.
      const ids = new Set(rows.map((p) => String(p.id)));
      expect(entries.filter((e) => e.itemType === 'product' && !ids.has(e.itemId!))).toEqual([]);
      // Every create the writer saw answered is there.
      for (const l of lines.filter((x) => x.startsWith('created ')))
        expect(ids.has(l.split(' ')[1]!)).toBe(true);
    } finally {
      await handle.close();
    }
  }, 150_000);
});
