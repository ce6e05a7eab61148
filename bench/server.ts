import { num } from './cli-args';
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Child {
  url: string;
  pid: number;
  /** Spawn to first good answer of the readiness URL, in ms. */
  coldStartMs: number;
  output(): string;
  rssMb(): number;
  /** Resident memory of the process and every process it started (tsx starts an esbuild), in MB. */
  treeRssMb(): number;
  stop(): Promise<void>;
}

/** VmRSS of one process in MB (0 once it is gone). */
function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The process and all its descendants, from /proc (Linux). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/PID/stat, after the command name in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  }
  return tree;
}

/**
 * Start a Node process on a loopback port and wait until `readyPath` answers 200. A `.js` script runs
 * on plain node (what production runs); a `.ts` one through tsx (the bench's own helpers).
 */
export async function startChild(opts: {
  cwd: string;
  script: string;
  env: Record<string, string>;
  readyPath: string;
  /** Node options before the script, e.g. productionNodeFlags(). */
  nodeFlags?: string[];
}): Promise<Child> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(opts.nodeFlags ?? []),
      // BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof': profile the servers a bench starts.
      ...(process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
      ...(opts.script.endsWith('.ts') ? ['--import', 'tsx'] : []),
      opts.script,
    ],
    {
      cwd: opts.cwd,
      // SITE_URL from opts.env wins: stored pages print it, and the bench stores them before starting.
      env: { ...process.env, SITE_URL: url, ...opts.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // The server logs one line per request: those are dropped, so the start-up lines, the jobs' lines
  // and any error stay (the long-tail rows wait for the page store's line, printed before any load).
  // The first lines are kept whatever follows (start-up, the jobs' first words); then a bounded tail.
  let partial = '';
  let head = '';
  const keep = (d: Buffer) => {
    const lines = (partial + d.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('"msg":"request"')) continue;
      if (head.length < 256 * 1024) head += `${line}\n`;
      else log += `${line}\n`;
    }
    if (log.length > 1024 * 1024) log = log.slice(-256 * 1024);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${opts.script} exited early:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`${opts.script} did not start:\n${log}`);
    }
    try {
      if ((await fetch(url + opts.readyPath)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const coldStartMs = Math.round(performance.now() - started);
  return {
    url,
    pid: child.pid ?? 0,
    coldStartMs,
    output: () => head + log,
    rssMb: () => Math.round(rssOf(child.pid ?? 0)),
    treeRssMb: () => Math.round(processTree(child.pid ?? 0).reduce((sum, pid) => sum + rssOf(pid), 0)),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => {
        child.once('exit', r);
        setTimeout(r, 10_000);
      });
    },
  };
}

export const benchDir = path.dirname(new URL(import.meta.url).pathname);
export const repoRoot = path.resolve(benchDir, '..');

/** The Node options `pnpm start` gives the server (api/package.json, e.g. its heap limit): the bench runs what production runs. */
export function productionNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'api/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * The page store's bound for the bench's servers and seed (`--store-days=N`): every article's page by
 * default, so the crawler walk and the long-tail rows stay comparable with the runs before the bound
 * (issue 43) and measure the store, not renders. `bench/refill.ts` measures the production default.
 */
export const benchStoreDays = () => String(num('store-days', 36_500));

export const METRICS_TOKEN = 'bench-metrics-token-0123456789';
export const BENCH_SITE_URL = 'http://bench.localhost';

/** The real server as `pnpm start` runs it in production, on the seeded database. */
export function productionServerEnv(databaseUrl: string | undefined, dataDir: string) {
  return {
    STORED_PAGES_DAYS: benchStoreDays(),
    NODE_ENV: 'production',
    BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATABASE_URL: databaseUrl ?? '',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RSS_CRON: 'off',
    // As in production: one JSON line per request (to a pipe), and /metrics on (it gives the hit ratio).
    LOG_REQUESTS: 'true',
    METRICS_TOKEN,
  };
}

/** The compiled server as `pnpm start` runs it (api/dist, production Node flags), ready at /api/health. */
export function startCompiledServer(env: Record<string, string>): Promise<Child> {
  return startChild({
    cwd: path.join(repoRoot, 'api'),
    script: 'dist/server.js',
    nodeFlags: productionNodeFlags(),
    readyPath: '/api/health',
    env,
  });
}
