import { readFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeFeed } from '../src/rss/decode-feed';
import { readFeedDate } from '../src/rss/feed-date';
import { type FeedItem, parseFeedDocument } from '../src/rss/parse-feed';

/**
 * Issue 44: the differences from feedparser a reader sees, one fixture each (written for these
 * tests: api/test/fixtures/feeds/parity/). The whole-suite comparison is bench/feedparser-conformance.ts.
 */
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures/feeds/parity', name), 'utf8');
const parse = (name: string, url = 'https://feeds.example/feed.xml') => parseFeedDocument(fixture(name), url);
const byTitle = (items: FeedItem[], title: string) => items.find((i) => i.title === title);

describe('RSS import at feedparser parity (issue 44)', () => {
  it('a <br/> inside an RSS title is a word boundary, not glue', async () => {
    const { items } = await parse('title-br.xml');
    expect(items.map((i) => i.title)).toEqual(['Ferry timetable changes in spring']);
  });

  it('an item whose only link is a permalink <guid> links to it; isPermaLink="false" does not', async () => {
    const { items, warnings } = await parse('guid-permalink.xml');
    expect(items.map((i) => [i.title, i.url])).toEqual([
      ['Leeks went in today', 'https://allotment.example/2025/leeks'],
      ['Onions and a new shed', 'https://allotment.example/2025/onions'],
    ]);
    // Named by its title, not "item 3".
    expect(warnings).toEqual(['Left out 1 item without a usable link ("Not a page")']);
  });

  it('shows an author by name and never publishes an address; reads dc:creator and dc:author', async () => {
    const { items } = await parse('authors.xml');
    expect(items.map((i) => [i.title, i.author])).toEqual([
      ['Rehearsal moved', 'Marta Alves'],
      ['New tenor', null],
      ['Concert tickets', 'Jonas Berg'],
      ['Summer tour', 'Ines Moreau'],
    ]);
  });

  it('resolves relative links against xml:base on the <rss> root', async () => {
    const { items } = await parse('rss-root-base.xml');
    expect(items[0]?.url).toBe('https://library.example/branch/events/story-hour');
  });

  it('reads dcterms:created, issued and modified, and month names of ten more languages', async () => {
    const { items, warnings } = await parse('dates-more.xml');
    const iso = (title: string) => byTitle(items, title)?.publishedAt?.toISOString();
    expect(iso('Created only')).toBe('2024-03-05T08:30:00.000Z');
    expect(iso('Issued only')).toBe('2024-03-06T08:30:00.000Z');
    expect(iso('Modified only')).toBe('2024-03-07T08:30:00.000Z');
    expect(iso('Russian')).toBe('2024-03-12T07:00:00.000Z');
    expect(iso('Greek')).toBe('2024-03-12T08:00:00.000Z');
    expect(iso('Czech')).toBe('2024-03-12T09:00:00.000Z');
    expect(iso('Swedish')).toBe('2024-03-12T09:00:00.000Z');
    expect(iso('Norwegian')).toBe('2024-12-12T09:00:00.000Z');
    expect(iso('Finnish')).toBe('2024-07-12T07:00:00.000Z');
    expect(iso('Hungarian')).toBe('2024-03-12T09:00:00.000Z');
    expect(iso('Romanian')).toBe('2024-11-12T08:00:00.000Z');
    expect(iso('Turkish')).toBe('2024-08-12T07:00:00.000Z');
    expect(iso('Catalan')).toBe('2024-07-12T08:00:00.000Z');
    expect(warnings).toEqual([]);
  });

  it('month names are whole words: a Czech July is not June, a Danish "marts" is March', () => {
    expect(readFeedDate('3 července 2024')?.toISOString()).toBe('2024-07-03T00:00:00.000Z');
    expect(readFeedDate('3 června 2024')?.toISOString()).toBe('2024-06-03T00:00:00.000Z');
    expect(readFeedDate('3 marts 2024')?.toISOString()).toBe('2024-03-03T00:00:00.000Z');
    expect(readFeedDate('3 декабря 2024')?.toISOString()).toBe('2024-12-03T00:00:00.000Z');
  });

  it('Atom 0.3: an XHTML-mode title keeps its entry, base64 text is decoded, issued/created/modified are dates', async () => {
    const { items } = await parse('atom03-modes.xml');
    expect(items.map((i) => [i.title, i.url, i.publishedAt?.toISOString()])).toEqual([
      ['Sharpening chisels by hand', 'https://workshop.example/chisels', '2023-11-02T09:00:00.000Z'],
      ['A dovetail joint', 'https://workshop.example/dovetail', '2023-11-03T09:00:00.000Z'],
      ['Oiling the bench', 'https://workshop.example/bench', '2023-11-04T09:00:00.000Z'],
    ]);
    expect(items[1]?.excerpt).toBe('Glue, clamp, wait.');
  });

  it('uses dc:description, xhtml:body and media:description when nothing better exists', async () => {
    const { items } = await parse('fallback-text.xml');
    expect(items.map((i) => i.excerpt)).toEqual([
      'Forty clumps this year.',
      'The old net had a hole.',
      'A grey heron at dawn.',
    ]);
  });

  it.each(['utf-16le', 'utf-16be', 'utf-32le', 'utf-32be'])(
    'reads %s without a byte-order mark by its XML declaration',
    async (encoding) => {
      const label = encoding.startsWith('utf-16') ? 'UTF-16' : 'UTF-32';
      const text = `<?xml version="1.0" encoding="${label}"?><rss version="2.0"><channel><title>Café</title><item><title>Crème brûlée night</title><link>https://cafe.example/1</link></item></channel></rss>`;
      const bytes = iconv.encode(text, encoding, { addBOM: false });
      expect(bytes[0] === 0xff || bytes[0] === 0xfe).toBe(false);
      const { title, items } = await parseFeedDocument(decodeFeed(bytes), 'https://cafe.example/feed');
      expect([title, items[0]?.title]).toEqual(['Café', 'Crème brûlée night']);
    },
  );

  it('an empty <rss></rss> is refused in words, not with a JavaScript error', async () => {
    await expect(
      parseFeedDocument('<?xml version="1.0"?>\n<rss version="2.0"></rss>', 'https://x.example/'),
    ).rejects.toMatchObject({
      kind: 'not-a-feed',
      message: 'The feed is empty: its <rss> element holds nothing (no channel, no items)',
    });
  });

  it('warnings name the item by its title', async () => {
    const xml =
      '<rss version="2.0"><channel><title>T</title><item><title>Fish and chips</title><link>https://f.example/1</link></item><item><title>Salt &amp; vinegar & more</title><link>https://f.example/2</link></item></channel></rss>';
    const { warnings } = await parseFeedDocument(xml, 'https://f.example/');
    expect(warnings).toEqual(['1 unescaped "&" in "Salt & vinegar & more", read as text']);
  });
});
