import { type ArchiveRows, archiveMarkdown } from './archive';
import type { BundleRow } from './bundle';
import { type ColdStart, coldStartMarkdown } from './cold-start';
import { type LongTail, longTailMarkdown } from './long-tail-run';
import type { LoadResult } from './load';
import { type PicturesResult, picturesMarkdown } from './pictures-run';

interface Results {
  meta: {
    startedAt: string;
    durationS: number;
    mode: string;
    database: string;
    node: string;
    cpus: number;
    connections: number;
    seconds: number;
    warmup: number;
    counts: Record<string, number>;
  };
  budgets: {
    apiP99Ms: number;
    searchP95Ms: number;
    routeJsGzip: number;
    crowdP99Ms: number;
    hitRatioToBare: number;
    adminSaveP95Ms?: number;
  };
  coldStartMs: number;
  startup?: ColdStart;
  longTail?: LongTail;
  rss: { idleMb: number; peakUnderLoadMb: number };
  endpoints: Array<{
    name: string;
    kind: 'api' | 'ssr';
    status: string;
    note?: string;
    bodyBytes?: number;
    real?: LoadResult;
    bare?: LoadResult;
    crowd?: boolean;
    hitRatio?: number;
  }>;
  search: {
    endpointP95Ms: number | null;
    sqlOnly: { shape: string; p50: number; p95: number; p99: number; n: number };
    admin?: { p50: number; p95: number; p99: number; n: number; sampleTotal: number };
    adminSave?: {
      p50: number;
      p95: number;
      p99: number;
      n: number;
      revisions: number;
      fullHistories: number;
      listP95: number;
      /** Absent in results before 2 Dec: saves were timed back to back against the previous save's renders. */
      refreshP50?: number;
      refreshP95?: number;
    };
    plans: Array<{ shape: string; term: string; usesGinIndex: boolean; access: string; executionMs: number }>;
  };
  bundles: {
    entry: BundleRow;
    lazy: BundleRow[];
    routes: Array<BundleRow & { status: number; expected: number }>;
    admin?: { admin: BundleRow | null; editor: BundleRow | null } | null;
  } | null;
  /** Issue 39's step (bench/pictures-run.ts), unless --no-pictures. */
  pictures?: PicturesResult;
  /** Issue 43's rows (bench/archive.ts); absent in results before 2 Dec. */
  archive?: ArchiveRows;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

/** The figures as markdown: what `pnpm bench` prints and writes beside the JSON. */
export function renderMarkdown(r: Results): string {
  const m = r.meta;
  const b = r.budgets;
  const out: string[] = [];
  out.push(`# Benchmark (${m.mode}, ${m.database})`, '');
  out.push(
    `${m.startedAt} · Node ${m.node} · ${m.cpus} CPUs · ${m.counts.articles} articles, ${m.counts.products} products, ${m.counts.recipes} recipes · ${m.connections} connections, ${m.seconds} s per endpoint after ${m.warmup} s warm-up · run took ${m.durationS} s`,
    '',
  );
  out.push('## Throughput and latency (real server vs bare Hono with a body of the same size)', '');
  out.push('| endpoint | body | req/s | p50 | p99 | bare req/s | bare p99 | ratio to bare | budget |');
  out.push('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const e of r.endpoints.filter((row) => !row.crowd)) {
    if (e.status !== 'measured' || !e.real || !e.bare) {
      out.push(`| ${e.name} | | | | | | | | missing: ${e.note ?? ''} |`);
      continue;
    }
    const ratio = e.bare.requestsPerSec ? (e.real.requestsPerSec / e.bare.requestsPerSec).toFixed(2) : '–';
    const failures = e.real.failures ? ` (${e.real.failures} failed)` : '';
    const budget =
      e.kind === 'api'
        ? e.real.p99 < b.apiP99Ms
          ? `ok (p99 < ${b.apiP99Ms} ms)`
          : `**MISSED** (p99 < ${b.apiP99Ms} ms)`
        : '–';
    out.push(
      `| ${e.name} | ${kb(e.bodyBytes ?? 0)} | ${e.real.requestsPerSec}${failures} | ${ms(e.real.p50)} | ${ms(e.real.p99)} | ${e.bare.requestsPerSec} | ${ms(e.bare.p99)} | ${ratio} | ${budget} |`,
    );
  }
  out.push('');
  const hit = r.endpoints.find((e) => e.name === 'GET /api/content?limit=20');
  if (hit?.real && hit.bare?.requestsPerSec) {
    const ratio = hit.real.requestsPerSec / hit.bare.requestsPerSec;
    out.push(
      `**Cache hit cost:** cached GET /api/content?limit=20 runs at ${ratio.toFixed(2)}x bare (${hit.real.requestsPerSec} vs ${hit.bare.requestsPerSec} req/s) — ${ratio >= b.hitRatioToBare ? 'ok' : '**MISSED**'} (target >= ${b.hitRatioToBare}x)`,
      '',
    );
  }

  const crowd = r.endpoints.filter((e) => e.crowd && e.real && e.bare);
  if (crowd.length) {
    out.push(
      `## A crowd (${m.connections} connections, Zipf over ${m.counts.articles} articles, long-tail searches)`,
      '',
    );
    out.push('| row | body | req/s | p50 | p99 | cache hit ratio | bare req/s | ratio to bare | budget |');
    out.push('|---|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const e of crowd) {
      const real = e.real!;
      const bare = e.bare!;
      const budgeted = /SSR \/content|\/api\/content\/\{zipf/.test(e.name);
      const budget = budgeted
        ? real.p99 < b.crowdP99Ms
          ? `ok (p99 < ${b.crowdP99Ms} ms)`
          : `**MISSED** (p99 < ${b.crowdP99Ms} ms)`
        : '–';
      const failures = real.failures ? ` (${real.failures} failed)` : '';
      out.push(
        `| ${e.name} | ${kb(e.bodyBytes ?? 0)} | ${real.requestsPerSec}${failures} | ${ms(real.p50)} | ${ms(real.p99)} | ${((e.hitRatio ?? 0) * 100).toFixed(0)}% | ${bare.requestsPerSec} | ${(real.requestsPerSec / bare.requestsPerSec).toFixed(2)} | ${budget} |`,
      );
    }
    out.push('');
  }

  out.push('## Search', '');
  const s = r.search;
  if (s.endpointP95Ms !== null) {
    out.push(
      `- Search endpoint p95 at ${m.connections} connections: ${ms(s.endpointP95Ms)} — ${s.endpointP95Ms < b.searchP95Ms ? 'ok' : '**MISSED**'} (budget p95 < ${b.searchP95Ms} ms)`,
    );
  } else {
    out.push('- Search endpoint: missing (not built yet); SQL alone below.');
  }
  out.push(
    `- SQL alone (${s.sqlOnly.shape}, sequential, ${s.sqlOnly.n} queries): p50 ${ms(s.sqlOnly.p50)}, p95 ${ms(s.sqlOnly.p95)}, p99 ${ms(s.sqlOnly.p99)}`,
    ...(s.admin
      ? [
          `- Admin article search, cold (GET /api/admin/content?q=… with filters, count and sort, as an admin, sequential, ${s.admin.n} requests): p50 ${ms(s.admin.p50)}, p95 ${ms(s.admin.p95)}, p99 ${ms(s.admin.p99)} — ${s.admin.p95 < b.searchP95Ms ? 'ok' : '**MISSED**'} (budget p95 < ${b.searchP95Ms} ms)`,
        ]
      : []),
    ...(s.adminSave
      ? [
          `- Editor save (PUT /api/content/:id as an admin, revision stored and pruned, sequential, ${s.adminSave.n} saves over ${s.adminSave.revisions} revisions, half on ${s.adminSave.fullHistories} articles at the full history): p50 ${ms(s.adminSave.p50)}, p95 ${ms(s.adminSave.p95)}, p99 ${ms(s.adminSave.p99)} — ${s.adminSave.p95 < (b.adminSaveP95Ms ?? 50) ? 'ok' : '**MISSED**'} (budget p95 < ${b.adminSaveP95Ms ?? 50} ms); History list p95 ${ms(s.adminSave.listP95)}${s.adminSave.refreshP95 === undefined ? '' : `; the stored pages it renders again after answering: p50 ${ms(s.adminSave.refreshP50 ?? 0)}, p95 ${ms(s.adminSave.refreshP95)} (let finish before the next save, as at an editor's pace)`}`,
        ]
      : []),
    '',
  );
  out.push('| term | shape | access path (EXPLAIN ANALYZE) | execution |', '|---|---|---|---:|');
  for (const p of s.plans) {
    const slow = p.executionMs >= b.searchP95Ms ? ' (over budget)' : '';
    out.push(`| ${p.term} | ${p.shape} | ${p.access} | ${ms(p.executionMs)}${slow} |`);
  }
  out.push('');

  if (r.startup) out.push(...coldStartMarkdown(r.startup));
  if (r.longTail) out.push(...longTailMarkdown(r.longTail));
  if (r.archive) out.push(...archiveMarkdown(r.archive));
  out.push('## Server', '');
  out.push(`- Cold start of the loaded server (spawn to first 200 from /api/health): ${r.coldStartMs} ms`);
  out.push(`- RSS: ${r.rss.idleMb} MB idle after start, ${r.rss.peakUnderLoadMb} MB peak under load`, '');

  if (r.bundles) {
    out.push('## Initial JavaScript and CSS (gzip)', '');
    out.push('| route / chunk | JS | CSS | budget (JS <= 120 KB) |', '|---|---:|---:|---|');
    const okJs = (n: number) => (n <= b.routeJsGzip ? 'ok' : '**MISSED**');
    const e = r.bundles.entry;
    out.push(`| ${e.name} | ${kb(e.jsGzip)} | ${kb(e.cssGzip)} | ${okJs(e.jsGzip)} |`);
    for (const route of r.bundles.routes) {
      const st = route.status === route.expected ? '' : ` (HTTP ${route.status}: not built yet?)`;
      out.push(`| ${route.name}${st} | ${kb(route.jsGzip)} | ${kb(route.cssGzip)} | ${okJs(route.jsGzip)} |`);
    }
    // The admin is apart from the public budget; printed beside it so its weight stays visible (issue 31).
    for (const a of [r.bundles.admin?.admin, r.bundles.admin?.editor]) {
      if (a) out.push(`| ${a.name} | ${kb(a.jsGzip)} | ${kb(a.cssGzip)} | apart (admin) |`);
    }
    out.push(
      '',
      'Lazy chunks (loaded on demand, on top of the entry; admin is apart from the public budget):',
      '',
    );
    out.push('| chunk | JS | CSS |', '|---|---:|---:|');
    for (const l of r.bundles.lazy) out.push(`| ${l.name} | ${kb(l.jsGzip)} | ${kb(l.cssGzip)} |`);
    out.push('');
  }
  if (r.pictures) out.push(...picturesMarkdown(r.pictures));
  return `${out.join('\n')}\n`;
}
