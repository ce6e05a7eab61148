import zlib from 'node:zlib';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { pickEncoding } from './accept-encoding';
import type { CachedEntry } from './types';

/** Below this, compression is not worth it (hono/compress's own threshold). */
const MIN_COMPRESS_BYTES = 1024;

interface Encoded {
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}
// Per cached entry, made on first demand: the entry lives one TTL, so this is once per TTL per encoding.
const encodedForms = new WeakMap<CachedEntry, Partial<Record<'br' | 'gzip', Encoded>>>();

/** The headers of an encoded form of `entry` (a transformed body keeps only a weak validator). */
function encodedHeaders(entry: CachedEntry, encoding: 'br' | 'gzip'): [string, string][] {
  const vary = entry.headers.find(([name]) => name === 'vary')?.[1];
  const headers = entry.headers
    .filter(([name]) => name !== 'content-length' && name !== 'vary')
    .map(([name, value]): [string, string] =>
      name === 'etag' && !value.startsWith('W/') ? [name, `W/${value}`] : [name, value],
    );
  headers.push(
    ['content-encoding', encoding],
    ['vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding'],
  );
  return headers;
}

/**
 * An entry whose form in `encoding` was made ahead (a stored page, brotli-compressed once when it was
 * stored): clients whose Accept-Encoding picks that encoding get those bytes as they are, with no
 * compression on the request path; the others are negotiated as for any entry (pickEncoding).
 */
export function withEncodedForm(
  entry: CachedEntry,
  encoding: 'br' | 'gzip',
  bytes: Uint8Array<ArrayBuffer>,
): CachedEntry {
  encodedForms.set(entry, { [encoding]: { headers: encodedHeaders(entry, encoding), body: bytes } });
  return entry;
}

/**
 * Fast settings: a form is made once per entry, on the request path, and a stored page's once per
 * write (web/stored-pages.ts). Quality 5 costs what gzip level 9 does on a 33 KB page (about 0.5 ms)
 * and is 7% smaller; 9 costs 10x for nothing more, 10-11 20-60x for 8-11% more (docs/performance.md).
 * Build files get the slow, small forms (web/compressed.ts).
 */
export const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

function encode(entry: CachedEntry, encoding: 'br' | 'gzip'): Encoded {
  const packed =
    encoding === 'br'
      ? zlib.brotliCompressSync(entry.body, brotliOptions(entry.body.byteLength))
      : zlib.gzipSync(entry.body, GZIP_OPTIONS);
  return { headers: encodedHeaders(entry, encoding), body: new Uint8Array(packed) };
}

function isCompressible(entry: CachedEntry) {
  const type = entry.headers.find(([name]) => name === 'content-type')?.[1] ?? '';
  return entry.body.byteLength >= MIN_COMPRESS_BYTES && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);
}

/** The encoding `acceptEncoding` gets for `entry`, or null for its plain bytes. */
function encodingFor(entry: CachedEntry, acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  return isCompressible(entry) ? pickEncoding(acceptEncoding) : null;
}

/**
 * A cached answer as a Response, compressed once per entry for clients that accept br or gzip, by
 * the miss that made it, in the encoding its hits get. Without this, hono/compress gzipped every
 * cache hit again (4x fewer requests/s for browsers), and a miss it compressed said gzip while its
 * hits said br. Compressed here, synchronously: zlib's thread pool cost more CPU than the work on
 * this 2-core machine (a 7 KB article answer under load: 2.1 ms against 0.12 ms; a 32 KB page 2.6 ms
 * against 0.45 ms; bench/results/history.md, 29 Nov), and hono/compress's CompressionStream 1.0 ms
 * for 1.6 KB.
 */
export function cachedResponse(
  entry: CachedEntry,
  acceptEncoding: string | undefined,
  extra: [string, string][] = [],
): Response {
  const encoding = encodingFor(entry, acceptEncoding);
  if (!encoding) {
    const headers = plainHeaders(entry);
    return new Response(entry.body, {
      status: entry.status,
      headers: extra.length ? [...headers, ...extra] : headers,
    });
  }
  let forms = encodedForms.get(entry);
  if (!forms) {
    forms = {};
    encodedForms.set(entry, forms);
  }
  let form = forms[encoding];
  if (!form) {
    form = encode(entry, encoding);
    forms[encoding] = form;
  }
  return new Response(form.body, {
    status: entry.status,
    headers: extra.length ? [...form.headers, ...extra] : form.headers,
  });
}

const plainForms = new WeakMap<CachedEntry, [string, string][]>();

/**
 * The headers of the plain form. One worth compressing still varies by Accept-Encoding (as
 * hono/compress marks it): a CDN must not hand it to, or keep it for, a client that asked for br.
 * One too small to compress says its length, which hono/compress takes as "leave it as it is".
 */
function plainHeaders(entry: CachedEntry): [string, string][] {
  let out = plainForms.get(entry);
  if (!out) {
    out = entry.headers;
    if (isCompressible(entry)) {
      const vary = out.find(([name]) => name === 'vary')?.[1];
      if (!vary || !/accept-encoding/i.test(vary)) {
        out = out.filter(([name]) => name !== 'vary');
        out.push(['vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding']);
      }
    } else if (
      entry.body.byteLength < MIN_COMPRESS_BYTES &&
      !out.some(([name]) => name === 'content-length')
    ) {
      out = [...out, ['content-length', String(entry.body.byteLength)]];
    }
    plainForms.set(entry, out);
  }
  return out;
}
