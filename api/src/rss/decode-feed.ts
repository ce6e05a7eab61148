import iconv from 'iconv-lite';
import jschardet from 'jschardet';

/**
 * WHATWG treats these labels as windows-1252, and so do feed readers: publishers who declare
 * ISO-8859-1 routinely send curly quotes and dashes from the 0x80–0x9F range of windows-1252.
 */
const AS_WINDOWS_1252 = new Set(['iso-8859-1', 'iso8859-1', 'latin1', 'l1', 'us-ascii', 'ascii']);

function usable(label: string | null | undefined): string | null {
  if (!label) return null;
  const name = label.trim().toLowerCase();
  if (AS_WINDOWS_1252.has(name)) return 'windows-1252';
  return iconv.encodingExists(name) ? name : null;
}

/** The encoding a byte-order mark announces, if any (UTF-32 first: its LE mark starts like UTF-16's). */
function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) return 'utf-32le';
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) return 'utf-32be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * UTF-16 and UTF-32 without a byte-order mark, by how `<?` (or `<` then a letter) is laid out in
 * the first four bytes (XML 1.0, appendix F). The declaration's own label ("UTF-16") rarely names
 * the byte order; these bytes do.
 */
function sniffedEncoding(b: Uint8Array): string | null {
  const [a = -1, c = -1, d = -1, e = -1] = b;
  if (a === 0x3c && c === 0 && d === 0 && e === 0) return 'utf-32le';
  if (a === 0 && c === 0 && d === 0 && e === 0x3c) return 'utf-32be';
  if (a === 0x3c && c === 0 && d !== 0 && e === 0) return 'utf-16le';
  if (a === 0 && c === 0x3c && d === 0 && e !== 0) return 'utf-16be';
  return null;
}

/** `encoding="…"` of the XML declaration (read as ASCII: the declaration itself always is). */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const decl = /^\s*<\?xml\s[^?]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return decl?.[1] ?? null;
}

/**
 * What jschardet (a port of Python's chardet, feedparser's detector) may decide, as iconv-lite
 * labels: the multi-byte East Asian encodings and the single-byte Cyrillic, Greek, Hebrew and Thai
 * ones. Its Latin answers (windows-1250, MacRoman, ISO-8859-x…) are guesses among near-identical
 * tables with confidences of a few percent: an undeclared Latin feed stays windows-1252.
 * The supersets are decoded (CP949 for EUC-KR, CP932 for Shift_JIS, GB18030 for GB2312, CP874 for TIS-620).
 */
const DETECTED: Record<string, { label: string; min: number }> = {
  big5: { label: 'big5', min: 0.1 },
  'euc-jp': { label: 'euc-jp', min: 0.1 },
  shift_jis: { label: 'shift_jis', min: 0.1 },
  cp932: { label: 'cp932', min: 0.1 },
  'euc-kr': { label: 'euc-kr', min: 0.1 },
  cp949: { label: 'cp949', min: 0.1 },
  gb2312: { label: 'gb18030', min: 0.1 },
  gb18030: { label: 'gb18030', min: 0.1 },
  'koi8-r': { label: 'koi8-r', min: 0.3 },
  'windows-1251': { label: 'windows-1251', min: 0.3 },
  'iso-8859-5': { label: 'iso-8859-5', min: 0.3 },
  'windows-1253': { label: 'windows-1253', min: 0.3 },
  'iso-8859-7': { label: 'iso-8859-7', min: 0.3 },
  'windows-1255': { label: 'windows-1255', min: 0.3 },
  'iso-8859-8': { label: 'windows-1255', min: 0.3 },
  'tis-620': { label: 'cp874', min: 0.3 },
  cp874: { label: 'cp874', min: 0.3 },
};

/** An encoding for undeclared bytes that are not UTF-8, when the detector is confident; else null. */
function detectedEncoding(bytes: Uint8Array): string | null {
  const { encoding, confidence } = jschardet.detect(Buffer.from(bytes));
  const rule = encoding ? DETECTED[encoding.toLowerCase()] : undefined;
  return rule && confidence >= rule.min && iconv.encodingExists(rule.label) ? rule.label : null;
}

/** `charset=…` of a Content-Type header. */
export function httpCharset(contentType: string | undefined): string | null {
  // Quoted either way: `charset="koi8-r"`, `charset='koi8-r'`.
  const m = /;\s*charset\s*=\s*["']?([^"';\s]+)["']?/i.exec(contentType ?? '');
  return m?.[1] ?? null;
}

const isUtf8 = (label: string) => label === 'utf-8' || label === 'utf8';

/** True when the bytes are well-formed UTF-8 (pure ASCII is too). */
function validUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Feed bytes → text. The byte-order mark decides first, then the XML declaration, then the HTTP
 * charset; UTF-8 otherwise. A label iconv-lite does not know is skipped, never trusted.
 *
 * When the document itself declares nothing (no BOM, no encoding in its XML declaration) and its
 * bytes are not UTF-8, its publisher forgot to say so: a character-set detector may recognise
 * Big5, EUC-JP, EUC-KR, GB2312, Shift_JIS, KOI8-R and the like (as feedparser does with chardet);
 * anything else is read as windows-1252, as browsers and feed readers do, rather than as
 * "simula��es". A server's
 * `charset=utf-8` default does not count as a declaration here: it is usually the server's, not the
 * publisher's.
 */
export function decodeFeed(bytes: Uint8Array, contentType?: string): string {
  // iconv-lite strips the BOM, so the parser sees the XML declaration first.
  return iconv.decode(Buffer.from(bytes), feedEncoding(bytes, contentType));
}

/** The encoding decodeFeed reads the bytes with (an iconv-lite label). */
export function feedEncoding(bytes: Uint8Array, contentType?: string): string {
  const fromDocument = bomEncoding(bytes) ?? sniffedEncoding(bytes) ?? usable(declaredEncoding(bytes));
  const fromHttp = usable(httpCharset(contentType));
  let encoding = fromDocument ?? fromHttp ?? 'utf-8';
  if (!fromDocument && isUtf8(encoding) && !validUtf8(bytes))
    encoding = detectedEncoding(bytes) ?? 'windows-1252';
  return encoding;
}
