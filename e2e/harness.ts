import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** DESIGN.md §5's flags for Debian's Chromium: headless, and no traffic of its own beyond loopback. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningSite {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  pid: number;
  /** Send the process a signal (SIGTERM: the load balancer's "stop"). */
  kill(signal: NodeJS.Signals): void;
  /** Resolves with the exit code when the process has exited. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts the real server (built web app, demo content, embedded database in a temp folder)
 * on a free loopback port, the way `pnpm start` does, and waits until /api/ready answers 200.
 * extraEnv can point it elsewhere: DATABASE_URL for PostgreSQL, STORAGE=s3 and S3_* for a bucket.
 */
export async function startSite(extraEnv: Record<string, string> = {}): Promise<RunningSite> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // The compiled server, as `pnpm start` runs it (`pnpm test` builds it first: scripts/build.mjs).
  const child: ChildProcess = spawn(process.execPath, ['dist/server.js'], {
    cwd: path.join(root, 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      RSS_CRON: 'off',
      // A run started from the admin tab reaches only loopback, never the real feeds.
      RSS_SOURCES: path.join(root, 'api/test/fixtures/rss-sources.loopback.json'),
      LOG_REQUESTS: 'false',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (Date.now() >= deadline) throw new Error(`server did not start:\n${log}`);
  return {
    url,
    port,
    dataDir,
    output: () => log,
    pid: child.pid ?? 0,
    kill: (signal) => child.kill(signal),
    exited,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => {
        if (child.exitCode !== null) return r(null);
        child.once('exit', r);
        setTimeout(r, 5000);
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
