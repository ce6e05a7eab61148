import { compile } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import type { ImageCandidate } from './pick-image';

/** Block elements end in a line break, so "Kitchen</h2><p>How" reads "Kitchen How", not "KitchenHow". */
const htmlToText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'iframe', format: 'skip' },
    { selector: 'svg', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
    { selector: 'ul', options: { itemPrefix: ' ' } },
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block' },
    { selector: 'th', format: 'block' },
    { selector: 'td', format: 'block' },
  ],
});

/**
 * Feed text as plain text: tags dropped (script and style with their content), block boundaries
 * kept as spaces, entities decoded. Angle brackets are removed too, so no double-encoded markup
 * can come back to life as text.
 */
export function plainText(input: unknown, maxLength = 500): string {
  if (typeof input !== 'string') return '';
  const text = htmlToText(input).replace(/[<>]/g, '').replace(/\s+/g, ' ').trim();
  return truncate(text, maxLength);
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Feed HTML reduced to simple article markup; links are http(s) only and open safely. */
export function safeHtml(input: unknown): string {
  if (typeof input !== 'string') return '';
  return sanitizeHtml(input, {
    allowedTags: ['p', 'br', 'a', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'blockquote', 'h2', 'h3', 'h4'],
    allowedSchemes: ['http', 'https'],
    allowProtocolRelative: false,
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    transformTags: {
      // A link without a safe target keeps its words but points nowhere (renaming the tag
      // would confuse sanitize-html's matching of closing tags).
      a: (_tag, attribs): sanitizeHtml.Tag => {
        const href = safeUrl(attribs.href);
        return href
          ? { tagName: 'a', attribs: { href, rel: 'noopener noreferrer nofollow', target: '_blank' } }
          : { tagName: 'a', attribs: {} };
      },
    },
    // A link or paragraph left with no words (an image-only link, a "read more" anchor with no
    // text, a paragraph that only held an image) is dropped, not stored as `<a></a>` or `<p></p>`.
    exclusiveFilter: (frame) => (frame.tag === 'a' || frame.tag === 'p') && !frame.text.trim(),
  })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first http(s) `<img>` of an item's HTML (read by sanitize-html's parser), with its declared width. */
export function firstImageIn(html: string): ImageCandidate | null {
  let found: ImageCandidate | null = null;
  // Tag names are case-insensitive: `<Img` is an image too.
  if (!/<img/i.test(html)) return null;
  sanitizeHtml(html, {
    allowedTags: ['img'],
    allowedAttributes: { img: ['src', 'width'] },
    allowedSchemes: ['http', 'https'],
    transformTags: {
      img: (tagName, attribs): sanitizeHtml.Tag => {
        // Absolute only: a relative src has no trustworthy base (the item page, xml:base, the feed?).
        const url = found ? null : safeUrl(attribs.src);
        if (url) found = { url, width: attribs.width };
        return { tagName, attribs };
      },
    },
  });
  return found;
}

/** An absolute http(s) URL, or null: feeds can carry javascript:, data: or relative junk. */
export function safeUrl(input: unknown, base?: string): string | null {
  if (typeof input !== 'string' || !input.trim()) return null;
  try {
    const url = base ? new URL(input.trim(), base) : new URL(input.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** The de-duplication form of a link: no fragment, tracking parameters or trailing slash. */
export function normaliseLink(link: string): string {
  const url = new URL(link);
  url.hash = '';
  url.hostname = url.hostname.toLowerCase();
  for (const key of [...url.searchParams.keys()]) {
    if (/^(utm_|fbclid$|gclid$|ocid$|at_)/i.test(key)) url.searchParams.delete(key);
  }
  url.searchParams.sort();
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.toString();
}
