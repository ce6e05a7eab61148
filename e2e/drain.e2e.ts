import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The build `pnpm test` made before the tests (scripts/build.mjs).
const apiDir = fileURLToPath(new URL('../api', import.meta.url));
const CONNECTIONS = 12;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Outcome =
  | { kind: 'answer'; status: number; connection: string | undefined }
  | { kind: 'closed-before-write' }
  | { kind: 'error'; code: string };

/**
 * One keep-alive connection spoken to by hand, so the test sees exactly what a load balancer does:
 * whether the server closed it before a request was written, answered it, or reset it.
 */
class Connection {
  private buffer = '';
  private ended = false;
  private failure: string | null = null;
  private waiting: (() => void) | null = null;
  constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.waiting?.();
    });
    socket.on('end', () => {
      this.ended = true;
      this.waiting?.();
    });
    socket.on('close', () => {
      this.ended = true;
      this.waiting?.();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      this.failure = err.code ?? err.message;
      this.waiting?.();
    });
  }

  static open(port: number) {
    return new Promise<Connection>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  get closed() {
    return this.ended || this.failure !== null;
  }

  async get(path: string): Promise<Outcome> {
    if (this.closed) return { kind: 'closed-before-write' };
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    for (;;) {
      const answer = this.takeAnswer();
      if (answer) return answer;
      if (this.failure) return { kind: 'error', code: this.failure };
      // Closed after the request was written, without an answer: a load balancer's 502 too.
      if (this.ended) return { kind: 'error', code: 'closed without an answer' };
      await new Promise<void>((r) => {
        this.waiting = r;
      });
      this.waiting = null;
    }
  }

  private takeAnswer(): Outcome | null {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const head = this.buffer.slice(0, end).split('\r\n');
    const headers = new Map(
      head.slice(1).map((line) => {
        const i = line.indexOf(':');
        return [line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim()] as const;
      }),
    );
    const length = Number(headers.get('content-length') ?? 0);
    if (this.buffer.length < end + 4 + length) return null;
    this.buffer = this.buffer.slice(end + 4 + length);
    return { kind: 'answer', status: Number(head[0]!.split(' ')[1]), connection: headers.get('connection') };
  }
}

/**
 * SIGTERM on the built server (node dist/server.js) with keep-alive connections open (issue 40):
 * requests written on them during the drain are answered with `Connection: close`, or find the
 * connection closed before they are written; none is reset (a load balancer's 502).
 */
describe('SIGTERM drains keep-alive connections (node dist/server.js)', () => {
  let child: ChildProcess;
  let output = '';
  let dataDir: string;
  let port: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'drain-'));
    child = spawn(process.execPath, ['dist/server.js'], {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: 'kQ7v2mX9pL4rT8wZ1nB6cF3hJ5dS0gYa',
        SITE_URL: 'http://127.0.0.1',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        RSS_CRON: 'off',
        LINK_CHECK_CRON: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c) => {
      output += String(c);
    });
    child.stderr!.on('data', (c) => {
      output += String(c);
    });
    const started = Date.now();
    while (!/"port":(\d+)/.test(output)) {
      if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(output);
      await sleep(100);
    }
    port = Number(/"port":(\d+)/.exec(output)![1]);
  }, 90_000);
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('requests sent 0-150 ms after SIGTERM on open connections: answered with Connection: close, never reset', async () => {
    const connections = await Promise.all(Array.from({ length: CONNECTIONS }, () => Connection.open(port)));
    // Each connection is in use (keep-alive) before the signal.
    for (const c of connections) {
      const before = await c.get('/api/health');
      expect(before).toMatchObject({ kind: 'answer', status: 200 });
      expect((before as { connection?: string }).connection).not.toBe('close');
    }
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const signalled = performance.now();
    child.kill('SIGTERM');
    // Requests at 0-150 ms after the signal, each connection on its own schedule, until the server
    // says it closes the connection or has closed it.
    const outcomes = await Promise.all(
      connections.map(async (c, i) => {
        const seen: (Outcome & { sentAt: number; receivedAt: number })[] = [];
        let at = (i * 150) / CONNECTIONS;
        while (at <= 150) {
          const wait = signalled + at - performance.now();
          if (wait > 0) await sleep(wait);
          const sentAt = performance.now() - signalled;
          const outcome = await c.get(i % 2 ? '/api/health' : '/api/content');
          seen.push({ ...outcome, sentAt, receivedAt: performance.now() - signalled });
          if (outcome.kind !== 'answer' || outcome.connection === 'close') break;
          at += 10 + (i % 5) * 7;
        }
        return seen;
      }),
    );
    const all = outcomes.flat();
    const resets = all.filter((o) => o.kind === 'error');
    expect(resets, JSON.stringify(resets)).toEqual([]);
    const answers = all.filter((o) => o.kind === 'answer');
    expect(answers.length).toBeGreaterThanOrEqual(CONNECTIONS);
    // A request the server read before the signal reached it (delivered and handled some ms later
    // on a loaded machine: 28 ms was seen in CI) may still be answered as usual. Once any answer said
    // close, the drain had begun on the server, so every request written after that answer arrived
    // must say close too: an ordering by cause, not a guess at the signal's delay.
    const drainSeenAt = Math.min(...answers.filter((a) => a.connection === 'close').map((a) => a.receivedAt));
    for (const a of answers) {
      if (a.sentAt > drainSeenAt) expect(a, JSON.stringify(a)).toMatchObject({ connection: 'close' });
    }
    expect(answers.filter((a) => a.connection === 'close').length).toBeGreaterThanOrEqual(CONNECTIONS / 2);
    // Every connection is told to go elsewhere and is then closed by the server.
    await expect.poll(() => connections.every((c) => c.closed), { timeout: 5_000 }).toBe(true);
    // The drain is bounded and ends well: status 0.
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/were cut/);
  }, 30_000);
});
