import Parser from 'rss-parser';
import { FeedParseError } from './feed-errors';
import { brokenXmlWarning, clipWarnings, droppedItemsWarning, repairWarnings } from './feed-warnings';
import { imagesIn } from './inline-images';
import { bestImage, type ImageCandidate } from './pick-image';
import { repairXml } from './repair-xml';
import { fieldText, looksLikeHtml, plainText, safeHtml, textAsHtml } from './sanitize';
import { normaliseLink, resolveBase, safeUrl } from './urls';

export { FeedParseError };

/** One feed item, already sanitised: safe to store and show. */
export interface FeedItem {
  /** De-duplication key: the GUID, else the normalised link. */
  key: string;
  title: string;
  url: string;
  excerpt: string;
  content: string;
  author: string | null;
  /** null: the feed gave no date, or none that could be read ("date unknown"). */
  publishedAt: Date | null;
  imageUrl: string | null;
}

/** A parsed feed: its title, its items, and what was wrong with it that did not stop the import. */
export interface ParsedFeed {
  title: string;
  items: FeedItem[];
  warnings: string[];
}

type Attrs = {
  isPermaLink?: string;
  url?: string;
  href?: string;
  medium?: string;
  type?: string;
  width?: string;
  height?: string;
  rel?: string;
  'xml:base'?: string;
};
type Node = string | { _?: string; $?: Attrs };
type MediaTag = { $?: Attrs };
type RawItem = Parser.Item & {
  author?: string;
  id?: string;
  'content:encoded'?: string;
  /** An older full-text element (Radio UserLand era), read like content:encoded. */
  fullitem?: string;
  attrs?: Attrs;
  titleNode?: Node[];
  summaryNode?: Node[];
  contentNode?: Node[];
  linkNodes?: Node[];
  mediaContent?: MediaTag[];
  mediaThumbnail?: MediaTag[];
  mediaGroup?: Array<{
    'media:content'?: MediaTag[];
    'media:thumbnail'?: MediaTag[];
    'media:title'?: Node[];
    'media:description'?: Node[];
  }>;
  mediaTitle?: Node[];
  itunesImage?: MediaTag;
  guidNode?: Node[];
  dcAuthor?: string;
  dcDescription?: string;
  xhtmlBody?: string;
  mediaDescription?: Node[];
  itunes?: { author?: string; summary?: string };
  /** Atom 0.3 and Dublin Core dates, ISO 8601 once repairXml has read them. */
  issued?: string;
  created?: string;
  modified?: string;
  dctermsIssued?: string;
  dctermsCreated?: string;
  dctermsModified?: string;
};
type RawFeed = { 'itunes:image'?: MediaTag; attrs?: Attrs };

const customFields = {
  feed: ['itunes:image', ['$', 'attrs', { keepArray: true }]],
  item: [
    // The elements themselves, with their attributes: Atom's type and xml:base live there.
    ['$', 'attrs', { keepArray: true }],
    ['title', 'titleNode', { keepArray: true }],
    ['summary', 'summaryNode', { keepArray: true }],
    ['content', 'contentNode', { keepArray: true }],
    ['link', 'linkNodes', { keepArray: true }],
    ['media:content', 'mediaContent', { keepArray: true }],
    ['media:thumbnail', 'mediaThumbnail', { keepArray: true }],
    ['media:group', 'mediaGroup', { keepArray: true }],
    ['itunes:image', 'itunesImage'],
    ['guid', 'guidNode', { keepArray: true }],
    'fullitem',
    ['dc:author', 'dcAuthor'],
    ['dc:description', 'dcDescription'],
    ['xhtml:body', 'xhtmlBody'],
    ['body', 'xhtmlBody'],
    ['media:description', 'mediaDescription', { keepArray: true }],
    ['media:title', 'mediaTitle', { keepArray: true }],
    'issued',
    'created',
    'modified',
    ['dcterms:issued', 'dctermsIssued'],
    ['dcterms:created', 'dctermsCreated'],
    ['dcterms:modified', 'dctermsModified'],
  ],
} as unknown as Parser.CustomFields<RawFeed, RawItem>;

