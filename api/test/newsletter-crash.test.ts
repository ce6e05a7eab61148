import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { createPostgresDatabase, dbTargets } from './helpers';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const RECIPIENTS = 40;

function startSender(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/newsletter-sender.ts'], {
    cwd: apiDir,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c) => {
    out += String(c);
  });
  child.stderr!.on('data', (c) => {
    out += String(c);
  });
  return { child, output: () => out };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

/**
 * A send survives kill -9 (issue 30): the sending process dies half-way through an issue, another
 * starts, and every recipient ends up with exactly one copy: no duplicate, no gap.
 */
describe.each(dbTargets)('a newsletter send killed with SIGKILL resumes on %s (issue 30)', (kind) => {
  let sink: SmtpSink;
  let database: { env: Record<string, string>; cleanup(): Promise<void> };
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    if (kind === 'postgres') {
      const created = await createPostgresDatabase('nlk', { migrated: true });
      database = { env: { DATABASE_URL: created.url }, cleanup: created.drop };
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'nl-crash-'));
      database = {
        env: { DATA_DIR: dir },
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      };
    }
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await sink?.close();
    await database?.cleanup();
  });

  it('kill -9 mid-send, start again: exactly one message per recipient', async () => {
    const env = {
      ...database.env,
      SMTP_URL: sink.url,
      SITE_URL: 'https://bloom.test',
      MAIL_FROM: 'news@bloom.test',
      NEWSLETTER_LEASE_SECONDS: '3',
      RSS_CRON: 'off',
      LINK_CHECK_CRON: 'off',
    };
    const first = startSender({ ...env, NL_QUEUE: '1', NL_RECIPIENTS: String(RECIPIENTS), NL_RATE: '10' });
    children.push(first.child);
    // nodemailer's rate limit sends 10 at once, then waits out the second: kill in that wait, once
    // some but not all have gone, the way a crash between two messages would.
    await sink.waitFor(12, 60_000).catch((err) => {
      throw new Error(`${(err as Error).message}\n${first.output()}`);
    });
    while (Date.now() - sink.received.at(-1)!.at < 300) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await exited(first.child);
    const beforeRestart = sink.received.length;
    expect(beforeRestart).toBeGreaterThanOrEqual(12);
    expect(beforeRestart).toBeLessThan(RECIPIENTS);

    const second = startSender(env);
    children.push(second.child);
    await sink.waitFor(RECIPIENTS, 60_000).catch((err) => {
      throw new Error(`${(err as Error).message}\n${second.output()}`);
    });
    // Give a duplicate the chance to show up.
    await new Promise((r) => setTimeout(r, 1500));
    second.child.kill('SIGTERM');
    await exited(second.child);

    const perRecipient = new Map<string, number>();
    for (const m of sink.received) perRecipient.set(m.to, (perRecipient.get(m.to) ?? 0) + 1);
    expect(perRecipient.size).toBe(RECIPIENTS);
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
    // Every copy of the issue carries the recipient's own stable Message-ID.
    expect(new Set(sink.received.map((m) => m.parsed.messageId)).size).toBe(RECIPIENTS);

    const handle = await openDatabase({
      url: database.env.DATABASE_URL,
      dataDir: database.env.DATA_DIR ?? 'unused',
    });
    try {
      const rows = (await handle.db.execute(
        'select status, count(*)::int as n from newsletter_deliveries group by status' as never,
      )) as unknown as { rows: Array<{ status: string; n: number }> };
      expect(rows.rows).toEqual([{ status: 'sent', n: RECIPIENTS }]);
      const issue = (await handle.db.execute('select status from newsletter_issues' as never)) as unknown as {
        rows: Array<{ status: string }>;
      };
      expect(issue.rows).toEqual([{ status: 'sent' }]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
