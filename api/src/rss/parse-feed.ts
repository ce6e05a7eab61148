import Parser from 'rss-parser';
import { FeedParseError } from './feed-errors';
import { bestImage, type ImageCandidate } from './pick-image';
import { firstImageIn, normaliseLink, plainText, safeHtml, safeUrl } from './sanitize';

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
  publishedAt: Date | null;
  imageUrl: string | null;
}

/** A parsed feed: its title and its items. */
export interface ParsedFeed {
  title: string;
  items: FeedItem[];
}

type Attrs = { url?: string; href?: string; medium?: string; type?: string; width?: string };
type MediaTag = { $?: Attrs };
type RawItem = Parser.Item & {
  author?: string;
  id?: string;
  'content:encoded'?: string;
  mediaContent?: MediaTag[];
  mediaThumbnail?: MediaTag[];
  mediaGroup?: Array<{ 'media:content'?: MediaTag[]; 'media:thumbnail'?: MediaTag[] }>;
  itunesImage?: MediaTag;
};
type RawFeed = { 'itunes:image'?: MediaTag };

const parser: Parser<RawFeed, RawItem> = new Parser({
  // Many news sites send `<rss>` without a version attribute: read it as RSS 2.0.
  defaultRSS: 2,
  customFields: {
    feed: ['itunes:image'],
    item: [
      ['media:content', 'mediaContent', { keepArray: true }],
      ['media:thumbnail', 'mediaThumbnail', { keepArray: true }],
      ['media:group', 'mediaGroup', { keepArray: true }],
      ['itunes:image', 'itunesImage'],
    ],
  },
});

export const MAX_ITEMS_PER_FEED = 50;
const MAX_KEY_LENGTH = 500;

/**
 * RSS 0.9x/1.0/2.0 (with or without a version) or Atom text → sanitised items. A document type
 * with an internal subset is refused outright: no feed needs one, and it is how entity-expansion
 * bombs arrive. Only the prolog is checked, so `<!ENTITY` quoted inside a CDATA body is just text.
 */
export async function parseFeed(xml: string, feedUrl: string): Promise<FeedItem[]> {
  return (await parseFeedDocument(xml, feedUrl)).items;
}

export async function parseFeedDocument(xml: string, feedUrl: string): Promise<ParsedFeed> {
  if (prologHasInternalDtd(xml)) {
    throw new FeedParseError('entities', 'Refused a feed with DTD entity declarations');
  }
  let feed: Awaited<ReturnType<typeof parser.parseString>>;
  try {
    feed = await parser.parseString(xml);
  } catch (err) {
    throw new FeedParseError(
      'not-a-feed',
      `Not a valid RSS or Atom feed: ${(err as Error).message.split('\n')[0]?.slice(0, 200)}`,
    );
  }
  if (!Array.isArray(feed.items)) throw new FeedParseError('not-a-feed', 'Not a valid RSS or Atom feed');
  const channelImage = safeUrl(feed['itunes:image']?.$?.href, feedUrl);
  const items: FeedItem[] = [];
  for (const raw of feed.items.slice(0, MAX_ITEMS_PER_FEED)) {
    const item = toItem(raw, feedUrl, channelImage);
    if (item) items.push(item);
  }
  return { title: plainText(feed.title, 200), items };
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

function toItem(raw: RawItem, feedUrl: string, channelImage: string | null): FeedItem | null {
  const url = safeUrl(raw.link, feedUrl);
  const title = plainText(raw.title, 300);
  // An item we cannot link to, or cannot name, is not worth an article.
  if (!url || !title) return null;
  const guid =
    typeof raw.guid === 'string' ? raw.guid.trim() : typeof raw.id === 'string' ? raw.id.trim() : '';
  const key = guidKey(guid, feedUrl) ?? normaliseLink(url);
  const html = raw['content:encoded'] || raw.content || raw.summary || '';
  // The summary is the description when there is one; our own HTML→text keeps block boundaries.
  const summary = raw.content || raw.summary || html;
  const excerpt = plainText(summary, 300);
  const content = safeHtml(html) || (excerpt ? `<p>${safeHtml(excerpt)}</p>` : '');
  return {
    key: key.slice(0, MAX_KEY_LENGTH),
    title,
    url,
    excerpt: excerpt || title,
    content: content || `<p>${safeHtml(title)}</p>`,
    author: plainText(raw.creator || raw.author, 200) || null,
    publishedAt: date(raw.isoDate ?? raw.pubDate),
    imageUrl: imageOf(raw, feedUrl) ?? channelImage,
  };
}

/** GUIDs that are URLs or URNs are global; a bare "12345" is scoped to its feed's host. */
function guidKey(guid: string, feedUrl: string): string | null {
  if (!guid) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(guid)) return guid;
  return `${new URL(feedUrl).host}#${guid}`;
}

function date(input: string | undefined): Date | null {
  if (!input) return null;
  const d = new Date(input);
  if (Number.isNaN(d.getTime())) return null;
  // A feed cannot publish in the future.
  return d.getTime() > Date.now() ? new Date() : d;
}

const IMAGE_EXT = /\.(jpe?g|png|gif|webp|avif)(\?|$)/i;

/** Every image the item names, in order of preference; the picker takes the widest declared. */
function imageOf(raw: RawItem, feedUrl: string): string | null {
  const candidates: ImageCandidate[] = [];
  const media = (tags: MediaTag[] | undefined, thumbnail: boolean) => {
    for (const tag of tags ?? []) {
      const a = tag?.$;
      if (!a?.url) continue;
      if (!thumbnail && a.medium && a.medium !== 'image') continue;
      if (a.type && !a.type.startsWith('image/')) continue;
      candidates.push({ url: a.url, width: a.width });
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
  const inline = firstImageIn(raw['content:encoded'] || raw.content || '');
  if (inline) candidates.push(inline);
  return bestImage(candidates, feedUrl);
}