// Many news sites send `<rss>` without a version attribute: read it as RSS 2.0. A new parser per
// feed: xml2js keeps state from a failed parse, and the next feed would read "Unable to parse XML".
const strictParser = (): Parser<RawFeed, RawItem> => new Parser({ defaultRSS: 2, customFields });

/**
 * A non-strict read for XML that stays broken after repairXml (an unclosed or mismatched tag). The
 * non-strict parser upper-cases names; these are put back as feeds spell them.
 */
const CAMEL_CASE = new Map(
  [
    'pubDate',
    'lastBuildDate',
    'managingEditor',
    'webMaster',
    'isPermaLink',
    'rdf:RDF',
    'rdf:about',
    'textInput',
  ].map((n) => [n.toLowerCase(), n]),
);
const restoreCase = (name: string) => CAMEL_CASE.get(name.toLowerCase()) ?? name.toLowerCase();
// A new one each time too: a non-strict xml2js parser that failed once never answers again.
const lenientParser = (): Parser<RawFeed, RawItem> =>
  new Parser({
    defaultRSS: 2,
    customFields,
    xml2js: { strict: false, tagNameProcessors: [restoreCase], attrNameProcessors: [restoreCase] },
  });

const MAX_KEY_LENGTH = 500;

/**
 * RSS 0.9x/1.0/2.0 (with or without a version) or Atom text → sanitised items. A document type
 * with an internal subset is refused outright: no feed needs one, and it is how entity-expansion
 * bombs arrive. Only the prolog is checked, so `<!ENTITY` quoted inside a CDATA body is just text.
 */
export async function parseFeed(xml: string, feedUrl: string): Promise<FeedItem[]> {
  return (await parseFeedDocument(xml, feedUrl)).items;
}

/** The parser's message without its position lines: "Unexpected close tag at line 3, column 12". */
function xmlError(err: unknown): string {
  const message = (err as Error)?.message ?? String(err);
  const [first = 'Unable to parse XML', ...rest] = message.split('\n');
  const line = /^Line: (\d+)/.exec(rest[0] ?? '')?.[1];
  const column = /^Column: (\d+)/.exec(rest[1] ?? '')?.[1];
  return line && column ? `${first} at line ${Number(line) + 1}, column ${column}` : first.slice(0, 200);
}
/** Errors of the XML itself (sax), as opposed to "well-formed, but not a feed". */
const isXmlError = (err: unknown) => /\nLine: \d+|Unable to parse XML/.test((err as Error)?.message ?? '');

export interface ParseOptions {
  /**
   * Keep items without a title or link (title or url ''): only the feedparser conformance run
   * (bench/feedparser-conformance.ts) asks, to compare the fields of items an import would leave out.
   */
  keepIncomplete?: boolean;
}

