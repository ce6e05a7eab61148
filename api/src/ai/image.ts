import { LIMITS } from '@site/shared';
import sharp from 'sharp';
import type { CheckedImage } from '../uploads/image-check';

// Big enough for the model to read labels; small enough to keep the request (and its cost) modest.
const MODEL_IMAGE_SIZE = 1024;

/**
 * The checked upload as a JPEG data URL for the vision model: re-encoded (no EXIF or GPS leaves
 * the server), first frame only, at most 1024 px a side.
 */
export async function imageDataUrl(img: CheckedImage): Promise<string> {
  const jpeg = await sharp(img.bytes, { limitInputPixels: LIMITS.uploadMaxPixels })
    .rotate()
    .resize({ width: MODEL_IMAGE_SIZE, height: MODEL_IMAGE_SIZE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}
