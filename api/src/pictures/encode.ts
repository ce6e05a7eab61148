import { LIMITS } from '@site/shared';
import sharp, { type Sharp } from 'sharp';

/**
 * The encodes themselves, run in the encoder process (encoder.ts) or, where no child can be had, in
 * this one. Re-encoding strips EXIF/GPS and any trailing payload and caps the size at 2,000 px; GIFs
 * stay animated GIFs, everything else becomes WebP.
 */
export async function reencodeBytes(bytes: Buffer, animated: boolean) {
  const pipeline = sharp(bytes, { animated, limitInputPixels: LIMITS.uploadMaxPixels })
    .rotate()
    .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true });
  const out = animated
    ? await pipeline.gif().toBuffer({ resolveWithObject: true })
    : await pipeline.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
  // An animated GIF's info height is every frame's; its page height is one picture's.
  return { data: out.data, width: out.info.width, height: out.info.pageHeight ?? out.info.height };
}

/**
 * AVIF at effort 2: measured on a 3,640 × 2,400 camera photo, the 8 rungs take 3.9 s at effort 2
 * and 20.8 s at effort 4 (the default) on one core, for 35% larger files; the sizes must exist
 * within 10 s of an upload. WebP at 75 is what the rungs' widths need (the original keeps 82).
 */
const ENCODE: Record<'avif' | 'webp', (p: Sharp) => Sharp> = {
  avif: (p) => p.avif({ quality: 50, effort: 2 }),
  webp: (p) => p.webp({ quality: 75, effort: 4 }),
};

export async function encodeRung(original: Buffer, width: number, format: 'avif' | 'webp') {
  const out = await ENCODE[format](sharp(original).resize({ width, withoutEnlargement: true })).toBuffer({
    resolveWithObject: true,
  });
  return { data: out.data, width: out.info.width, height: out.info.height };
}
