import Parser from 'rss-parser';
import { normaliseLink, plainText, safeHtml, safeUrl } from './sanitize';

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

type MediaTag = { $?: { url?: string; medium?: string; type?: string } };
type RawItem = Parser.Item & {
  author?: string;
  id?: string;
  'content:encoded'?: string;
  mediaContent?: MediaTag[];
  mediaThumbnail?: MediaTag[];
};

const parser: Parser<Record<string, unknown>, RawItem> = new Parser({
  customFields: {
    item: [
      ['media:content', 'mediaContent', { keepArray: true }],
      ['media:thumbnail', 'mediaThumbnail', { keepArray: true }],
    ],
  },
});

export const MAX_ITEMS_PER_FEED = 50;
const MAX_KEY_LENGTH = 500;

export class FeedParseError extends Error {}

/**
 * RSS 2.0 or Atom text → sanitised items. A document type with entity declarations is refused
 * outright: no feed needs one, and it is how entity-expansion bombs arrive.
 */
export async function parseFeed(xml: string, feedUrl: string): Promise<FeedItem[]> {
  if (/<!DOCTYPE[^>]*\[/i.test(xml) || /<!ENTITY/i.test(xml)) {
    throw new FeedParseError('Refused a feed with DTD entity declarations');
  }
  let feed: Awaited<ReturnType<typeof parser.parseString>>;
  try {
    feed = await parser.parseString(xml);
  } catch (err) {
    throw new FeedParseError(
      `Not a valid RSS or Atom feed: ${(err as Error).message.split('\n')[0]?.slice(0, 200)}`,
    );
  }
  if (!Array.isArray(feed.items)) throw new FeedParseError('Not a valid RSS or Atom feed');
  const items: FeedItem[] = [];
  for (const raw of feed.items.slice(0, MAX_ITEMS_PER_FEED)) {
    const item = toItem(raw, feedUrl);
    if (item) items.push(item);
  }
  return items;
}

function toItem(raw: RawItem, feedUrl: string): FeedItem | null {
  const url = safeUrl(raw.link, feedUrl);
  const title = plainText(raw.title, 300);
  // An item we cannot link to, or cannot name, is not worth an article.
  if (!url || !title) return null;
  const guid =
    typeof raw.guid === 'string' ? raw.guid.trim() : typeof raw.id === 'string' ? raw.id.trim() : '';
  const key = guidKey(guid, feedUrl) ?? normaliseLink(url);
  const html = raw['content:encoded'] || raw.content || raw.summary || '';
  const excerpt = plainText(raw.contentSnippet || html, 300);
  const content = safeHtml(html) || (excerpt ? `<p>${safeHtml(excerpt)}</p>` : '');
  return {
    key: key.slice(0, MAX_KEY_LENGTH),
    title,
    url,
    excerpt: excerpt || title,
    content: content || `<p>${safeHtml(title)}</p>`,
    author: plainText(raw.creator || raw.author, 200) || null,
    publishedAt: date(raw.isoDate ?? raw.pubDate),
    imageUrl: imageOf(raw, feedUrl),
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
function imageOf(raw: RawItem, feedUrl: string): string | null {
  const enclosure = raw.enclosure;
  if (enclosure?.url && (enclosure.type?.startsWith('image/') || IMAGE_EXT.test(enclosure.url))) {
    const u = safeUrl(enclosure.url, feedUrl);
    if (u) return u;
  }
  for (const tag of [...(raw.mediaContent ?? []), ...(raw.mediaThumbnail ?? [])]) {
    const a = tag?.$;
    if (!a?.url) continue;
    if (a.medium && a.medium !== 'image') continue;
    if (a.type && !a.type.startsWith('image/')) continue;
    const u = safeUrl(a.url, feedUrl);
    if (u) return u;
  }
  return null;
}
