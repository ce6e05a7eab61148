import sanitizeHtml from 'sanitize-html';

const BASIC_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * Feed text as plain text: every tag dropped (script and style with their content), entities decoded.
 * Angle brackets are removed too, so no double-encoded markup can come back to life as text.
 */
export function plainText(input: unknown, maxLength = 500): string {
  if (typeof input !== 'string') return '';
  const text = sanitizeHtml(input, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39);/g, (m) => BASIC_ENTITIES[m] ?? m)
    .replace(/[<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
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
  })
    .replace(/\s+/g, ' ')
    .trim();
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