export async function parseFeedDocument(
  xml: string,
  feedUrl: string,
  options: ParseOptions = {},
): Promise<ParsedFeed> {
  if (prologHasInternalDtd(xml)) {
    throw new FeedParseError('entities', 'Refused a feed with DTD entity declarations');
  }
  const repaired = repairXml(xml);
  const empty = emptyFeedWords(repaired.xml);
  if (empty) throw new FeedParseError('not-a-feed', empty);
  let feed: Parser.Output<RawItem> & RawFeed;
  let broken: string | null = null;
  try {
    feed = await strictParser().parseString(repaired.xml);
  } catch (err) {
    const notAFeed = new FeedParseError('not-a-feed', `Not a valid RSS or Atom feed: ${xmlError(err)}`);
    // Declarations inside the document are never worked around: that is how entity tricks hide.
    if (!isXmlError(err) || repaired.declarationsAfterRoot) throw notAFeed;
    try {
      // A document cut off inside its last tag (`…</channel>\n</rss`) ends the lenient read early.
      feed = await lenientParser().parseString(repaired.xml.replace(/<\/[\w:.-]+\s*$/, '$&>'));
    } catch {
      throw notAFeed;
    }
    broken = xmlError(err);
    // Broken XML is a feed when something of one was read: items, or a channel with its title (a
    // well-formed channel without items is a feed too, with nothing new).
    const readable = Array.isArray(feed.items) && (feed.items.length > 0 || Boolean(feed.title?.trim()));
    if (!readable) throw notAFeed;
  }
  if (!Array.isArray(feed.items)) throw new FeedParseError('not-a-feed', 'Not a valid RSS or Atom feed');

  const isAtom = /^\s*(<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<(?:[\w-]+:)?feed\b/i.test(
    repaired.xml,
  );
  // Atom's feed element is the root itself; RSS may also set a base on its channel.
  const channelBase = isAtom ? null : feed.attrs?.['xml:base'];
  const docBase = resolveBase(feedUrl, repaired.rootBase, channelBase);
  const declaredBase = Boolean(repaired.rootBase || channelBase);
  const channelImage = safeUrl(feed['itunes:image']?.$?.href, docBase);
  const items: FeedItem[] = [];
  const noLink: number[] = [];
  const noTitle: number[] = [];
  const withoutDate = new Set<number>();
  // Every item: a run imports the new ones (run.ts caps how many per run and says so).
  feed.items.forEach((raw, i) => {
    const item = toItem(raw, { docBase, declaredBase, feedUrl, channelImage, isAtom }, options);
    if (item === 'no-link') noLink.push(i + 1);
    else if (item === 'no-title') noTitle.push(i + 1);
    else {
      if (!item.publishedAt) withoutDate.add(i + 1);
      items.push(item);
    }
  });
  // Warnings name items by their title (issue 44): the n-th item of the feed, counted from 1.
  const titleOf = (n: number) => {
    const raw = feed.items[n - 1];
    if (!raw) return undefined;
    const node = raw.titleNode?.[0];
    return fieldText(nodeText(node) ?? raw.title, nodeAttrs(node).type, 300) || undefined;
  };
  const warnings = [
    ...(broken ? [brokenXmlWarning(broken)] : []),
    ...repairWarnings(repaired.notes, withoutDate, titleOf),
    ...(noTitle.length ? [droppedItemsWarning(noTitle, 'without a title')] : []),
    ...(noLink.length ? [droppedItemsWarning(noLink, 'without a usable link', titleOf)] : []),
  ];
  return { title: plainText(feed.title, 200), items, warnings: clipWarnings(warnings) };
}

/**
 * A root with nothing in it (`<rss></rss>`, `<rss/>`, an empty `<feed>`): rss-parser fails on it
 * with a JavaScript error ("Cannot read properties of undefined"); the editor reads this instead.
 */
function emptyFeedWords(xml: string): string | null {
  if (xml.length > 4000) return null;
  const body = xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/g, '').trim();
  const m = /^<((?:[\w-]+:)?(?:rss|feed|RDF))\b[^>]*?(?:\/>|>\s*<\/\1\s*>)$/i.exec(body);
  if (!m) return null;
  const root = (m[1] as string).replace(/^[\w-]+:/, '');
  return `The feed is empty: its <${root}> element holds nothing (no channel, no items)`;
}

/**
 * The prolog is what comes before the root element: the XML declaration, comments, processing
 * instructions and at most one DOCTYPE. A DOCTYPE with an internal subset (`[ … ]`) is refused.
 */
