// shared/ compiles without DOM or Node types; both provide this WHATWG URL.
declare const URL: new (
  input: string,
  base: string,
) => { origin: string; pathname: string; search: string; hash: string };

// Any origin works for the comparison; this one can never be a real host.
const SENTINEL_ORIGIN = 'https://site.invalid';
// Browsers drop tab, LF and CR inside URLs and read "\" as "/", so "/\t/evil.example" and "/\evil.example"
// both become "//evil.example": refuse them before parsing.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
const UNSAFE_CHARS = /[\u0000-\u001F\u007F\\]/;

/**
 * A return path (after sign-in, for a click's referrer) is accepted only when it stays on this site:
 * it starts with a single "/", holds no control characters or backslashes, and resolved against the
 * site's origin it keeps that origin, its path still starting with a single "/" (dot segments can
 * leave "//"). Anything else gives `fallback`. The answer is the normalised path.
 */
export function safeReturnPath(input: string | null | undefined, fallback = '/'): string {
  if (typeof input !== 'string' || !input.startsWith('/') || input.startsWith('//')) return fallback;
  if (UNSAFE_CHARS.test(input)) return fallback;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(input, SENTINEL_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== SENTINEL_ORIGIN) return fallback;
  // Dot segments can leave a path that starts with "//" ("/..//evil.example" → "//evil.example"),
  // which a browser reads as another site: refuse it too.
  if (url.pathname.startsWith('//')) return fallback;
  return url.pathname + url.search + url.hash;
}
