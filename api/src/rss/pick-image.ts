import { safeUrl } from './urls';

/** One picture an item names: a media tag, an enclosure, itunes:image, or an `<img>` of its body. */
export interface ImageCandidate {
  url: string;
  /** The width the feed declares (media `width`, `<img width>`, inline style, the widest srcset entry). */
  width?: string | number | undefined;
  height?: string | number | undefined;
  /** An `<img>`'s inline style: trackers are often sized or hidden only there. */
  style?: string | undefined;
}

/** Declared widths under this are icons, buttons or avatars, never a card's picture. */
const MIN_WIDTH = 100;
/** A picture declared or styled this small in either direction is a tracking pixel or a spacer. */
const PIXEL = 2;

/**
 * Pictures that are never an article's: feed services' share buttons and proxies (FeedBurner's
 * `~ff`/`~r`), counters and trackers, avatars, emoji and spacer files. No picture is better than these.
 */
const NOT_A_PICTURE_HOST =
  /(^|\.)(feedburner\.com|feedproxy\.google\.com|feedsportal\.com|feedblitz\.com|pixel\.wp\.com|stats\.wordpress\.com|feeds\.wordpress\.com|gravatar\.com|scorecardresearch\.com|quantserve\.com|doubleclick\.net|google-analytics\.com|googletagmanager\.com|addthis\.com|addtoany\.com|sharethis\.com|buysellads\.com|pheedo\.com|mf\.feeds\.reuters\.com)$/i;
const NOT_A_PICTURE_PATH =
  /\/~(ff|r|a|f)\/|\/(pixel|spacer|blank|transparent|clear|1x1|tracking|beacon|tracker)(\.gif|\.png|\/|$)|\/(share|sharing|social|buttons?)[-_/]|\/images\/core\/emoji\/|\/(facebook|twitter|linkedin|pinterest|email|whatsapp)[-_]?(share|icon|button|logo)/i;

const number = (v: unknown): number | null => {
  const n = Number.parseFloat(String(v ?? '').trim());
  return Number.isFinite(n) && n >= 0 ? n : null;
};
/** `width: 1px` / `height:0` / `display:none` in an inline style. */
const styled = (style: string | undefined, prop: 'width' | 'height') => {
  const m = new RegExp(`(?:^|;)\\s*(?:max-)?${prop}\\s*:\\s*([\\d.]+)(px)?\\s*(?:;|$|!)`, 'i').exec(
    style ?? '',
  );
  return m ? number(m[1]) : null;
};
const hidden = (style: string | undefined) =>
  /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style ?? '');

/** Why a candidate is not a picture, or null when it may be one. */
export function notAPicture(c: ImageCandidate, url: URL): string | null {
  if (NOT_A_PICTURE_HOST.test(url.hostname)) return 'a feed service or tracker';
  if (NOT_A_PICTURE_PATH.test(url.pathname)) return 'a button, pixel or spacer';
  if (hidden(c.style)) return 'hidden';
  const width = number(c.width) ?? styled(c.style, 'width');
  const height = number(c.height) ?? styled(c.style, 'height');
  if ((width !== null && width <= PIXEL) || (height !== null && height <= PIXEL)) return 'a pixel';
  if (width !== null && width < MIN_WIDTH) return 'an icon';
  return null;
}

/**
 * The picture for an item, from every candidate it names: the widest declared picture that is
 * http(s) and not a button, tracker, icon or pixel; else the first such picture in the order given
 * (media:content, media:thumbnail, enclosure, itunes:image, then the body's `<img>`s in order).
 */
export function bestImage(candidates: ImageCandidate[], base: string): string | null {
  let widest: { url: string; width: number } | null = null;
  let first: string | null = null;
  for (const c of candidates) {
    const href = safeUrl(c.url, base);
    if (!href || notAPicture(c, new URL(href))) continue;
    const width = number(c.width) ?? styled(c.style, 'width');
    if (width !== null && width > 0) {
      if (!widest || width > widest.width) widest = { url: href, width };
    } else if (!first) {
      first = href;
    }
  }
  return widest?.url ?? first;
}
