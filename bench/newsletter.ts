/**
 * `pnpm --filter @site/bench newsletter [-- --subscribers=100000]`: the send benchmark of issue 30.
 *
 * One digest to N subscribers (default 100,000), sent by the compiled production server (its job
 * workers, nodemailer's pool at the admin's rate limit of 1,000 a second) to an SMTP sink on
 * 127.0.0.1 (`smtp-server`, in a process of its own: bench/smtp-sink.ts). Prints messages per second, total time, the sending
 * process's peak memory, the database time of the send (from the server's own log line), the sink's
 * own maximum rate in the same run (a burst straight from nodemailer, no database), and the rate of
 * the public site's cached reads during the send beside the rate without it.
 *
 *   flags: --subscribers=N (default 100000) --read-seconds=N (default 10) --sink-burst=N (default 5000)
 *          --split (PostgreSQL only): reads go to a web-only instance (RUN_JOBS=false) and a second
 *          instance sends, the deployment docs/newsletter.md recommends for large lists
 * Database: DATABASE_URL (a PostgreSQL database it may fill; it creates and drops none), else an embedded
 * PGlite in a temporary folder. Budget (issue 30): 100,000 in < 5 min, peak < 512 MB, cached reads
 * within 20% of their rate without the send. Loopback only.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { openDatabase } from '../api/src/db/client';
import { flag, num } from './cli-args';
import { cpuSplit } from './cpu';
import { load } from './load';
import { productionNodeFlags, productionServerEnv, repoRoot, startChild } from './server';

const N = num('subscribers', 100_000);
const readSeconds = num('read-seconds', 10);
const sinkBurst = num('sink-burst', 5_000);
const databaseUrl = process.env.DATABASE_URL || undefined;
const split = flag('split');
if (split && !databaseUrl) throw new Error('--split needs DATABASE_URL: PGlite belongs to one process');
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-newsletter-'));

/** The sink (bench/smtp-sink.ts), in its own process: accepts everything, counts, keeps nothing. */
const sink = fork(path.join(import.meta.dirname, 'smtp-sink.ts'), [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ask = <T>(question: string, key: string) =>
  new Promise<T>((resolve) => {
    const answer = (m: Record<string, T>) => {
      if (!(key in m)) return;
      sink.off('message', answer);
      resolve(m[key]!);
    };
    sink.on('message', answer);
    if (question) sink.send(question);
  });
const sinkPort = await ask<number>('', 'port');
const received = () => ask<number>('count', 'received');

// 1. The database: migrated, N subscribers, a week of articles for the digest and the cached reads.
const handle = await openDatabase({ url: databaseUrl, dataDir });
await handle.migrate();
const exec = (q: string) => handle.db.execute(q as never);
for (const table of ['newsletter_deliveries', 'newsletter_issues', 'newsletter_subscribers']) {
  await exec(`delete from ${table}`);
}
let t = performance.now();
await exec(`
  insert into newsletter_subscribers (email, first_name, status, source, consent_at, consent_note)
  select 'reader' || g || '@bench.test', case when g % 3 = 0 then null else 'Reader' || g end, 'subscribed',
         'import', now(), 'bench'
  from generate_series(1, ${N}) g`);
await exec(`
  insert into articles (slug, title, excerpt, content, category, status, published_at)
  select 'bench-nl-' || g || '-' || extract(epoch from now())::bigint, 'A week of calm, part ' || g,
         'Small habits that add up.', 'Body ' || g, 'wellness', 'published', now() - make_interval(hours => g)
  from generate_series(1, 12) g`);
await exec(`update newsletter_settings set rate_per_second = 1000`);
console.log(`seeded ${N.toLocaleString('en-GB')} subscribers in ${Math.round(performance.now() - t)} ms`);
await handle.close();

// 2. The production server, its workers sending to the sink; the bench's admin is named before it signs up.
const email = `bench-admin-${Date.now()}@bench.test`;
const serverEnv = {
  ...productionServerEnv(databaseUrl, dataDir),
  LOG_REQUESTS: 'false',
  SMTP_URL: `smtp://127.0.0.1:${sinkPort}`,
  MAIL_FROM: 'news@bench.test',
  LINK_CHECK_CRON: 'off',
  ADMIN_EMAILS: email,
};
const start = (env: Record<string, string>) =>
  startChild({
    cwd: path.join(repoRoot, 'api'),
    script: 'dist/server.js',
    nodeFlags: productionNodeFlags(),
    readyPath: '/api/ready',
    env: { ...serverEnv, ...env },
  });
// `sender` runs the job workers; `server` takes the reads and the admin's request (the same one unless --split).
const sender = await start({});
const server = split ? await start({ RUN_JOBS: 'false' }) : sender;
const api = async (p: string, init: RequestInit & { cookie?: string } = {}) => {
  const res = await fetch(server.url + p, {
    ...init,
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return res;
};
await api('/api/auth/sign-up/email', {
  method: 'POST',
  body: JSON.stringify({
    email,
    password: 'bench-password-123',
    name: 'Bench',
    firstName: 'Bench',
    lastName: 'Admin',
  }),
});
const signIn = await api('/api/auth/sign-in/email', {
  method: 'POST',
  body: JSON.stringify({ email, password: 'bench-password-123' }),
});
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');

// 3. Cached reads without a send.
const readPaths = ['/api/content?limit=20', '/api/content/counts', '/api/content/featured'];
const idle = await load(server.url, readPaths, { connections: 20, seconds: readSeconds, warmup: 2 });

// 4. The send, with the same reads during it, and the server's memory sampled.
let peakRss = sender.rssMb();
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, sender.rssMb());
}, 100);
const before = await received();
t = performance.now();
const { id } = (await (await api('/api/admin/newsletter/digest', { method: 'POST', cookie })).json()) as {
  id: number;
};
// Where the cores go while the reads run beside the send (2 cores here: every figure below shares them).
const cpuDuring = cpuSplit({
  sender: (pid) => pid === sender.pid,
  ...(split ? { 'web instance': (pid: number) => pid === server.pid } : {}),
  postgres: (_, comm) => comm.startsWith('postgres'),
  'sink (stand-in for the provider)': (pid) => pid === sink.pid,
  'load generator': (pid) => pid === process.pid,
});
const during = await load(server.url, readPaths, { connections: 20, seconds: readSeconds, warmup: 0 });
const coresDuring = cpuDuring();
for (;;) {
  const issues = (await (await api('/api/admin/newsletter/issues', { cookie })).json()) as Array<{
    id: number;
    status: string;
  }>;
  if (issues.find((i) => i.id === id)?.status === 'sent') break;
  if (performance.now() - t > 15 * 60_000) throw new Error('the send did not finish in 15 minutes');
  await new Promise((r) => setTimeout(r, 250));
}
const sendMs = performance.now() - t;
clearInterval(sampler);
const delivered = (await received()) - before;
const logLine = sender
  .output()
  .split('\n')
  .reverse()
  .find((l) => l.includes(`issue ${id} sent`));
const dbMs = logLine ? Number((JSON.parse(logLine) as { dbMs?: number }).dbMs ?? Number.NaN) : Number.NaN;
await server.stop();
if (split) await sender.stop();

// 5. The sink's own ceiling, in the same run: nodemailer straight at it, 5 connections, no database.
const burst = nodemailer.createTransport({
  pool: true,
  host: '127.0.0.1',
  port: sinkPort,
  secure: false,
  maxConnections: 5,
  maxMessages: Number.POSITIVE_INFINITY,
});
const html = `<p>${'Small habits that add up. '.repeat(200)}</p>`;
const sinkBefore = await received();
t = performance.now();
await Promise.all(
  Array.from({ length: sinkBurst }, (_, i) =>
    burst.sendMail({
      from: 'news@bench.test',
      to: `burst${i}@bench.test`,
      subject: 'burst',
      html,
      text: 'burst',
    }),
  ),
);
const sinkRate = ((await received()) - sinkBefore) / ((performance.now() - t) / 1000);
burst.close();
sink.send('close');
if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true });

