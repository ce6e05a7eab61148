/**
 * Start-up as an operator meets it: spawn → first 200 of `/` (a real page render on the seeded
 * database), then the resident memory of the process tree after it has idled a moment. Three ways,
 * each started `runs` times in turn:
 *   compiled  what `pnpm start` runs in production: plain node on api/dist (issue 25)
 *   tsx       the previous way, TypeScript compiled in the process by tsx (kept for the comparison)
 *   bare      the bare baseline: Hono on @hono/node-server compiled to JavaScript, no database
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { benchDir, productionNodeFlags, repoRoot, startChild } from './server';

export interface StartRow {
  name: string;
  runs: number;
  /** Spawn → first 200, ms: median, min, max. */
  coldStartMs: { median: number; min: number; max: number };
  /** Process tree RSS after IDLE_MS idle, MB (median). */
  idleTreeMb: number;
}

export interface ColdStart {
  rows: StartRow[];
  budgetMs: number;
}

export const COLD_START_BUDGET_MS = 1500;
const IDLE_MS = 3000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

async function compiledBaseline(): Promise<string> {
  const outDir = path.join(benchDir, 'dist');
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, 'baseline-server.mjs');
  await build({
    entryPoints: [path.join(benchDir, 'baseline-server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

export async function measureColdStart(
  serverEnv: Record<string, string>,
  opts: { runs?: number; log?: (m: string) => void } = {},
): Promise<ColdStart> {
  const runs = opts.runs ?? 5;
  const log = opts.log ?? (() => undefined);
  const api = path.join(repoRoot, 'api');
  const ways = [
    { name: 'compiled (node api/dist/server.js)', cwd: api, script: 'dist/server.js', ready: '/' },
    { name: 'tsx (node --import tsx src/server.ts)', cwd: api, script: 'src/server.ts', ready: '/' },
    { name: 'bare Hono baseline', cwd: benchDir, script: await compiledBaseline(), ready: '/bytes/2' },
  ];
  const samples = new Map(ways.map((w) => [w.name, { ms: [] as number[], mb: [] as number[] }]));
  // Interleaved, so a busy moment of the machine falls on every way alike.
  for (let i = 0; i < runs; i++) {
    for (const way of ways) {
      const child = await startChild({
        cwd: way.cwd,
        script: way.script,
        nodeFlags:
          way.script === 'dist/server.js' || way.script === 'src/server.ts' ? productionNodeFlags() : [],
        readyPath: way.ready,
        env: way.ready === '/' ? serverEnv : {},
      });
      await new Promise((r) => setTimeout(r, IDLE_MS));
      const sample = samples.get(way.name)!;
      sample.ms.push(child.coldStartMs);
      sample.mb.push(child.treeRssMb());
      await child.stop();
      log(`  ${way.name}: ${child.coldStartMs} ms, ${sample.mb.at(-1)} MB`);
    }
  }
  return {
    budgetMs: COLD_START_BUDGET_MS,
    rows: ways.map((w) => {
      const s = samples.get(w.name)!;
      return {
        name: w.name,
        runs,
        coldStartMs: { median: median(s.ms), min: Math.min(...s.ms), max: Math.max(...s.ms) },
        idleTreeMb: median(s.mb),
      };
    }),
  };
}

/** The start-up table of the report. */
export function coldStartMarkdown(c: ColdStart): string[] {
  const [compiled, tsx] = c.rows;
  const out = [
    `## Start-up (spawn → first 200 of \`/\`, then the process tree's memory after ${IDLE_MS / 1000} s idle)`,
    '',
    '| way | runs | median | min | max | idle memory | budget |',
    '|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of c.rows) {
    const budget =
      r === compiled
        ? `${r.coldStartMs.median < c.budgetMs ? 'ok' : '**MISSED**'} (< ${c.budgetMs} ms)`
        : '–';
    out.push(
      `| ${r.name} | ${r.runs} | ${r.coldStartMs.median} ms | ${r.coldStartMs.min} ms | ${r.coldStartMs.max} ms | ${r.idleTreeMb} MB | ${budget} |`,
    );
  }
  if (compiled && tsx) {
    const saved = tsx.idleTreeMb - compiled.idleTreeMb;
    out.push(
      '',
      `Idle memory, compiled vs tsx: ${saved} MB lower (budget: at least 20 MB lower: ${saved >= 20 ? 'ok' : '**MISSED**'}).`,
    );
  }
  out.push('');
  return out;
}
