/** An absolute http(s) URL, or null: feeds can carry javascript:, data: or relative junk. */
export function safeUrl(input: unknown, base?: string | null): string | null {
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

/**
 * The base a relative link of a feed resolves against: each `xml:base` on the way down (feed or
 * channel, item or entry, the element itself) resolves against the one above it, starting from the
 * feed's own address. A base that is not http(s) is ignored, never trusted.
 */
export function resolveBase(feedUrl: string, ...bases: Array<string | null | undefined>): string {
  let base = feedUrl;
  for (const b of bases) {
    const next = b ? safeUrl(b, base) : null;
    if (next) base = next;
  }
  return base;
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
