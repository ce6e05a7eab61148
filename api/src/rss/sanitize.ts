import { compile } from 'html-to-text';
import iconv from 'iconv-lite';
import sanitizeHtml from 'sanitize-html';
import { safeUrl } from './urls';

export { normaliseLink, safeUrl } from './urls';

const BLOCK = { format: 'block' } as const;
/**
 * Every block element ends in a break, so "Kitchen</h2><p>How", "engineers.</div><div>If",
 * "<dt>Engagements</dt><dd>N/A" and "<td>Committee</td><td>The" never run together.
 */
const htmlToText = compile({
  wordwrap: false,
  // Feed text is not our markup: keep it literal (no "[link]" decorations, no upper-cased headings).
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'iframe', format: 'skip' },
    { selector: 'svg', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'ul', options: { itemPrefix: ' ' } },
    { selector: 'ol', options: { itemPrefix: ' ' } },
    ...[
      'table',
      'caption',
      'tr',
      'th',
      'td',
      'dl',
      'dt',
      'dd',
      'figure',
      'figcaption',
      'section',
      'article',
      'header',
      'footer',
      'aside',
      'main',
      'nav',
      'address',
      'details',
      'summary',
      'center',
      'pre',
    ].map((selector) => ({ selector, ...BLOCK })),
  ],
});

