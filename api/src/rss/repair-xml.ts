import { decodeHTMLStrict } from 'entities';
import { readFeedDate } from './feed-date';

/**
 * Recoverable mistakes real feeds make, fixed before the XML parser sees them (the "bozo" approach
 * of feed readers: read what can be read, and say what was wrong). Each fix is noted with the item
 * it was in, so the run and the source test can name the problem.
 */
export type RepairNote =
  | { kind: 'bare-ampersand'; item: number }
  | { kind: 'undefined-entity'; item: number; entity: string }
  | { kind: 'unreadable-date'; item: number; text: string };

export interface RepairedXml {
  xml: string;
  notes: RepairNote[];
  /** A DOCTYPE or ENTITY declaration after the root element opened: never read leniently. */
  declarationsAfterRoot: boolean;
  /** `xml:base` of the root element, if any. */
  rootBase: string | null;
}

const PREDEFINED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);
const ITEM_START = /^<(?:[A-Za-z_][\w.-]*:)?(?:item|entry)[\s/>]/;

/** Offsets where items (RSS `<item>`, Atom `<entry>`) start: item n of a position is how many precede it. */
function itemCounter(xml: string): (offset: number) => number {
  const starts: number[] = [];
  const re = /<(?:[A-Za-z_][\w.-]*:)?(?:item|entry)[\s/>]/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) starts.push(m.index);
  // Binary search: a 5 MB feed can hold thousands of items, each with dates.
  return (offset) => {
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((starts[mid] as number) < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/**
 * Entity references outside comments and CDATA: the five XML defines and numeric ones stay; HTML's
 * named entities (`&nbsp;`, `&eacute;`) become the numeric references of their characters (the text
 * is read exactly, so this is not worth a warning); an unknown name (`&doesnotexist;`) and a bare `&`
 * are kept as literal text and noted.
 */
function repairEntities(xml: string, notes: RepairNote[]): { xml: string; declarationsAfterRoot: boolean } {
  const out: string[] = [];
  let rootOpened = false;
  let declarationsAfterRoot = false;
  let items = 0;
  let i = 0;
  let copied = 0;
  const skipTo = (end: string, from: number) => {
    const at = xml.indexOf(end, from);
    return at < 0 ? xml.length : at + end.length;
  };
  while (i < xml.length) {
    const ch = xml[i];
    if (ch === '<') {
      if (xml.startsWith('<!--', i)) i = skipTo('-->', i + 4);
      else if (xml.startsWith('<![CDATA[', i)) i = skipTo(']]>', i + 9);
      else if (xml.startsWith('<?', i)) i = skipTo('?>', i + 2);
      else if (xml.startsWith('<!', i)) {
        if (rootOpened) declarationsAfterRoot = true;
        i += 2;
      } else {
        if (/^<[A-Za-z_]/.test(xml.slice(i, i + 2))) rootOpened = true;
        if (ITEM_START.test(xml.slice(i, i + 80))) items++;
        i++;
      }
      continue;
    }
    if (ch !== '&') {
      i++;
      continue;
    }
    const ref = /^&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9._-]{0,40});/.exec(xml.slice(i, i + 50));
    let replacement: string | null = null;
    if (!ref) {
      replacement = '&amp;';
      notes.push({ kind: 'bare-ampersand', item: items });
    } else if (!ref[1]?.startsWith('#') && !PREDEFINED.has(ref[1] as string)) {
      const decoded = decodeHTMLStrict(ref[0]);
      if (decoded !== ref[0]) {
        replacement = Array.from(decoded, (c) => `&#${c.codePointAt(0)};`).join('');
      } else {
        replacement = `&amp;${ref[0].slice(1)}`;
        notes.push({ kind: 'undefined-entity', item: items, entity: ref[0] });
      }
    }
    if (replacement !== null) {
      out.push(xml.slice(copied, i), replacement);
      i += ref && replacement !== '&amp;' ? ref[0].length : 1;
      copied = i;
    } else {
      i += ref ? ref[0].length : 1;
    }
  }
  out.push(xml.slice(copied));
  return { xml: out.join(''), declarationsAfterRoot };
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Atom text constructs of `type="xhtml"` hold markup the parser would turn into objects (and the
 * item would lose its title). They are handed on as `type="html"`: the same markup, escaped, without
 * the wrapping `<div>` and without namespace prefixes.
 */
function xhtmlAsHtml(xml: string): string {
  return xml.replace(
    /<((?:atom:)?(?:title|subtitle|summary|content|rights))\b([^>]*?)\btype\s*=\s*(["'])xhtml\3([^>]*?)(?<!\/)>([\s\S]*?)<\/\1\s*>/g,
    (_all, tag: string, before: string, _q: string, after: string, inner: string) => {
      const unwrapped =
        /^\s*<(?:[\w-]+:)?div\b[^>]*>([\s\S]*)<\/(?:[\w-]+:)?div>\s*$/.exec(inner)?.[1] ?? inner;
      const html = unwrapped.replace(/<(\/?)[\w-]+:/g, '<$1');
      return `<${tag}${before}type="html"${after}>${escapeXml(html)}</${tag}>`;
    },
  );
}

/**
 * Text elements that hold raw markup instead of escaped HTML ("Line<br/>break title", an Atom 0.3
 * `mode="xml"` title, an `xhtml:body`): the parser would turn the markup into child objects, glue
 * the words and lose the element. Their inner XML is handed on as escaped HTML, which the fields
 * then read as HTML. Picture-bearing `media:` elements keep their children.
 */
const MARKUP_TEXT =
  /<((?:(?!media:)[\w-]+:)?(?:title|subtitle|tagline|description|summary|content|body|encoded|creator|author))(\s[^>]*?)?(?<!\/)>((?:(?!<\/?\1[\s>])[\s\S])*?<[A-Za-z][\s\S]*?)<\/\1\s*>/g;

function markupAsText(xml: string): string {
  return xml.replace(MARKUP_TEXT, (all, tag: string, attrs = '', inner: string) => {
    // CDATA is text already; an Atom author or a nested feed element is structure, not markup.
    if (inner.includes('<![CDATA[') || /^(?:[\w-]+:)?author$/.test(tag)) return all;
    if (/<(?:[\w-]+:)?(?:name|email|uri|entry|item)[\s>]/.test(inner)) return all;
    // Mismatched markup is broken XML: the lenient read handles it better than escaping would.
    if (!balanced(inner)) return all;
    const html = inner.replace(/<(\/?)[\w-]+:/g, '<$1');
    const typed = /\btype\s*=/.test(attrs)
      ? attrs.replace(/\btype\s*=\s*(["'])[^"']*\1/, 'type="html"')
      : attrs;
    return `<${tag}${typed.replace(/\smode\s*=\s*(["'])xml\1/, '')}>${escapeXml(html)}</${tag}>`;
  });
}

const VOID = /^(?:[\w-]+:)?(?:br|img|hr|wbr|input|meta|link|source)$/i;

/** Every opened element is closed, in order (void and self-closing ones need not be). */
function balanced(inner: string): boolean {
  const open: string[] = [];
  for (const m of inner.matchAll(/<(\/?)([A-Za-z][\w:.-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name = '', selfClosing] = m;
    if (selfClosing || VOID.test(name)) continue;
    if (!closing) open.push(name);
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}

/** Atom 0.3 `mode="base64"`: the text is the base64 of the content; decoded here, then read by its type. */
function base64AsText(xml: string): string {
  return xml.replace(
    /<([\w:-]+)([^>]*?)\smode\s*=\s*(["'])base64\3([^>]*)>\s*([A-Za-z0-9+/=\s]*?)\s*<\/\1\s*>/g,
    (_all, tag: string, before: string, _q: string, after: string, data: string) =>
      `<${tag}${before}${after}>${escapeXml(Buffer.from(data.replace(/\s+/g, ''), 'base64').toString('utf8'))}</${tag}>`,
  );
}

/**
 * Atom 1.0 (RFC 4287 §4.1.3.3): a text construct or content whose type is a media type other than
 * text/* or XML holds base64. When it decodes to UTF-8 text it is handed on as HTML; binary data is
 * left as it is (and shows nothing).
 */
function atomBase64AsText(xml: string): string {
  return xml.replace(
    /<((?:atom:)?(?:title|subtitle|summary|content))(\s[^>]*?)\btype\s*=\s*(["'])([\w.+-]+\/[\w.+-]+)\3([^>]*)>\s*([A-Za-z0-9+/=\s]+?)\s*<\/\1\s*>/g,
    (all, tag: string, before: string, _q: string, type: string, after: string, data: string) => {
      if (/^text\/|[/+]xml$/i.test(type) || /\bsrc\s*=/.test(before + after)) return all;
      const bytes = Buffer.from(data.replace(/\s+/g, ''), 'base64');
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        return all;
      }
      // Binary data, not text: NUL and the other C0 controls XML cannot hold.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
      if (!text.trim() || /[\0-\x08\x0e-\x1f]/.test(text)) return all;
      return `<${tag}${before}type="html"${after}>${escapeXml(text)}</${tag}>`;
    },
  );
}

const DATE_ELEMENT =
  /<(pubDate|dc:date|published|updated|lastBuildDate|issued|created|modified|dcterms:(?:created|issued|modified))(\s[^>]*)?>\s*(?:<!\[CDATA\[)?([^<]*?)(?:\]\]>)?\s*<\/\1\s*>/g;

/**
 * Dates become ISO 8601 before the parser reads them, so "Seg, 24 Set 2018" is read and an
 * unreadable date cannot fail the whole feed (rss-parser throws on one it cannot read in Atom).
 * An unreadable date is emptied and noted: its item is shown as "date unknown".
 */
function normaliseDates(xml: string, notes: RepairNote[]): string {
  const itemAt = itemCounter(xml);
  // The same date element twice in one item (which no format allows): the last one counts, as in
  // feedparser; rss-parser would take the first.
  const last = new Map<string, number>();
  for (const m of xml.matchAll(DATE_ELEMENT)) last.set(`${itemAt(m.index)} ${m[1]}`, m.index);
  return xml.replace(DATE_ELEMENT, (all, tag: string, attrs = '', text: string, offset: number) => {
    const item = itemAt(offset);
    if (item > 0 && last.get(`${item} ${tag}`) !== offset) return '';
    if (!text.trim()) return all;
    const date = readFeedDate(text.replace(/&amp;/g, '&'));
    if (date) return `<${tag}${attrs}>${date.toISOString()}</${tag}>`;
    if (item > 0) notes.push({ kind: 'unreadable-date', item, text: text.trim().slice(0, 60) });
    return `<${tag}${attrs}></${tag}>`;
  });
}

/**
 * An `<rss>` holding its items (or anything) without a `<channel>`: read as if the channel were
 * there, as feedparser does, rather than failing in rss-parser ("Cannot read properties of
 * undefined"). An empty `<rss></rss>` is left alone: parse-feed says it is empty.
 */
function channelless(xml: string): string {
  if (/<channel[\s>]/i.test(xml.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g, ''))) return xml;
  return xml.replace(/(<rss\b[^>]*>)(\s*<(?!\/)[\s\S]*?)(<\/rss\s*>)/i, '$1<channel>$2</channel>$3');
}

/** The namespaces of RSS 1.0 and of UserLand's RSS 2.0, when a feed binds them to a prefix. */
const RSS_NAMESPACE =
  /\sxmlns:([A-Za-z_][\w.-]*)\s*=\s*(["'])(?:http:\/\/purl\.org\/rss\/1\.0\/|http:\/\/backend\.userland\.com\/rss2)\2/;

/**
 * RSS written with a prefix and no default namespace (`<rss:item>`, `<r:channel>`): the same
 * elements as unprefixed RSS, as namespaces define them. The prefix is dropped from element names;
 * other namespaces' elements (`dc:description`) keep theirs, so they still do not clash.
 */
function unprefixedRss(xml: string): string {
  const root = /<(?![?!])[A-Za-z_][^>]*>/.exec(xml)?.[0] ?? '';
  const prefix = RSS_NAMESPACE.exec(root)?.[1];
  if (!prefix) return xml;
  const escaped = prefix.replace(/[.-]/g, '\\$&');
  return xml.replace(new RegExp(`<(/?)${escaped}:(?=[A-Za-z_])`, 'g'), '<$1');
}

const CORE = 'title|link|description|item|channel|guid|author|category|comments|enclosure|source|image|url';

/**
 * RSS's own elements in another case (`<TiTlE>`, `<Item>`): XML names are case-sensitive, but no
 * feed means anything else by them (feedparser lower-cases every name). Lower-cased, so they are read.
 */
function lowerCaseCore(xml: string): string {
  return xml.replace(new RegExp(`<(/?)(${CORE})(?=[\\s/>])`, 'gi'), (all, slash: string, name: string) =>
    name === name.toLowerCase() ? all : `<${slash}${name.toLowerCase()}`,
  );
}

/** `xml:base` of the first element (the root). */
function rootBaseOf(xml: string): string | null {
  const root = /<(?![?!])[A-Za-z_][^>]*>/.exec(xml)?.[0] ?? '';
  return /\sxml:base\s*=\s*(["'])(.*?)\1/.exec(root)?.[2] ?? null;
}

export function repairXml(input: string): RepairedXml {
  const notes: RepairNote[] = [];
  const { xml, declarationsAfterRoot } = repairEntities(input, notes);
  const done = normaliseDates(
    markupAsText(atomBase64AsText(base64AsText(xhtmlAsHtml(channelless(lowerCaseCore(unprefixedRss(xml))))))),
    notes,
  );
  return { xml: done, notes, declarationsAfterRoot, rootBase: rootBaseOf(done) };
}
