import { PICTURE_FORMATS, type PictureFormat, parseOriginalName, rungWidths, rungName } from '@site/shared';
import { eq, sql } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import type { AppDeps } from '../context';
import { pictures } from '../db/schema';
import { PICTURE_SIZE_TRIES } from '../queue/boss';

/**
 * One core for pictures: libvips would take every core for each resize, and readers share them
 * (issue 39: 20 uploads at once keep public reads within 20% of their rate). The operation cache
 * only helps when one input is processed again and again, which neither an upload nor a job does.
 * Called once by the server's start-up (bootstrap), not on import.
 */
export function shareCoresWithReaders() {
  sharp.concurrency(1);
  sharp.cache(false);
}

/**
 * AVIF at effort 2: measured on a 3,640 × 2,400 camera photo, the 8 rungs take 3.9 s at effort 2
 * and 20.8 s at effort 4 (the default) on one core, for 35% larger files; the sizes must exist
 * within 10 s of an upload. WebP at 75 is what the rungs' widths need (the original keeps 82).
 */
const ENCODE: Record<PictureFormat, (p: Sharp) => Sharp> = {
  avif: (p) => p.avif({ quality: 50, effort: 2 }),
  webp: (p) => p.webp({ quality: 75, effort: 4 }),
};

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
      const resized = sharp(bytes).resize({ width, withoutEnlargement: true });
      for (const format of PICTURE_FORMATS) {
        const data = await ENCODE[format](resized.clone()).toBuffer();
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
      { name, attempt: row?.attempts ?? null, error: (err as Error).message },
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
