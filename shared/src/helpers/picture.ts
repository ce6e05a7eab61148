/**
 * A picture is a set of sizes (DESIGN.md §9, issue 39). One upload is stored once as its original,
 * named `{id}-{width}x{height}.webp`, and a job then makes the ladder of widths beside it, each as
 * `{id}-{width}x{height}-{rung}w.avif` and `.webp`. The original's name carries its dimensions, so a
 * page (or a stored page, or a cached API answer) knows every size a picture has from its address
 * alone, with no lookup and nothing to clear when the sizes are made. Until they exist,
 * `GET /uploads/{rung}` answers with the original (api/src/web/static.ts), so a page never breaks.
 *
 * Isomorphic: used by the API (the size job, mail, article bodies) and the web (the Picture component).
 */

/** Widths a picture is made in: steps of at most 1.5×, so a browser never fetches 2× what it shows. */
export const PICTURE_WIDTHS = [320, 480, 640, 800, 1024, 1280, 1600, 1920] as const;
/** The formats of every rung, best first (a `<picture>` offers them in this order). */
export const PICTURE_FORMATS = ['avif', 'webp'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];
/** Newsletter mails show pictures 600 px wide; 2× for sharp screens. */
export const MAIL_PICTURE_WIDTH = 1200;

const ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** An original with its dimensions in its name. */
const ORIGINAL_NAME = new RegExp(`^(${ID})-([1-9]\\d{0,4})x([1-9]\\d{0,4})\\.webp$`);
/** One rung of a picture's ladder. */
const RUNG_NAME = new RegExp(`^(${ID})-([1-9]\\d{0,4})x([1-9]\\d{0,4})-([1-9]\\d{0,4})w\\.(avif|webp)$`);

export interface PictureOriginal {
  /** The random id every file of the picture shares. */
  id: string;
  width: number;
  height: number;
  /** The original's file name in the upload store. */
  name: string;
}

/** The stored name of a new original. */
export const originalName = (id: string, width: number, height: number) => `${id}-${width}x${height}.webp`;

/** The original a stored name is, or null (a GIF, a name from before sizes, anything else). */
export function parseOriginalName(name: string): PictureOriginal | null {
  const m = ORIGINAL_NAME.exec(name);
  if (!m) return null;
  return { id: m[1] as string, width: Number(m[2]), height: Number(m[3]), name };
}

/** A rung's name read back: its original, its width and format; null for any other name. */
export function parseRungName(
  name: string,
): { original: PictureOriginal; width: number; format: PictureFormat } | null {
  const m = RUNG_NAME.exec(name);
  if (!m) return null;
  const original = { id: m[1] as string, width: Number(m[2]), height: Number(m[3]) };
  const width = Number(m[4]);
  if (!rungWidths(original.width).includes(width)) return null;
  return {
    original: { ...original, name: originalName(original.id, original.width, original.height) },
    width,
    format: m[5] as PictureFormat,
  };
}

/**
 * The widths made for an original `width` px wide: every ladder width under it, and the original's
 * own width at the top when it is within the ladder (a 1,000 px photo: 320…800 and 1,000), so the
 * largest rung is never an enlargement and never a copy of the same size twice.
 */
export function rungWidths(width: number): number[] {
  const top = PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1] as number;
  const under = PICTURE_WIDTHS.filter((w) => w < Math.min(width, top));
  return [...under, Math.min(width, top)];
}

/** The height of a rung, in the original's proportions. */
export const rungHeight = (original: Pick<PictureOriginal, 'width' | 'height'>, width: number) =>
  Math.max(1, Math.round((original.height * width) / original.width));

export const rungName = (
  original: Pick<PictureOriginal, 'id' | 'width' | 'height'>,
  width: number,
  format: PictureFormat,
) => `${original.id}-${original.width}x${original.height}-${width}w.${format}`;

/** Every rung file of an original, as the size job makes them. */
export const rungNames = (original: PictureOriginal) =>
  rungWidths(original.width).flatMap((w) =>
    PICTURE_FORMATS.map((f) => ({ width: w, format: f, name: rungName(original, w, f) })),
  );