const rate = delivered / (sendMs / 1000);
const readChange = (during.requestsPerSec - idle.requestsPerSec) / idle.requestsPerSec;
const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');
console.log(
  `\nnewsletter send: ${fmt(N)} subscribers, one digest, on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}${split ? ', reads on a web-only instance' : ', one instance'}`,
);
console.log(
  `  delivered        ${fmt(delivered)} of ${fmt(N)} in ${(sendMs / 1000).toFixed(1)} s → ${fmt(rate)} msg/s`,
);
console.log(`  at 100,000       ${(100_000 / rate / 60).toFixed(1)} min projected (budget < 5 min)`);
console.log(`  sender peak RSS  ${fmt(peakRss)} MB (budget < 512 MB)`);
console.log(
  `  database time    ${Number.isFinite(dbMs) ? `${(dbMs / 1000).toFixed(1)} s summed over the parallel sends` : 'n/a'}`,
);
console.log(
  `  sink max rate    ${fmt(sinkRate)} msg/s (${fmt(sinkBurst)} messages from nodemailer, 5 connections, same run)`,
);
console.log(`  cores during the reads: ${coresDuring} (of ${availableParallelism()})`);
console.log(
  `  cached reads     ${fmt(idle.requestsPerSec)} req/s idle, ${fmt(during.requestsPerSec)} req/s during the send (${(readChange * 100).toFixed(0)}%; budget within -20%)`,
);
