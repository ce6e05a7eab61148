import { originalName } from '@site/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppDeps } from '../context';
import { pictureBackfills, pictures } from '../db/schema';
import { invalidate } from '../lib/cache/sync';
import { outsideText } from '../observe/redact';
import { queuePictureSizes } from './store';

/** A picture stored before sizes existed: `{id}.webp`, no dimensions in its name. */
const LEGACY = '/uploads/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.webp';

/**
 * Where items name pictures, with the surrogate key family of each (a rewrite clears what shows it).
 * Bodies are rewritten too: the trigger of migration 0009 then empties their stored HTML, so the
 * next read renders it with the new picture's sizes.
 */
const COLUMNS = [
  { table: 'articles', column: 'image_url', key: 'article', list: 'list:articles' },
  { table: 'articles', column: 'content', key: 'article', list: 'list:articles' },
  { table: 'products', column: 'image_url', key: 'product', list: 'list:products' },
  { table: 'recipes', column: 'image_url', key: 'recipe', list: 'list:recipes' },
  { table: 'challenges', column: 'image_url', key: 'challenge', list: 'list:challenges' },
  { table: 'newsletter_sponsors', column: 'image_url', key: null, list: null },
] as const;

/**
 * The `picture-backfill` job, queued once after each start: every picture an item names by a
 * pre-sizes name gets a copy under an original's name (`{id}-{w}x{h}.webp`, the same bytes and id),
 * its sizes queued, and every place that named it rewritten to the new name. The old file stays, so
 * addresses already out there (mails, caches, feeds) keep working. Returns how many it moved.
 */
export async function backfillPictures(deps: AppDeps): Promise<number> {
  if (await backfillDone(deps, 'uploads')) return 0;
  const ids = new Set<string>();
  for (const { table, column } of COLUMNS) {
    const res = await deps.db.execute(
      sql.raw(
        `select distinct (regexp_matches(${column}, '${LEGACY}', 'g'))[1] as id from ${table} where ${column} ~ '${LEGACY}'`,
      ),
    );
    for (const row of (res as unknown as { rows: Array<{ id: string }> }).rows) ids.add(row.id);
  }
  let moved = 0;
  let unfinished = 0;
  for (const id of ids) {
    if (deps.lifecycle.shuttingDown) return moved;
    const outcome = await moveLegacyPicture(deps, id);
    if (outcome === 'moved') moved++;
    if (outcome === 'failed') unfinished++;
  }
  if (moved) deps.logger.info({ moved }, `[pictures] ${moved} pictures from before sizes now have them`);
  // A picture the store does not have will never move; one the store failed to give may next start.
  if (!unfinished) await backfillFinished(deps, 'uploads', moved);
  return moved;
}

type BackfillKind = (typeof pictureBackfills.$inferSelect)['kind'];

/** Whether a backfill of this kind has found nothing left to do before (then it never looks again). */
export async function backfillDone(deps: AppDeps, kind: BackfillKind): Promise<boolean> {
  const [row] = await deps.db
    .select({ kind: pictureBackfills.kind })
    .from(pictureBackfills)
    .where(eq(pictureBackfills.kind, kind));
  return Boolean(row);
}

export async function backfillFinished(deps: AppDeps, kind: BackfillKind, moved: number) {
  await deps.db.insert(pictureBackfills).values({ kind, moved }).onConflictDoNothing();
}

async function moveLegacyPicture(deps: AppDeps, id: string): Promise<'moved' | 'missing' | 'failed'> {
  const legacyName = `${id}.webp`;
  let name: string;
  try {
    const file = await deps.storage.get(legacyName);
    if (!file) {
      deps.logger.warn(
        { name: legacyName },
        '[pictures] an item names a picture the file store does not have',
      );
      return 'missing';
    }
    const bytes =
      file.body instanceof Uint8Array
        ? file.body
        : new Uint8Array(await new Response(file.body).arrayBuffer());
    // A file sharp cannot read will not be readable next start either: done with, as a missing one.
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height) return 'missing';
    name = originalName(id, meta.width, meta.height);
    await deps.storage.put(name, bytes, 'image/webp');
    await deps.db
      .insert(pictures)
      .values({ name, width: meta.width, height: meta.height, legacyName })
      .onConflictDoNothing();
  } catch (err) {
    deps.logger.warn(
      { name: legacyName, error: outsideText((err as Error)?.message) },
      '[pictures] could not move a picture',
    );
    return 'failed';
  }
  await queuePictureSizes(deps, name);
  const keys: string[] = [];
  const from = `/uploads/${legacyName}`;
  const to = `/uploads/${name}`;
  for (const { table, column, key, list } of COLUMNS) {
    const res = await deps.db.execute(
      sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = replace(${sql.identifier(column)}, ${from}, ${to}) where strpos(${sql.identifier(column)}, ${from}) > 0 returning id`,
    );
    const rows = (res as unknown as { rows: Array<{ id: number }> }).rows;
    if (rows.length && key) keys.push(list, ...rows.map((r) => `${key}:${r.id}`));
  }
  await invalidate(deps, keys);
  return 'moved';
}
