import sanitizeHtml from 'sanitize-html';
import type { ImageCandidate } from './pick-image';
import { safeUrl } from './urls';

/** The widest entry of a `srcset` ("a.jpg 300w, b.jpg 1024w"), with its width. */
function widestOfSrcset(srcset: string | undefined): { url: string; width: number } | null {
  let best: { url: string; width: number } | null = null;
  for (const part of (srcset ?? '').split(/,\s+/)) {
    const [url, descriptor] = part.trim().split(/\s+/);
    const width = Number.parseInt(/^(\d+)w$/.exec(descriptor ?? '')?.[1] ?? '', 10);
    if (url && Number.isFinite(width) && (!best || width > best.width)) best = { url, width };
  }
  return best;
}

/**
 * Every `<img>` of an item's HTML (read by sanitize-html's parser), in order, with what it declares
 * about its size. Relative sources resolve against `base` (a base the feed declares); without one
 * only absolute sources count. Lazy-loading pages put the real source in `data-src`; a `srcset` gives the widest copy.
 */
export function imagesIn(html: string, base: string | null): ImageCandidate[] {
  const found: ImageCandidate[] = [];
  // Tag names are case-insensitive: `<Img` is an image too.
  if (!/<img/i.test(html)) return found;
  sanitizeHtml(html, {
    allowedTags: ['img'],
    allowedAttributes: false,
    transformTags: {
      img: (tagName, a): sanitizeHtml.Tag => {
        const set = widestOfSrcset(a.srcset ?? a['data-srcset']);
        const src = safeUrl(a['data-src'] ?? a['data-lazy-src'] ?? a.src, base);
        if (set && safeUrl(set.url, base)) {
          found.push({
            url: safeUrl(set.url, base) as string,
            width: set.width,
            height: a.height,
            style: a.style,
          });
        } else if (src) {
          found.push({ url: src, width: a.width, height: a.height, style: a.style });
        }
        return { tagName, attribs: {} };
      },
    },
  });
  return found;
}
