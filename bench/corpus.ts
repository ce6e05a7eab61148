import { openDatabase } from '../api/src/db/client';

/** Every published article's slug, newest (the crowd's most read) first. */
export const PUBLISHED_SLUGS_SQL = `select slug from articles where status = 'published'
  order by coalesce(published_at, created_at) desc, id desc`;

/** The 600 commonest words of the titles (over three letters): what the crowd searches for. */
export const TITLE_VOCABULARY_SQL = `select w from (select regexp_split_to_table(lower(title), '[^a-z]+') w from articles) t
  where length(w) > 3 group by w order by count(*) desc limit 600`;

/** What the crowds draw from, read off a database `pnpm bench` has seeded (the same draws as bench/run.ts). */
export async function loadCorpus(databaseUrl: string): Promise<{ slugs: string[]; vocabulary: string[] }> {
  const handle = await openDatabase({ url: databaseUrl, dataDir: 'unused' });
  const rows = async (sql: string) =>
    ((await handle.db.execute(sql)) as unknown as { rows: Array<Record<string, string>> }).rows;
  try {
    const slugs = (await rows(PUBLISHED_SLUGS_SQL)).map((r) => r.slug!);
    const vocabulary = (await rows(TITLE_VOCABULARY_SQL)).map((r) => r.w!);
    return { slugs, vocabulary };
  } finally {
    await handle.close();
  }
}
