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
 * Reads a file the user chose and checks it before anything is sent: the 5 MB limit first
 * (from the size on disk, so a huge file is never read), then the type by content, never by name.
 */
export async function readImageFile(filePath: string): Promise<Result<ImageFile>> {
  let size: number;
  try {
    const info = await stat(filePath);
    if (!info.isFile()) return { ok: false, message: UNREADABLE };
    size = info.size;
  } catch {
    return { ok: false, message: UNREADABLE };
  }
  if (size > LIMITS.uploadMaxBytes) return { ok: false, message: TOO_LARGE };

  let data: Uint8Array<ArrayBuffer>;
  try {
    const handle = await open(filePath, 'r');
    try {
      // Read at most one byte past the limit: the file may have grown since stat.
      const buf = Buffer.alloc(Math.min(size, LIMITS.uploadMaxBytes) + 1);
      const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
      data = new Uint8Array(buf.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
  } catch {
    return { ok: false, message: UNREADABLE };
  }
  if (data.byteLength > LIMITS.uploadMaxBytes) return { ok: false, message: TOO_LARGE };

  const detected = await fileTypeFromBuffer(data);
  if (!detected || !allowed.has(detected.mime)) return { ok: false, message: INVALID_TYPE };
  return {
    ok: true,
    value: { name: path.basename(filePath), type: detected.mime as ImageMime, size: data.byteLength, data },
  };
}
