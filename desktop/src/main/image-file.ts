import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS, UPLOAD_EXTENSIONS, UPLOAD_MIME_TYPES } from '@site/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { ImageFile, Result } from '../shared/bridge';

// Spec §8 messages, shown by the renderer as they are.
export const INVALID_TYPE = 'Invalid file type: Please upload a JPEG, PNG, GIF, or WebP image.';
export const TOO_LARGE = 'File too large: Please upload an image smaller than 5MB.';
export const UNREADABLE = 'Could not read the file. Please choose another image.';

/** The dialog's filter: the same extensions the API accepts. */
export const IMAGE_FILTERS = [
  { name: 'Images (JPEG, PNG, GIF, WebP)', extensions: UPLOAD_EXTENSIONS.map((e) => e.slice(1)) },
];

type ImageMime = ImageFile['type'];
const allowed = new Set<string>(UPLOAD_MIME_TYPES);

/**
 * The largest photo the image dialog hands on (issue 39 §4). The admin's image field scales a JPEG,
 * PNG or WebP over 5 MB down in the renderer before it uploads it (web/src/admin/image-downscale.ts),
 * so a camera photo can be picked as it is; a GIF stays at 5 MB (its animation would be lost).
 */
export const PICK_MAX_BYTES = 50 * 1024 * 1024;
const SCALABLE = new Set<string>(['image/jpeg', 'image/png', 'image/webp']);

/**
 * Reads a file the user chose and checks it before anything is sent: the size limit first (from the
 * size on disk, so a huge file is never read), then the type by content, never by name. The limit is
 * 5 MB, or with `photos` (the image dialog) `PICK_MAX_BYTES` for a JPEG, PNG or WebP, which the image
 * field then scales down; a dropped file keeps 5 MB (the article editor, which takes drops, does not scale).
 */
export async function readImageFile(
  filePath: string,
  { photos = false }: { photos?: boolean } = {},
): Promise<Result<ImageFile>> {
  const cap = photos ? PICK_MAX_BYTES : LIMITS.uploadMaxBytes;
  let size: number;
  try {
    const info = await stat(filePath);
    if (!info.isFile()) return { ok: false, message: UNREADABLE };
    size = info.size;
  } catch {
    return { ok: false, message: UNREADABLE };
  }
  if (size > cap) return { ok: false, message: TOO_LARGE };

  let data: Uint8Array<ArrayBuffer>;
  try {
    const handle = await open(filePath, 'r');
    try {
      // Read at most one byte past the limit: the file may have grown since stat.
      const buf = Buffer.alloc(Math.min(size, cap) + 1);
      const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
      data = new Uint8Array(buf.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
  } catch {
    return { ok: false, message: UNREADABLE };
  }
  if (data.byteLength > cap) return { ok: false, message: TOO_LARGE };

  const detected = await fileTypeFromBuffer(data);
  if (!detected || !allowed.has(detected.mime)) return { ok: false, message: INVALID_TYPE };
  if (data.byteLength > LIMITS.uploadMaxBytes && !SCALABLE.has(detected.mime))
    return { ok: false, message: TOO_LARGE };
  return {
    ok: true,
    value: { name: path.basename(filePath), type: detected.mime as ImageMime, size: data.byteLength, data },
  };
}
