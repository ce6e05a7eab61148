import { readFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeFeed, httpCharset } from '../src/rss/decode-feed';
import { readFeedDate } from '../src/rss/feed-date';
import { type FeedItem, parseFeedDocument } from '../src/rss/parse-feed';
import { repairDoubleEncoding } from '../src/rss/sanitize';

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

  it.each([
    ['undeclared-ja.utf8.xml', 'shift_jis'],
    ['undeclared-ja.utf8.xml', 'euc-jp'],
    ['undeclared-ko.utf8.xml', 'euc-kr'],
    ['undeclared-zh-hant.utf8.xml', 'big5'],
    ['undeclared-zh-hans.utf8.xml', 'gb2312'],
    ['undeclared-ru.utf8.xml', 'koi8-r'],
  ])('recognises %s sent as undeclared %s (not read as windows-1252)', async (name, encoding) => {
    const source = fixture(name);
    const bytes = iconv.encode(source, encoding);
    const want = await parseFeedDocument(source, 'https://lib.example/feed');
    // A server's charset=utf-8 default is not the publisher's declaration.
    for (const contentType of [undefined, 'application/rss+xml; charset=utf-8']) {
      const got = await parseFeedDocument(decodeFeed(bytes, contentType), 'https://lib.example/feed');
      expect([got.title, ...got.items.map((i) => [i.title, i.excerpt])]).toEqual([
        want.title,
        ...want.items.map((i) => [i.title, i.excerpt]),
      ]);
    }
  });

  it('an undeclared Latin feed that is not UTF-8 stays windows-1252', () => {
    const text =
      '<?xml version="1.0"?><rss><channel><title>Crème brûlée – “très” bon, ¿qué tal? Grüße</title></channel></rss>';
    expect(decodeFeed(iconv.encode(text, 'windows-1252'))).toBe(text);
  });

  it("reads a server's charset in single quotes (charset='iso-8859-1' is windows-1252 too)", () => {
    expect(httpCharset("text/xml; charset= 'iso-8859-1'")).toBe('iso-8859-1');
    const text = '<rss version="2.0"><channel><title>Don’t miss the “fête”</title></channel></rss>';
    const bytes = iconv.encode(text, 'windows-1252');
    expect(decodeFeed(bytes, "application/rss+xml; charset= 'iso-8859-1'")).toBe(text);
  });

  it('reads an old-style <fullitem> as the body, sanitised', async () => {
    const { items } = await parse('fullitem.xml');
    expect(items[0]?.content).toBe('<p>Boats leave the <b>east pontoon</b> by November.</p>');
    expect(items[0]?.excerpt).toBe('Boats leave the east pontoon by November.');
  });

  it('reads items placed straight under <rss> without a <channel>', async () => {
    const { title, items } = await parse('no-channel.xml');
    expect([title, items.map((i) => [i.title, i.url, i.excerpt])]).toEqual([
      "Beekeepers' circle",
      [['Swarm caught in the orchard', 'https://bees.example/swarm', 'Third one this May.']],
    ]);
  });

  it('a channel without items whose last tag is cut off is a feed (with a warning), not "Not a feed"', async () => {
    const { title, items, warnings } = await parse('cut-off.xml');
    expect([title, items]).toEqual(['Quiet week at the observatory', []]);
    expect(warnings).toEqual([
      "The feed's XML is broken (Unclosed root tag at line 8, column 5); it was read leniently, so check its items",
    ]);
    // Nothing of a feed at all is still refused.
    await expect(
      parseFeedDocument('<rss version="2.0"><channel><link>x</link></channel></rss', 'https://x.example/'),
    ).rejects.toMatchObject({ kind: 'not-a-feed' });
  });

  it('Atom 1.0: base64 text under a non-text media type is decoded', async () => {
    const { title, items } = await parse('atom10-base64.xml');
    expect(title).toBe('Pottery studio diary');
    expect(items.map((i) => [i.title, i.excerpt, i.content])).toEqual([
      [
        'Glazes that crawl',
        'Too thick a coat pulls away from the pot.',
        '<p>Thin the glaze and fire <em>slower</em>.</p>',
      ],
    ]);
  });

  it('an entry that states its date twice is dated by the last one, as feedparser does', async () => {
    const { items } = await parse('dates-twice.xml');
    expect(items[0]?.publishedAt?.toISOString()).toBe('2024-05-28T18:30:00.000Z');
  });

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

  it('puts double-encoded UTF-8 back ("â€¦" is "…") and leaves genuine Latin text alone', async () => {
    const { items } = await parse('double-encoded.xml');
    expect(items.map((i) => i.title)).toEqual([
      'Sourdough… again',
      'Rye … soon',
      'Café naïve Ångström',
      '»Fuß« and CAFÉ”',
    ]);
    expect(items[0]?.excerpt).toBe('The starter’s fine – café opens at 7');
    expect(items[2]?.excerpt).toBe('Three words that stay as they are: café, naïve, Ångström.');
    expect(items[3]?.excerpt).toBe('Il est allé »');
  });

  it.each([
    ['café', 'café'],
    ['naïve', 'naïve'],
    ['Ångström', 'Ångström'],
    ['»Fuß«', '»Fuß«'],
    ['CAFÉ”', 'CAFÉ”'],
    ['Il est allé\u00a0»', 'Il est allé\u00a0»'],
    // One genuine "é" beside mojibake: ambiguous, left as it is.
    ['Itâ€™s café', 'Itâ€™s café'],
    ['cafÃ©', 'café'],
    ['Ã©tÃ© Â£5', 'été £5'],
    ['Ð¿Ñ€Ð¸Ð²ÐµÑ‚', 'привет'],
    ['æ—¥æœ¬', '日本'],
  ])('double-encoding repair: %j → %j', (input, output) => {
    expect(repairDoubleEncoding(input)).toBe(output);
  });

  it('an RSS item with both <description> and <summary> keeps both: the description as excerpt, the summary as body', async () => {
    const { items } = await parse('description-and-summary.xml');
    expect(items[0]?.excerpt).toBe('High water is a little higher than usual.');
    expect(items[0]?.content).toContain('Expect the lower car park to flood at noon on Thursday.');
  });

  it('an Atom <link> without href holding its address as text: the alternate one, not the enclosure', async () => {
    const { items } = await parse('atom-link-text.xml');
    expect(items.map((i) => [i.title, i.url])).toEqual([
      ['North rim loop', 'https://walks.example/north-rim'],
    ]);
  });

  it('media:title names an item without a title; media:description inside media:group is its text', async () => {
    const { items } = await parse('media-title-group.xml');
    expect(items.map((i) => [i.title, i.excerpt])).toEqual([
      ["Evensong at St Anne's", "Evensong at St Anne's"],
      ['Carols in the square', 'Recorded outside in light snow.'],
    ]);
  });

  it('reads RSS elements written in another case (<TITLE>, <Item>)', async () => {
    const { title, items } = await parse('mixed-case.xml');
    expect(title).toBe('Allotment Society');
    expect(items.map((i) => [i.title, i.url])).toEqual([
      ['Water butts are back', 'https://allotment.example/water-butts'],
    ]);
  });

  it('reads RSS 1.0 and RSS 2.0 written with a namespace prefix and no default namespace', async () => {
    const rss1 = await parse('prefixed-rss.xml');
    expect(rss1.title).toBe('Moth counts');
    expect(rss1.items.map((i) => [i.title, i.url, i.excerpt, i.publishedAt?.toISOString()])).toEqual([
      [
        'Elephant hawk-moth',
        'https://moths.example/2025/06/elephant-hawk',
        'Two in the trap this morning.',
        '2025-06-14T05:30:00.000Z',
      ],
    ]);
    const rss2 = await parse('prefixed-rss2.xml');
    expect(rss2.title).toBe('Lighthouse log');
    expect(rss2.items.map((i) => [i.title, i.url, i.publishedAt?.toISOString()])).toEqual([
      ['Lamp serviced', 'https://lighthouse.example/log/lamp', '2025-06-03T18:00:00.000Z'],
    ]);
  });
});