// Windows-1252 puts curly quotes, dashes and the euro sign where Unicode has C1 controls. Text that
// holds those controls (from `&#146;` or a mis-declared feed) meant the windows-1252 characters.
const C1 = /[\u0080-\u009f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** The byte windows-1252 (or Latin-1) writes a character as; undefined for anything else. */
const CP1252_BYTES = new Map<string, number>();
for (let b = 0x80; b <= 0xff; b++) {
  CP1252_BYTES.set(String.fromCharCode(b), b);
  const mapped = iconv.decode(Buffer.from([b]), 'windows-1252');
  if (mapped !== '\ufffd') CP1252_BYTES.set(mapped, b);
}
const HIGH_RUN = new RegExp(`[${[...CP1252_BYTES.keys()].join('')}]+`, 'gu');
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * What a two-byte sequence may decode to: Latin-1 and Latin Extended-A letters, Greek, Cyrillic,
 * Hebrew, Arabic. Not Latin Extended-B, IPA, Armenian, Syriac, Thaana or NKo: those are what
 * genuine Latin pairs such as "CAFÉ”" (U+0254) or "Fuß«" (U+07EB) would decode to.
 */
const plausible = (cp: number) =>
  cp >= 0x800 || (cp >= 0xa0 && cp <= 0x17f) || (cp >= 0x370 && cp <= 0x4ff) || (cp >= 0x590 && cp <= 0x6ff);

/**
 * UTF-8 that was read as windows-1252/Latin-1 and written again ("â€¦" for "…", "cafÃ©" for
 * "café"), put back — only when unambiguous: every run of U+0080-U+00FF (and windows-1252's
 * characters) in the text must be the windows-1252 bytes of valid UTF-8 decoding to plausible
 * characters. One genuine "é" (a lone E9 byte is not UTF-8) leaves the whole text as it is, so
 * "café", "naïve" and "Ångström" never change (nor "allé »" with its no-break space). feedparser
 * does the same for a whole field.
 */
export function repairDoubleEncoding(text: string): string {
  const runs = text.match(HIGH_RUN);
  if (!runs) return text;
  const fixed = new Map<string, string>();
  for (const run of runs) {
    if (fixed.has(run)) continue;
    // French spacing: "allé »" is E9 A0 BB, which is valid UTF-8 (U+983B) and is still French.
    if (/\u00a0»|«\u00a0/.test(run)) return text;
    let decoded: string;
    try {
      decoded = strictUtf8.decode(Uint8Array.from([...run].map((ch) => CP1252_BYTES.get(ch) as number)));
    } catch {
      return text;
    }
    for (const ch of decoded) if (!plausible(ch.codePointAt(0) as number)) return text;
    fixed.set(run, decoded);
  }
  return text.replace(HIGH_RUN, (run) => fixed.get(run) ?? run);
}

/**
 * Double-encoded UTF-8 put back (repairDoubleEncoding); C1 controls as the windows-1252 characters
 * they stand for (dropped when 1252 has none); C0 controls removed.
 */
export function fixCharacters(text: string): string {
  return repairDoubleEncoding(text.replace(CONTROLS, '')).replace(C1, (ch) => {
    const mapped = iconv.decode(Buffer.from([ch.charCodeAt(0)]), 'windows-1252');
    return mapped === '\ufffd' ? '' : mapped;
  });
}

/**
 * Feed HTML as plain text: tags dropped (script and style with their content), block boundaries kept
 * as spaces, entities decoded. What remains is text: a literal "<3" or "the <blink> tag" the
 * publisher escaped stays as written (every place the site shows these fields escapes them).
 */
export function plainText(input: unknown, maxLength = 500): string {
  if (typeof input !== 'string') return '';
  return truncate(htmlToText(fixCharacters(input)).replace(/\s+/g, ' ').trim(), maxLength);
}

/** Text that is text already (an Atom `type="text"` title): nothing in it is read as markup. */
export function literalText(input: unknown, maxLength = 500): string {
  if (typeof input !== 'string') return '';
  return truncate(fixCharacters(input).replace(/\s+/g, ' ').trim(), maxLength);
}

/**
 * RSS does not say whether a title is text or HTML. Like feed readers, read it as HTML only when it
 * looks like HTML: a closing tag, a `<br>`/`<img>`, or an entity left after XML decoding
 * ("Tom &amp; Jerry" sent escaped twice). "Cryptic Message <3" and "the <blink> tag" are text.
 */
export function looksLikeHtml(text: string): boolean {
  return (
    /<\/[a-z][a-z0-9]*\s*>/i.test(text) ||
    /<(br|img|hr)\b[^>]*>/i.test(text) ||
    /&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i.test(text)
  );
}

/** A title or other short field: by its declared type (Atom), else by how it looks (RSS). */
export function fieldText(input: unknown, type: string | undefined, maxLength: number): string {
  if (typeof input !== 'string') return '';
  const t = type?.toLowerCase();
  const html = t === 'html' || t === 'xhtml' || (t !== 'text' && looksLikeHtml(input));
  return html ? plainText(input, maxLength) : literalText(input, maxLength);
}

/** Cut at a word boundary, never inside a word, with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Containers with no meaning of their own: kept as plain `<div>`s so their text stays in blocks. */
const CONTAINERS = [
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'main',
  'figure',
  'center',
  'address',
  'details',
];
const BODY_TAGS = [
  'p',
  'br',
  'a',
  'strong',
  'em',
  'b',
  'i',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h2',
  'h3',
  'h4',
  'div',
  'dl',
  'dt',
  'dd',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];
const DROP_WHEN_EMPTY = new Set([
  ...['a', 'p', 'div', 'dl', 'dt', 'dd', 'table', 'caption', 'blockquote', 'figcaption'],
  ...CONTAINERS,
]);

/**
 * Feed HTML reduced to simple article markup; links are http(s) only and open safely. Block
 * structure is kept (paragraphs, divisions, definition lists, tables) so no two blocks run together;
 * relative links resolve against `base` (xml:base, else the feed's address).
 */
export function safeHtml(input: unknown, base?: string): string {
  if (typeof input !== 'string') return '';
  return sanitizeHtml(fixCharacters(input), {
    allowedTags: BODY_TAGS,
    allowedSchemes: ['http', 'https'],
    allowProtocolRelative: false,
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    transformTags: {
      // A link without a safe target keeps its words but points nowhere (renaming the tag
      // would confuse sanitize-html's matching of closing tags).
      a: (_tag, attribs): sanitizeHtml.Tag => {
        const href = safeUrl(attribs.href, base);
        return href
          ? { tagName: 'a', attribs: { href, rel: 'noopener noreferrer nofollow', target: '_blank' } }
          : { tagName: 'a', attribs: {} };
      },
      // The article's own title is its h1; a feed's headings sit one level below, within our range.
      h1: 'h2',
      h5: 'h4',
      h6: 'h4',
      figcaption: 'p',
      ...Object.fromEntries(CONTAINERS.map((tag) => [tag, 'div'])),
    },
    // A link or block left with no words (an image-only link, a "read more" anchor with no text, a
    // paragraph or figure that only held an image) is dropped, not stored as `<a></a>` or `<p></p>`.
    exclusiveFilter: (frame) => DROP_WHEN_EMPTY.has(frame.tag) && !frame.text.trim(),
  })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Plain text as a body: escaped, one paragraph (an Atom `type="text"` summary or content). */
export function textAsHtml(input: unknown): string {
  const text = literalText(input, 20_000);
  return text ? `<p>${escapeHtml(text)}</p>` : '';
}
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