export function prologHasInternalDtd(xml: string): boolean {
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < xml.length) {
    while (i < xml.length && /\s/.test(xml[i] as string)) i++;
    if (xml.startsWith('<?', i)) {
      const end = xml.indexOf('?>', i + 2);
      if (end < 0) return false;
      i = end + 2;
    } else if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4);
      if (end < 0) return false;
      i = end + 3;
    } else if (/^<!DOCTYPE/i.test(xml.slice(i, i + 9))) {
      // Up to the first `[` or `>`: a `[` first opens an internal subset.
      const rest = xml.slice(i + 9);
      const bracket = rest.search(/[[>]/);
      return bracket >= 0 && rest[bracket] === '[';
    } else {
      return false;
    }
  }
  return false;
}

const nodeText = (node: Node | undefined): string | undefined =>
  typeof node === 'string' ? node : typeof node?._ === 'string' ? node._ : undefined;
const nodeAttrs = (node: Node | undefined): Attrs => (typeof node === 'object' && node.$) || {};

/** Atom: the link with rel="alternate" (the default) pointing at a page, else the first; RSS: the text. */
function linkOf(raw: RawItem, base: string): string | null {
  const links = (raw.linkNodes ?? []).filter((n) => typeof n === 'object' && n.$?.href);
  if (links.length) {
    const page =
      links.find((n) => {
        const a = nodeAttrs(n);
        return (!a.rel || a.rel === 'alternate') && (!a.type || /html/i.test(a.type));
      }) ??
      links.find((n) => !nodeAttrs(n).rel || nodeAttrs(n).rel === 'alternate') ??
      links[0];
    const a = nodeAttrs(page);
    return safeUrl(a.href, resolveBase(base, a['xml:base']));
  }
  // No href anywhere: RSS's `<link>` text, or an Atom `<link rel="alternate">` that holds its
  // address as text (the alternate one first, never an enclosure's).
  const nodes = raw.linkNodes ?? [];
  const alternate = nodes.find((n) => {
    const rel = nodeAttrs(n).rel;
    return (!rel || rel === 'alternate') && nodeText(n)?.trim();
  });
  return safeUrl(nodeText(alternate ?? nodes[0]) ?? raw.link, base) ?? permalinkOf(raw);
}

/** RSS: a `<guid>` that is a permalink (isPermaLink true or absent) and an http(s) address is the link. */
function permalinkOf(raw: RawItem): string | null {
  const node = raw.guidNode?.[0];
  const text = nodeText(node)?.trim();
  if (!text || !/^https?:\/\//i.test(text)) return null;
  if (nodeAttrs(node as Node & object).isPermaLink?.toLowerCase() === 'false') return null;
  return safeUrl(text);
}

const EMAIL = /[^\s<>()"',;:]+@[^\s<>()"',;:]+\.[^\s<>()"',;:]+/g;

/**
 * The author's name, never an address: "editor@example.org (Example Editor)" → "Example Editor",
 * "Example Editor <editor@example.org>" → "Example Editor", "editor@example.org" → no author.
 */
export function authorName(input: unknown): string | null {
  const text = fieldText(input, undefined, 400);
  if (!text) return null;
  const inParens = /^\s*\S+@\S+\s*\(([^)]+)\)\s*$/.exec(text)?.[1];
  const name = (inParens ?? text)
    .replace(/<\s*[^<>]*@[^<>]*>/g, ' ')
    .replace(EMAIL, ' ')
    .replace(/\(\s*\)|\[\s*\]|<\s*>/g, ' ')
    .replace(/mailto:/gi, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:()-]+|[\s,;:(-]+$/g, '')
    .trim();
  return name ? name.slice(0, 200) : null;
}

