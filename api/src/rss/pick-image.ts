import { safeUrl } from './sanitize';

export interface ImageCandidate {
  url: string;
  /** The width the feed declares (media:content/thumbnail `width`, `<img width>`), if any. */
  width?: string | number;
}

/** Declared widths under this are icons, spacers or tracking pixels, never a card's picture. */
const MIN_WIDTH = 100;

/**
 * The picture for an item: the widest declared image that is http(s), else the first usable one
 * in the order given (media:content, media:thumbnail, enclosure, itunes:image, inline `<img>`).
 */
export function bestImage(candidates: ImageCandidate[], base: string): string | null {
  let widest: { url: string; width: number } | null = null;
  let first: string | null = null;
  for (const c of candidates) {
    const url = safeUrl(c.url, base);
    if (!url) continue;
    const width = Number.parseInt(String(c.width ?? ''), 10);
    if (Number.isFinite(width) && width > 0) {
      if (width < MIN_WIDTH) continue;
      if (!widest || width > widest.width) widest = { url, width };
    } else if (!first) {
      first = url;
    }
  }
  return widest?.url ?? first;
}
