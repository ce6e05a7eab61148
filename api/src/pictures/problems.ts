import { count, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { pictures } from '../db/schema';
import { queuePictureSizes } from './store';

/** How many pictures have no sizes because every try failed, and the latest reason. */
export async function failedPictures(deps: AppDeps): Promise<{ count: number; error: string | null }> {
  const [row] = await deps.db
    .select({
      count: count(),
      error: sql<string | null>`(array_agg(${pictures.error} order by ${pictures.createdAt} desc))[1]`,
    })
    .from(pictures)
    .where(eq(pictures.status, 'failed'));
  return { count: row?.count ?? 0, error: row?.error ?? null };
}

/** Queue every failed picture again, with its tries counted afresh; returns how many. */
export async function retryFailedPictures(deps: AppDeps): Promise<number> {
  const rows = await deps.db
    .update(pictures)
    .set({ status: 'pending', attempts: 0, error: null })
    .where(eq(pictures.status, 'failed'))
    .returning({ name: pictures.name });
  for (const { name } of rows) await queuePictureSizes(deps, name);
  return rows.length;
}