function toItem(
  raw: RawItem,
  feed: {
    docBase: string;
    declaredBase: boolean;
    feedUrl: string;
    channelImage: string | null;
    isAtom: boolean;
  },
  options: ParseOptions = {},
): FeedItem | 'no-link' | 'no-title' {
  const { feedUrl, channelImage } = feed;
  const base = resolveBase(feed.docBase, raw.attrs?.['xml:base']);
  const declaredBase = feed.declaredBase || Boolean(raw.attrs?.['xml:base']);
  const titleNode = raw.titleNode?.[0];
  const title =
    fieldText(nodeText(titleNode) ?? raw.title, nodeAttrs(titleNode).type, 300) || mediaTitleOf(raw);
  const url = linkOf(raw, base) ?? (options.keepIncomplete ? '' : null);
  // An item we cannot link to, or cannot name, is not worth an article.
  if (url === null) return 'no-link';
  if (!title && !options.keepIncomplete) return 'no-title';
  const guid =
    typeof raw.guid === 'string' ? raw.guid.trim() : typeof raw.id === 'string' ? raw.id.trim() : '';
  const key = guidKey(guid, feedUrl) ?? (url ? normaliseLink(url) : '');
  const body = bodyOf(raw, base, declaredBase);
  const summary = summaryOf(raw, body, feed.isAtom);
  const excerpt = summary.text;
  const content = body.html || (excerpt ? `<p>${safeHtml(excerpt)}</p>` : '');
  return {
    key: key.slice(0, MAX_KEY_LENGTH),
    title,
    url,
    excerpt: excerpt || title,
    content: content || `<p>${safeHtml(title)}</p>`,
    author: authorName(raw.creator || raw.author || raw.dcAuthor || raw.itunes?.author),
    publishedAt:
      date(raw.isoDate) ??
      date(raw.issued ?? raw.dctermsIssued) ??
      date(raw.created ?? raw.dctermsCreated) ??
      date(raw.modified ?? raw.dctermsModified),
    imageUrl: imageOf(raw, base, declaredBase, body) ?? channelImage,
  };
}

/**
 * The body: content:encoded (RSS) or fullitem, else Atom's content by its type, else the description or summary.
 * `source` is the HTML images are looked for in; `base` what its relative links resolve against.
 */
function bodyOf(
  raw: RawItem,
  itemBase: string,
  declaredBase: boolean,
): { html: string; source: string; base: string | null } {
  // Relative pictures are taken only against a base the feed declares: the feed's own address is
  // rarely where its articles' images live, and no picture is better than a broken one.
  const imageBase = (base: string, declared: boolean) => (declared ? base : null);
  const fullText = raw['content:encoded'] || (typeof raw.fullitem === 'string' ? raw.fullitem : '');
  if (fullText) {
    const html = fullText;
    return { html: safeHtml(html, itemBase), source: html, base: imageBase(itemBase, declaredBase) };
  }
  const node = raw.contentNode?.[0] ?? raw.summaryNode?.[0];
  const a = nodeAttrs(node);
  const text = nodeText(node) ?? raw.content ?? raw.summary ?? fallbackText(raw) ?? '';
  const base = resolveBase(itemBase, a['xml:base']);
  const images = imageBase(base, declaredBase || Boolean(a['xml:base']));
  const type = a.type?.toLowerCase();
  // Atom says text unless told otherwise; publishers often send HTML untyped, so that is guessed.
  if (type === 'text' || (node !== undefined && !type && !looksLikeHtml(text))) {
    return { html: textAsHtml(text), source: '', base: images };
  }
  // Atom content by reference (`src`) or of another media type has no text to show.
  if (type && type !== 'html' && type !== 'xhtml' && !/html/.test(type))
    return { html: '', source: '', base: images };
  return { html: safeHtml(text, base), source: text, base: images };
}

/** The excerpt: the description (RSS) or summary (Atom), read by its type; else the body's text. */
function summaryOf(raw: RawItem, body: { source: string; html: string }, isAtom: boolean): { text: string } {
  const node = raw.summaryNode?.[0];
  // RSS with both a <description> and a <summary>: the description is the excerpt, the summary the
  // body (bodyOf), so neither is lost.
  const rssDescription = !isAtom && !raw.contentNode && typeof raw.content === 'string' && raw.content.trim();
  if (node !== undefined && !rssDescription) {
    return { text: fieldText(nodeText(node) ?? '', nodeAttrs(node).type, 300) };
  }
  // RSS: rss-parser puts the description in `content`; Atom without a summary: the content.
  const description = raw.contentNode ? undefined : raw.content;
  return { text: plainText(description || fallbackText(raw) || body.source || body.html, 300) };
}