/** A focal point in percent of the picture's width and height (0-100). */
export interface FocalPoint {
  x: number;
  y: number;
}

const FOCUS = /#focus=(\d{1,3}(?:\.\d)?),(\d{1,3}(?:\.\d)?)$/;

/**
 * The focal point an editor set is kept on the picture's address as `#focus=x,y`, as image CDNs keep
 * theirs on the URL: it travels with the item's `imageUrl` through every form, API answer and stored
 * page, and a fragment is never sent to a server, so caches see one address.
 */
export function splitFocus(url: string): { url: string; focus: FocalPoint | null } {
  const m = FOCUS.exec(url);
  if (!m) return { url, focus: null };
  const x = Number(m[1]);
  const y = Number(m[2]);
  const plain = url.slice(0, m.index);
  if (x > 100 || y > 100) return { url: plain, focus: null };
  return { url: plain, focus: { x, y } };
}

export function withFocus(url: string, focus: FocalPoint | null): string {
  const plain = splitFocus(url).url;
  if (!focus) return plain;
  const r = (n: number) => Math.round(Math.min(100, Math.max(0, n)) * 10) / 10;
  return `${plain}#focus=${r(focus.x)},${r(focus.y)}`;
}

/** The CSS `object-position` that keeps a focal point in view in any crop (centre when none). */
export const focusPosition = (focus: FocalPoint | null) => (focus ? `${focus.x}% ${focus.y}%` : undefined);

export interface PictureSources {
  /** The plain address (no focal point), the `<img>`'s `src`. */
  src: string;
  width: number;
  height: number;
  focus: FocalPoint | null;
  /** `srcset` per format, best format first; empty when the picture has no sizes (a GIF, an old name, a demo file). */
  sets: { format: PictureFormat; type: string; srcset: string }[];
}

/**
 * Everything a page needs to show a picture at the right size, from its address alone. Addresses of
 * originals (absolute or site paths) get their ladder; any other address is shown as it is.
 */
export function pictureSources(url: string, fallback: { width: number; height: number }): PictureSources {
  const { url: plain, focus } = splitFocus(url);
  const slash = plain.lastIndexOf('/');
  const dir = plain.slice(0, slash + 1);
  const original = dir.endsWith('/uploads/')
    ? parseOriginalName(plain.slice(slash + 1).split(/[?#]/)[0] as string)
    : null;
  if (!original || plain.includes('?')) return { src: plain, ...fallback, focus, sets: [] };
  const sets = PICTURE_FORMATS.map((format) => ({
    format,
    type: `image/${format}`,
    srcset: rungWidths(original.width)
      .map((w) => `${dir}${rungName(original, w, format)} ${w}w`)
      .join(', '),
  }));
  return { src: plain, width: original.width, height: original.height, focus, sets };
}

/** The smallest rung at least `width` wide (the largest there is when none is), or the address itself. */
export function pictureAtWidth(url: string, width: number, format: PictureFormat = 'webp'): string {
  const { url: plain } = splitFocus(url);
  const slash = plain.lastIndexOf('/');
  const original = plain.slice(0, slash + 1).endsWith('/uploads/')
    ? parseOriginalName(plain.slice(slash + 1))
    : null;
  if (!original) return plain;
  const widths = rungWidths(original.width);
  const chosen = widths.find((w) => w >= width) ?? (widths[widths.length - 1] as number);
  return `${plain.slice(0, slash + 1)}${rungName(original, chosen, format)}`;
}

/**
 * `sizes` for pictures whose layout both the API and the web know: a picture inside an article body
 * is the full width of the article column (`max-w-3xl` with `px-4`: 768 px less 32, 100vw less 32 on
 * phones). The web's other layouts keep theirs beside their components.
 */
export const ARTICLE_BODY_SIZES = '(min-width: 768px) 736px, calc(100vw - 32px)';
