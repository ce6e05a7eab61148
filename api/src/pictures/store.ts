import { randomUUID } from 'node:crypto';
import { originalName } from '@site/shared';
import type { AppDeps } from '../context';
import { pictures } from '../db/schema';
import { storeUpload } from '../lib/storage/storage';
import { queueFor } from '../queue/boss';
import { QUEUES } from '../queue/names';
import { checkUpload } from '../uploads/image-check';

export interface StoredPicture {
  /** The stored file's name (`{id}-{w}x{h}.webp`, or `{id}.gif` for a GIF, which keeps no ladder). */
  name: string;
  /** The address pages use: `${SITE_URL}/uploads/{name}`. */
  url: string;
  width: number;
  height: number;
}

/**
 * Check, re-encode and store a picture (an editor's upload, a feed's picture), then queue its sizes.
 * Bad bytes are a 4xx ApiError (checkUpload) and store nothing; a store that is down is a 503. The
 * original answers every size until the job has made them (GET /uploads, web/static.ts).
 */
export async function storePicture(
  deps: AppDeps,
  bytes: Uint8Array,
  opts: { sourceUrl?: string } = {},
): Promise<StoredPicture> {
  const { file } = await checkUpload(bytes);
  const id = randomUUID();
  // Animated GIFs stay one file: a ladder of stills would stop them.
  const name = file.ext === 'gif' ? `${id}.gif` : originalName(id, file.width, file.height);
  await storeUpload(deps, name, file.data, file.mime);
  const stored = {
    name,
    url: `${deps.env.SITE_URL}${deps.storage.publicPath(name)}`,
    width: file.width,
    height: file.height,
  };
  const gif = file.ext === 'gif';
  // A GIF has nothing to make (ready at once); its row still keeps a feed picture's source.
  await deps.db
    .insert(pictures)
    .values({
      name,
      width: file.width,
      height: file.height,
      sourceUrl: opts.sourceUrl ?? null,
      ...(gif ? { status: 'ready' as const, readyAt: new Date() } : {}),
    })
    .onConflictDoNothing();
  if (!gif) await queuePictureSizes(deps, name);
  return stored;
}

export async function queuePictureSizes(deps: AppDeps, name: string) {
  const boss = await queueFor(deps);
  await boss.send(QUEUES.pictureSizes, { name });
}