/** Media RSS's title (the item's own, else its `media:group`'s) for an item without a title. */
function mediaTitleOf(raw: RawItem): string {
  const node = raw.mediaTitle?.[0] ?? raw.mediaGroup?.find((g) => g['media:title'])?.['media:title']?.[0];
  // Media RSS says `type="plain"` (the default) or `"html"`.
  return fieldText(nodeText(node), nodeAttrs(node).type === 'html' ? 'html' : 'text', 300);
}

/**
 * When nothing better exists: Dublin Core's description, an XHTML body, Media RSS's description
 * (the item's own, else its `media:group`'s) or iTunes' summary.
 */
function fallbackText(raw: RawItem): string | undefined {
  const media =
    raw.mediaDescription?.[0] ??
    raw.mediaGroup?.find((g) => g['media:description'])?.['media:description']?.[0];
  const candidates = [raw.dcDescription, raw.xhtmlBody, nodeText(media), raw.itunes?.summary];
  return candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '');
}

/** GUIDs that are URLs or URNs are global; a bare "12345" is scoped to its feed's host. */
function guidKey(guid: string, feedUrl: string): string | null {
  if (!guid) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(guid)) return guid;
  return `${new URL(feedUrl).host}#${guid}`;
}

/** repairXml made every readable date ISO 8601 and emptied the others: null is "date unknown". */
function date(input: string | undefined): Date | null {
  if (!input) return null;
  const d = new Date(input);
  if (Number.isNaN(d.getTime())) return null;
  // A feed cannot publish in the future.
  return d.getTime() > Date.now() ? new Date() : d;
}

const IMAGE_EXT = /\.(jpe?g|png|gif|webp|avif)(\?|$)/i;

/** Every picture the item names, in order of preference; the picker weighs them (pick-image.ts). */
function imageOf(
  raw: RawItem,
  base: string,
  declaredBase: boolean,
  body: { source: string; base: string | null },
): string | null {
  const candidates: ImageCandidate[] = [];
  const media = (tags: MediaTag[] | undefined, thumbnail: boolean) => {
    for (const tag of tags ?? []) {
      const a = tag?.$;
      if (!a?.url) continue;
      if (!thumbnail && a.medium && a.medium !== 'image') continue;
      if (a.type && !a.type.startsWith('image/')) continue;
      candidates.push({ url: a.url, width: a.width, height: a.height });
    }
  };
  media(raw.mediaContent, false);
  for (const group of raw.mediaGroup ?? []) media(group['media:content'], false);
  media(raw.mediaThumbnail, true);
  for (const group of raw.mediaGroup ?? []) media(group['media:thumbnail'], true);
  const enclosure = raw.enclosure;
  if (enclosure?.url && (enclosure.type?.startsWith('image/') || IMAGE_EXT.test(enclosure.url))) {
    candidates.push({ url: enclosure.url });
  }
  if (raw.itunesImage?.$?.href) candidates.push({ url: raw.itunesImage.$.href });
  // Atom's enclosure links that are pictures.
  for (const link of raw.linkNodes ?? []) {
    const a = nodeAttrs(link);
    if (a.rel === 'enclosure' && a.href && a.type?.startsWith('image/')) {
      candidates.push({ url: safeUrl(a.href, resolveBase(base, a['xml:base'])) ?? '' });
    }
  }
  candidates.push(...imagesIn(body.source, body.base));
  // The description may hold the picture when content:encoded does not (or there is none).
  if ((raw['content:encoded'] || raw.fullitem) && typeof raw.content === 'string') {
    candidates.push(...imagesIn(raw.content, declaredBase ? base : null));
  }
  return bestImage(candidates, base);
}
