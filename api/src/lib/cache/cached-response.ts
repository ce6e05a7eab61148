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
 * An entry whose gzip form was made ahead (a stored page, compressed once at level 9 when it was
 * stored): clients that accept gzip get those bytes as they are, even when they also accept br, so
 * serving it costs no compression at all.
 */
export function withGzipForm(entry: CachedEntry, gzip: Uint8Array<ArrayBuffer>): CachedEntry {
  encodedForms.set(entry, { gzip: { headers: encodedHeaders(entry, 'gzip'), body: gzip } });
  preferGzip.add(entry);
  return entry;
}
const preferGzip = new WeakSet<CachedEntry>();

function encode(entry: CachedEntry, encoding: 'br' | 'gzip'): Encoded {
  // Fast settings: this runs on the request path, once per entry. Build files get the slow, small forms.
  const packed =
    encoding === 'br'
      ? zlib.brotliCompressSync(entry.body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.byteLength,
          },
        })
      : zlib.gzipSync(entry.body, { level: 6 });
  return { headers: encodedHeaders(entry, encoding), body: new Uint8Array(packed) };
}

/**
 * A cached answer as a Response, compressed once per entry for clients that accept br or gzip.
 * Without this, hono/compress gzipped every cache hit again: 4x fewer requests/s for browsers.
 */
export function cachedResponse(
  entry: CachedEntry,
  acceptEncoding: string | undefined,
  extra: [string, string][] = [],
): Response {
  const type = entry.headers.find(([name]) => name === 'content-type')?.[1] ?? '';
  const compressible =
    entry.body.byteLength >= MIN_COMPRESS_BYTES && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);
  let encoding = compressible ? pickEncoding(acceptEncoding) : null;
  if (encoding === 'br' && preferGzip.has(entry) && pickEncoding(acceptEncoding, ['gzip']) === 'gzip')
    encoding = 'gzip';
  if (!encoding) {
    // The plain form still varies by Accept-Encoding (as hono/compress marks it): a CDN must not
    // hand it to, or keep it for, a client that asked for br.
    let headers = extra.length ? [...entry.headers, ...extra] : entry.headers;
    if (compressible) headers = withVary(headers);
    return new Response(entry.body, { status: entry.status, headers });
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

const plainForms = new WeakMap<[string, string][], [string, string][]>();

function withVary(headers: [string, string][]): [string, string][] {
  let out = plainForms.get(headers);
  if (!out) {
    const vary = headers.find(([name]) => name === 'vary')?.[1];
    if (vary && /accept-encoding/i.test(vary)) out = headers;
    else {
      out = headers.filter(([name]) => name !== 'vary');
      out.push(['vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding']);
    }
    plainForms.set(headers, out);
  }
  return out;
}
