import { PICTURE_FORMATS, parseOriginalName, rungWidths, rungName } from '@site/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { pictures } from '../db/schema';
import { outsideText } from '../observe/redact';
import { PICTURE_SIZE_TRIES } from '../queue/boss';
import { rungInEncoder } from './encoder-client';

async function readAll(body: Uint8Array | ReadableStream<Uint8Array>): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return body;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/**
 * The `picture-sizes` job: every rung of one original in AVIF and WebP, each stored whole under its
 * own immutable name (the store writes atomically, so a half-made file is never served), then the
 * row is marked ready. A failure is thrown for the queue to retry; the last try marks it failed.
 */
export async function makePictureSizes(deps: AppDeps, name: string): Promise<'ready' | 'failed' | 'skipped'> {
  const original = parseOriginalName(name);
  if (!original) return 'skipped';
  try {
    const file = await deps.storage.get(name);
    if (!file) throw new PictureError('The original is missing from the file store.');
    const bytes = await readAll(file.body);
    for (const width of rungWidths(original.width).reverse()) {
      for (const format of PICTURE_FORMATS) {
        // In the encoder process, at the lowest priority: readers first (encoder-client.ts).
        const { data } = await rungInEncoder(bytes, width, format);
        await deps.storage.put(rungName(original, width, format), data, `image/${format}`);
      }
    }
    await deps.db
      .update(pictures)
      .set({ status: 'ready', readyAt: new Date(), error: null, attempts: sql`${pictures.attempts} + 1` })
      .where(eq(pictures.name, name));
    return 'ready';
  } catch (err) {
    const error = err instanceof PictureError ? err.message : 'The sizes could not be made or stored.';
    const [row] = await deps.db
      .update(pictures)
      .set({ attempts: sql`${pictures.attempts} + 1`, error })
      .where(eq(pictures.name, name))
      .returning({ attempts: pictures.attempts });
    deps.logger.warn(
      { name, attempt: row?.attempts ?? null, error: outsideText((err as Error)?.message) },
      '[pictures] sizes failed',
    );
    if (!row || row.attempts >= PICTURE_SIZE_TRIES) {
      await deps.db.update(pictures).set({ status: 'failed' }).where(eq(pictures.name, name));
      return 'failed';
    }
    throw err;
  }
}

/** A failure whose message is ours to show admins. */
class PictureError extends Error {}
