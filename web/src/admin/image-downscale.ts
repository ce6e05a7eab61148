import { LIMITS } from '@site/shared';

/**
 * Camera photos as they are (issue 39 §4): a JPEG, PNG or WebP over the upload limit is scaled down
 * in the browser (or the desktop's renderer) to at most `DOWNSCALE_MAX_SIDE` px on its longer side and
 * re-encoded as JPEG, stepping quality and then size down until it fits, so what goes on the wire is
 * under 5 MB. The server re-encodes every upload anyway (api/src/uploads), so nothing is lost that a
 * page would show: its largest rung is 1,920 px wide.
 */

/** The longest side a scaled photo keeps. */
export const DOWNSCALE_MAX_SIDE = 4000;
/** Below this longest side the scaler gives up (the picture would be too small to be worth having). */
export const DOWNSCALE_MIN_SIDE = 1600;

/** Types the scaler takes; a GIF is never scaled (its animation would be lost). */
export const SCALABLE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const SCALABLE_EXTENSION = /\.(jpe?g|png|webp)$/i;

/** Whether a file may be scaled: by its type, or by its extension when the type is unknown. */
export const isScalable = (file: { name: string; type: string }) =>
  file.type ? SCALABLE_TYPES.has(file.type) : SCALABLE_EXTENSION.test(file.name);

/**
 * Dimensions for a `width` × `height` picture with its longer side at most `maxSide`, in the same
 * proportions (rounded, never under 1 px). A picture already within `maxSide` keeps its size: never
 * an enlargement.
 */
export function targetSize(
  width: number,
  height: number,
  maxSide: number,
): { width: number; height: number } {
  if (!(width > 0 && height > 0 && maxSide > 0)) throw new RangeError('Dimensions must be positive');
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The encodings tried in turn, best first: the largest size at quality 0.9, then 0.8, then smaller
 * sizes (each 80 % of the one before) at 0.8 down to `DOWNSCALE_MIN_SIDE`, the last at 0.7.
 */
export function encodeSteps(
  maxSide = DOWNSCALE_MAX_SIDE,
  minSide = DOWNSCALE_MIN_SIDE,
): { maxSide: number; quality: number }[] {
  const steps = [
    { maxSide, quality: 0.9 },
    { maxSide, quality: 0.8 },
  ];
  for (let side = Math.round(maxSide * 0.8); side > minSide; side = Math.round(side * 0.8)) {
    steps.push({ maxSide: side, quality: 0.8 });
  }
  steps.push({ maxSide: minSide, quality: 0.7 });
  return steps;
}

/** The name a scaled file is sent under: the same name, as a .jpg. */
export const scaledName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'image'}.jpg`;

export interface DownscaleOptions {
  /** The largest result accepted, in bytes (default: the upload limit). */
  maxBytes?: number;
  maxSide?: number;
}

type Surface = {
  draw: (img: ImageBitmap, width: number, height: number) => void;
  encode: (quality: number) => Promise<Blob | null>;
};

function surface(width: number, height: number): Surface | null {
  let ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  let encode: Surface['encode'];
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    ctx = canvas.getContext('2d');
    encode = (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality });
  } else if (typeof document !== 'undefined') {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    ctx = canvas.getContext('2d');
    encode = (quality) => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  } else return null;
  if (!ctx) return null;
  const c = ctx;
  return {
    draw(img, w, h) {
      // JPEG has no transparency: a PNG's clear areas become white, not black.
      c.fillStyle = '#fff';
      c.fillRect(0, 0, w, h);
      c.imageSmoothingEnabled = true;
      c.imageSmoothingQuality = 'high';
      c.drawImage(img, 0, 0, w, h);
    },
    encode,
  };
}

/**
 * Scales a photo down and re-encodes it as JPEG until it is at most `maxBytes`. Resolves with the new
 * JPEG, or null when the browser cannot decode the file (or has no canvas) or no step fits.
 */
export async function downscaleImage(file: Blob, options: DownscaleOptions = {}): Promise<Blob | null> {
  const maxBytes = options.maxBytes ?? LIMITS.uploadMaxBytes;
  if (typeof createImageBitmap === 'undefined') return null;
  let bitmap: ImageBitmap;
  try {
    // EXIF orientation applied, so a portrait phone photo stays upright once its EXIF is gone.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    let last: { width: number; height: number } | null = null;
    let canvas: Surface | null = null;
    for (const step of encodeSteps(options.maxSide ?? DOWNSCALE_MAX_SIDE)) {
      const size = targetSize(bitmap.width, bitmap.height, step.maxSide);
      if (!last || last.width !== size.width || last.height !== size.height) {
        canvas = surface(size.width, size.height);
        if (!canvas) return null;
        canvas.draw(bitmap, size.width, size.height);
        last = size;
      }
      const out = await canvas!.encode(step.quality);
      if (out && out.size > 0 && out.size <= maxBytes) return out;
    }
    return null;
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}
