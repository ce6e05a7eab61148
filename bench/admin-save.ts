import type { Booted } from '../api/src/bootstrap';
import type { Database } from '../api/src/db/client';
import { storedPagesIdle } from '../api/src/web/stored-pages';

export interface AdminSaveTiming {
  p50: number;
  p95: number;
  p99: number;
  n: number;
  /** Revisions stored when the timing started, and articles with a full history (pruned on each save). */
  revisions: number;
  fullHistories: number;
  /** GET …/revisions of an article with a full history: the editor's History list. */
  listP95: number;
  /**
   * The stored pages a save renders again after its answer (its article, the pages showing it as
   * related), timed from the answer until that background pass ends. Not part of the save's time: an
   * editor's next save comes seconds later, so the bench lets the pass end before it (as an editor's
   * pace would), instead of timing saves against the previous save's renders.
   */
  refreshP50: number;
  refreshP95: number;
}

const FULL_HISTORY_ARTICLES = 500;

/**
 * Revisions as a site that wrote every article in the editor would have them (issue 31 §5): one per
 * article (its create), and for the newest FULL_HISTORY_ARTICLES a full history of `keep` revisions,
 * so every save of those also deletes the oldest one. Inserted in SQL, once: a second run adds nothing.
 */
export async function seedRevisions(
  db: Database,
  keep: number,
  log: (m: string) => void,
  opts: { everyArticle?: boolean } = {},
) {
  const started = performance.now();
  // Plain SQL text: bench/ reaches the database through the app's handle only (numbers are ours).
  // Every article's create revision: at 1,000,000 articles this insert ran for over 10 minutes
  // (167 MB written when stopped), so admin-save-only.ts can skip it (--no-first-revisions).
  if (opts.everyArticle !== false)
    await db.execute(`insert into article_revisions (article_id, kind, title, content, created_at)
    select a.id, 'create', a.title, a.content, a.created_at from articles a
    where not exists (select 1 from article_revisions r where r.article_id = a.id)`);
  await db.execute(`insert into article_revisions (article_id, kind, title, content, created_at)
    select a.id, 'save', a.title || ' (draft ' || g.n || ')', a.content, a.created_at + g.n * interval '1 hour'
    from (select id, title, content, created_at from articles order by id desc limit ${FULL_HISTORY_ARTICLES}) a
    cross join generate_series(2, ${Math.trunc(keep)}) g(n)
    where (select count(*) from article_revisions r where r.article_id = a.id) < ${Math.trunc(keep)}`);
  await db.execute('analyze article_revisions');
  const [row] = (
    (await db.execute('select count(*)::int as n from article_revisions')) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows;
  log(`  ${row?.n ?? 0} revisions stored (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return row?.n ?? 0;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * PUT /api/content/:id through the real app (auth, Origin check, validation, the 409 condition, the
 * body render, the revision and its pruning, cache clearing) as a signed-in admin, one save at a time:
 * half on articles with a full history, half on others. Admin budget: p95 < 50 ms at 100,000 articles.
 */
export async function timeAdminSaves(
  booted: Booted,
  siteUrl: string,
  cookie: string,
  opts: { saves?: number; keep: number },
): Promise<AdminSaveTiming> {
  const db = booted.deps.db;
  const origin = new URL(siteUrl).origin;
  const pick = async (where: string) =>
    (
      (await db.execute(`select id, title, content, updated_at from articles ${where}`)) as unknown as {
        rows: Array<{ id: number; title: string; content: string; updated_at: Date | string }>;
      }
    ).rows;
  const full = await pick(`order by id desc limit ${FULL_HISTORY_ARTICLES}`);
  // Never one of `full`: below ~50,000 articles the two pools met, and a save on a stale copy got a 409.
  const others = await pick(
    `where id % 97 = 3 and id < (select min(id) from (select id from articles order by id desc limit ${FULL_HISTORY_ARTICLES}) f) order by id limit ${FULL_HISTORY_ARTICLES}`,
  );
  const revisions = Number(
    (
      (await db.execute('select count(*)::int as n from article_revisions')) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows[0]?.n ?? 0,
  );
  const saves = opts.saves ?? 200;
  const times: number[] = [];
  const refresh: number[] = [];
  await storedPagesIdle(booted.deps);
  for (let i = 0; i < saves; i++) {
    const pool = i % 2 === 0 ? full : others;
    const a = pool[(i * 7) % pool.length];
    if (!a) break;
    const body = {
      title: `${a.title.replace(/ \(edit \d+\)$/, '')} (edit ${i})`,
      content: `${a.content}\n<p>Edited in the bench, save ${i}.</p>`,
      updatedAt: new Date(a.updated_at).toISOString(),
    };
    const t = performance.now();
    const res = await booted.app.request(`/api/content/${a.id}`, {
      method: 'PUT',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const saved = (await res.json()) as { updatedAt?: string; message?: string };
    const answered = performance.now();
    times.push(answered - t);
    if (res.status !== 200) throw new Error(`save answered ${res.status}: ${saved.message}`);
    await storedPagesIdle(booted.deps);
    refresh.push(performance.now() - answered);
    // The next save of this article loads the version this one made (no 409).
    a.updated_at = saved.updatedAt ?? a.updated_at;
    a.content = body.content.replace(/\n<p>Edited in the bench, save \d+\.<\/p>$/, '');
  }
  const list: number[] = [];
  for (const a of full.slice(0, 40)) {
    const t = performance.now();
    const res = await booted.app.request(`/api/admin/content/${a.id}/revisions`, { headers: { cookie } });
    await res.arrayBuffer();
    list.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`revision list answered ${res.status}`);
  }
  times.sort((x, y) => x - y);
  list.sort((x, y) => x - y);
  refresh.sort((x, y) => x - y);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    n: times.length,
    revisions,
    fullHistories: full.length,
    listP95: percentile(list, 95),
    refreshP50: percentile(refresh, 50),
    refreshP95: percentile(refresh, 95),
  };
}
