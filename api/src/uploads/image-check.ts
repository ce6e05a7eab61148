import { LIMITS } from '@site/shared';
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { ApiError } from '../lib/http/errors';
import { EncoderUnavailable, reencodeInEncoder } from '../pictures/encoder-client';

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
const ALLOWED = new Set<string>(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

export const INVALID_TYPE_MESSAGE = 'Invalid file type. Please upload a JPEG, PNG, GIF, or WebP image.';
export const TOO_LARGE_MESSAGE = 'File too large. Please upload an image smaller than 5MB.';
export const DAMAGED_MESSAGE = 'The image could not be read. It may be damaged.';

export interface CheckedImage {
  mime: ImageMime;
  width: number;
  height: number;
  bytes: Uint8Array;
}

/**
 * Decide an upload's type from its bytes (magic numbers), never from its name or Content-Type,
 * and refuse sizes and dimensions we will not decode. Throws ApiError 413/415/400.
 */
export async function checkImage(bytes: Uint8Array): Promise<CheckedImage> {
  if (bytes.byteLength > LIMITS.uploadMaxBytes) throw new ApiError(413, TOO_LARGE_MESSAGE);
  if (bytes.byteLength === 0) throw new ApiError(400, 'The image file is empty.');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ALLOWED.has(type.mime)) throw new ApiError(415, INVALID_TYPE_MESSAGE);
  let meta: Metadata;
  try {
    // Only the header is read here, so sharp's own pixel cap can wait for the decode in
    // reencodeImage: an oversized image then gets the clear dimensions message below, not "damaged".
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError(415, DAMAGED_MESSAGE);
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) throw new ApiError(415, DAMAGED_MESSAGE);
  if (
    width > LIMITS.uploadMaxDimension ||
    height > LIMITS.uploadMaxDimension ||
    width * height > LIMITS.uploadMaxPixels
  ) {
    throw new ApiError(
      400,
      `Image dimensions ${width}×${height} are too large (at most ${LIMITS.uploadMaxDimension} px a side).`,
    );
  }
  return { mime: type.mime as ImageMime, width, height, bytes };
}

/**
 * Re-encode with libvips: strips EXIF/GPS and any trailing payload, caps the size at 2000 px.
 * GIFs stay animated GIFs; everything else becomes WebP.
 */
export async function reencodeImage(img: CheckedImage): Promise<ReencodedImage> {
  return reencodeSlots(async () => {
    const animated = img.mime === 'image/gif';
    // In the encoder process, at the lowest priority (pictures/encoder-client.ts).
    const out = await reencodeInEncoder(img.bytes, animated);
    const ext = animated ? 'gif' : 'webp';
    return { data: out.data, ext, mime: `image/${ext}`, width: out.width, height: out.height };
  });
}

export interface ReencodedImage {
  data: Buffer;
  ext: 'gif' | 'webp';
  mime: string;
  width: number;
  height: number;
}

/**
 * Decoding a 24-megapixel photo takes tens of MB: two at a time, so 20 uploads at once queue here
 * instead of the encoder holding 20 decoded photos (issue 39).
 */
const reencodeSlots = pLimit(2);

/**
 * Every check an uploaded image gets, in one place for /api/upload and the AI image review (issue 27
 * §6): type from the bytes, size, dimensions, then the re-encode, which is where too many frames or
 * damaged pixel data show. Bad input is a 4xx, never a 500, and the same answer on both routes.
 */
export async function checkUpload(bytes: Uint8Array): Promise<{ image: CheckedImage; file: ReencodedImage }> {
  const image = await checkImage(bytes);
  const file = await reencodeImage(image).catch((err) => {
    // The encoder process itself failing is ours, not the picture's: try again, nothing was stored.
    if (err instanceof EncoderUnavailable) {
      throw new ApiError(
        503,
        'The picture could not be processed just now. Nothing was saved. Please try again.',
      );
    }
    throw new ApiError(415, DAMAGED_MESSAGE);
  });
  return { image, file };
}
