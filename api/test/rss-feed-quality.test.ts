import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { articles, rssRuns } from '../src/db/schema';
import { type FetchLimits, fetchFeed } from '../src/rss/fetch-feed';
import { type ParsedFeed, parseFeedDocument } from '../src/rss/parse-feed';
import { runRssNow } from '../src/rss/run';
import type { FeedSource } from '../src/rss/sources';
import { dbTargets, testApp } from './helpers';
import { type FeedServer, startFeedServer } from './rss-feed-server';

/**
 * Issue 28: feeds as a feed reader reads them. Every case is a fixture file in
 * api/test/fixtures/feeds, served from 127.0.0.1 with its publisher's Content-Type and read by the
 * real fetcher and rss-parser.
 */
const limits: FetchLimits = { timeoutMs: 3000, maxBytes: 1024 * 1024, maxRedirects: 3, allowPrivate: true };
let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());

async function read(name: string): Promise<ParsedFeed> {
  const url = `${feeds.base}/files/${name}`;
  return parseFeedDocument(await fetchFeed(url, limits), url);
}
const byTitle = (feed: ParsedFeed, start: string) => {
  const item = feed.items.find((i) => i.title.startsWith(start));
  if (!item) throw new Error(`no item "${start}" in ${feed.items.map((i) => i.title).join(' | ')}`);
  return item;
};

describe('1. the picture is chosen from every candidate, and no picture beats a wrong one', () => {
  it("a FeedBurner share button (~ff/…?d=) first in the body is skipped for the article's photo", async () => {
    const feed = await read('pictures.xml');
    expect(byTitle(feed, 'Dahlias').imageUrl).toBe(
      'https://cdn.greenfingers.example/2026/01/dahlia-tubers-1200.jpg',
    );
  });
  it('a 1×1 tracker sized only by CSS is skipped for the hero photo that follows it', async () => {
    expect(byTitle(await read('pictures.xml'), 'Seed potatoes').imageUrl).toBe(
      'https://cdn.greenfingers.example/2026/01/chitting-hero.jpg',
    );
  });
  it('a tracking pixel as the first <img> no longer hides the 900 px photo; the avatar after it is not taken', async () => {
    expect(byTitle(await read('pictures.xml'), 'Winter pruning').imageUrl).toBe(
      'https://cdn.greenfingers.example/2026/01/pruning-900.jpg',
    );
  });
  it('only share buttons, feed-service pixels and emoji: no picture at all', async () => {
    expect(byTitle(await read('pictures.xml'), 'Seed swap').imageUrl).toBeNull();
  });
  it('the widest srcset copy of a lazy-loaded photo beats a 120 px media:thumbnail', async () => {
    expect(byTitle(await read('pictures.xml'), 'Rhubarb').imageUrl).toBe(
      'https://cdn.greenfingers.example/2026/01/rhubarb-1440.jpg',
    );
  });
});

describe('2. one bad character does not lose the feed: it is read, with a warning naming the problem', () => {
  it('a bare "&" and an undefined entity: all 5 items import, and the warnings say what and where', async () => {
    const feed = await read('bozo-entities.xml');
    expect(feed.title).toBe('Harbour & Hill Community News');
    expect(feed.items.map((i) => i.title)).toEqual([
      'Lifeboat open day raises £2,400',
      'Fish & chips night moves to Fridays',
      'Choir rehearsal notes &doesnotexist; week two',
      'Café reopens with a new menu — soup is back',
      'Beach clean: 40 bags collected',
    ]);
    expect(byTitle(feed, 'Fish').url).toBe('https://harbourhill.example/news/fish-and-chips?day=fri&ref=rss');
    expect(feed.warnings).toEqual([
      '2 unescaped "&" characters in "Fish & chips night moves to Fridays", read as text',
      '1 undefined entity: &doesnotexist; in "Choir rehearsal notes &doesnotexist; week two" (kept as text)',
    ]);
  });
  it('a mismatched tag is read leniently: both items import, with a warning naming the XML error', async () => {
    const feed = await read('broken-tags.xml');
    expect(feed.items.map((i) => i.title)).toEqual(['Bring-and-buy sale', 'Bell ringers wanted']);
    expect(feed.items[0]?.publishedAt?.toISOString()).toBe('2026-01-09T09:00:00.000Z');
    expect(feed.warnings).toEqual([
      "The feed's XML is broken (Unexpected close tag at line 8, column 49); it was read leniently, so check its items",
    ]);
  });
  it('what is unsafe or not a feed is still refused: internal DTDs, declarations after the root, nothing readable', async () => {
    const xml = (await fetchFeed(`${feeds.base}/bomb`, limits)) as string;
    await expect(parseFeedDocument(xml, feeds.base)).rejects.toMatchObject({ kind: 'entities' });
    const smuggled =
      '<rss version="2.0"><!DOCTYPE rss [<!ENTITY a "x">]><channel><title>&a;</title><item><title>t</title><link>https://x.example/1</link></item></channel></rss>';
    await expect(parseFeedDocument(smuggled, 'https://x.example/f')).rejects.toMatchObject({
      kind: 'not-a-feed',
    });
    for (const path of ['/malformed', '/html-page', '/not-xml']) {
      const body = await fetchFeed(`${feeds.base}${path}`, limits);
      await expect(parseFeedDocument(body, feeds.base), path).rejects.toMatchObject({ kind: 'not-a-feed' });
    }
  });
});

describe('3. text keeps its word boundaries and its characters', () => {
  it('div, dl/dt/dd, table cells, br, headings, blockquote and list items never run words together', async () => {
    const item = byTitle(await read('block-text.xml'), 'Planning committee');
    expect(item.excerpt).toBe('We asked the engineers. If we want the bridge, we pay for it.');
    expect(item.content).toBe(
      '<h2>Introduction</h2><div>Software for the new permit system is late.</div><dl><dt>Engagements</dt><dd>N/A</dd><dt>Budget</dt><dd>£1.2m</dd></dl><table><tr><th>Committee</th><td>The planning board</td></tr><tr><th>Chair</th><td>Cllr Okoye</td></tr></table><blockquote>No decision yet.</blockquote>Next meeting<br />in March<ul><li>Item one</li><li>Item two</li></ul>',
    );
    for (const runTogether of ['engineers.If', 'IntroductionSoftware', 'EngagementsN/A', 'CommitteeThe'])
      expect(`${item.excerpt} ${item.content}`).not.toContain(runTogether);
  });
  it('a literal "<" in a title is text: "Message <3" and "the <blink> tag" survive', async () => {
    const feed = await read('block-text.xml');
    expect(byTitle(feed, 'Cryptic').title).toBe('Cryptic Message <3 found on the bandstand');
    expect(byTitle(feed, 'History').title).toBe('History of the <blink> tag, told at the library');
  });
  it('&#146; and the other windows-1252 C1 references are the characters they meant', async () => {
    const feed = await read('block-text.xml');
    expect(byTitle(feed, 'History').excerpt).toBe('A talk about the web’s loudest element: don’t miss it.');
    expect(byTitle(feed, 'Councillors').title).toBe('Councillors don’t agree on the car park');
    expect(byTitle(feed, 'Councillors').excerpt).toBe(
      '“We need the spaces,” said one. Another: it’s about the trees – and the bats.',
    );
    expect(JSON.stringify(feed)).not.toMatch(/[\u0080-\u009f]/);
  });
  it('an ISO-8859-1 feed that declares no encoding is read as windows-1252, also behind a UTF-8 default header', async () => {
    for (const name of ['undeclared-latin1.xml', 'undeclared-latin1-utf8-header.xml']) {
      const feed = await read(name);
      expect(feed.title, name).toBe('Notícias da Serra');
      expect(feed.items[0]?.title, name).toBe('Bombeiros fazem simulações de incêndio');
      expect(JSON.stringify(feed), name).not.toMatch(/\uFFFD/);
    }
  });
  it('UTF-32 with a byte-order mark (little- and big-endian) is read', async () => {
    for (const name of ['utf32.xml', 'utf32be.xml']) {
      const feed = await read(name);
      expect(feed.items[0]?.title, name).toBe('Kimchi (김치) for beginners');
      expect(feed.items[0]?.excerpt, name).toBe('Napa cabbage, gochugaru — and a week of patience.');
    }
  });
});

describe('4. Atom done right: text, html and xhtml constructs, and xml:base', () => {
  it('XHTML titles and summaries are read (they were dropped: "0 items shown")', async () => {
    const feed = await read('atom-xhtml-base.xml');
    expect(feed.items.map((i) => i.title)).toEqual([
      'Glazes that survive the dishwasher',
      'Kiln & studio open day',
      'Why I fire at cone 6 <not 10>',
      'Seconds sale: everything half price',
    ]);
    expect(feed.items[0]?.excerpt).toBe('Three glazes, fifty washes. One clear winner.');
    expect(feed.warnings).toEqual([]);
  });
  it('type="text" is text, never markup; type="html" is markup', async () => {
    const feed = await read('atom-xhtml-base.xml');
    expect(byTitle(feed, 'Kiln').excerpt).toBe('Bring mugs. Less than <3 hours of queueing, promised.');
    expect(byTitle(feed, 'Kiln').content).toBe(
      '<p>Bring mugs. Less than &lt;3 hours of queueing, promised.</p>',
    );
  });
  it('links and images resolve against xml:base (feed, entry, content), not the feed address', async () => {
    const feed = await read('atom-xhtml-base.xml');
    const glazes = byTitle(feed, 'Glazes');
    expect(glazes.url).toBe('https://notebook.example/blog/2026/01/glazes');
    expect(glazes.imageUrl).toBe('https://notebook.example/blog/2026/01/glaze-tiles.jpg');
    expect(glazes.content).toContain('href="https://notebook.example/notes/glaze-log"');
    const kiln = byTitle(feed, 'Kiln');
    expect(kiln.url).toBe('https://notebook.example/studio/open-day');
    expect(kiln.imageUrl).toBe('https://media.notebook.example/kiln.jpg');
    const cone = byTitle(feed, 'Why I fire');
    expect(cone.url).toBe('https://notebook.example/blog/2026/01/cone-6');
    expect(cone.imageUrl).toBe('https://notebook.example/blog/images/cone-pack.jpg');
    expect(cone.content).toContain('href="https://notebook.example/blog/costs"');
    expect(JSON.stringify(feed)).not.toContain(feeds.base);
  });
});

describe('5. dates: non-English names are read; an unreadable or missing date is "unknown", never now', () => {
  it('Portuguese, German and French day and month names, with their zones', async () => {
    const feed = await read('dates-i18n.xml');
    const when = (t: string) => byTitle(feed, t).publishedAt?.toISOString();
    expect(when('Caldo verde')).toBe('2018-09-24T13:00:00.000Z');
    expect(when('Pastéis')).toBe('2018-10-06T08:30:00.000Z');
    expect(when('Lebkuchen')).toBe('2018-12-11T07:15:00.000Z');
    expect(when('Galette')).toBe('2019-01-07T18:00:00.000Z');
  });
  it('a missing and an unreadable date give null (date unknown), with a warning for the unreadable one', async () => {
    const feed = await read('dates-i18n.xml');
    expect(byTitle(feed, 'Bacalhau').publishedAt).toBeNull();
    expect(byTitle(feed, 'Arroz doce').publishedAt).toBeNull();
    expect(feed.warnings).toEqual([
      '1 date could not be read ("Quarta-feira, à tarde" in "Arroz doce (date garbled by the CMS)"): shown as "date unknown"',
    ]);
  });
});

describe.each(dbTargets)('importing the issue-28 fixtures on %s', (kind) => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp(kind, { env: { RSS_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(async () => booted?.close());

  const source = (name: string): FeedSource => ({
    name,
    url: `${feeds.base}/files/${name}`,
    category: 'community',
    makeRecipes: false,
  });

  it('a repaired feed imports every item and the run "succeeded with warnings", each warning kept on its feed', async () => {
    const names = ['bozo-entities.xml', 'pictures.xml'];
    const summary = await runRssNow(booted.deps, 'manual', { sources: names.map(source), limits });
    expect(summary?.status).toBe('warnings');
    expect(summary?.feeds.map((f) => [f.name, f.created, f.error, f.warnings])).toEqual([
      [
        'bozo-entities.xml',
        5,
        null,
        [
          '2 unescaped "&" characters in "Fish & chips night moves to Fridays", read as text',
          '1 undefined entity: &doesnotexist; in "Choir rehearsal notes &doesnotexist; week two" (kept as text)',
        ],
      ],
      // Its photos live on hosts that do not exist (*.example): imported without them (issue 39 §3).
      [
        'pictures.xml',
        5,
        null,
        [
          expect.stringMatching(
            /^4 items imported without a picture \(could not reach the picture's server\): "Dahlias: lift, dry and store before the frost", "Seed potatoes: chitting on the windowsill", "Winter pruning: apples and pears" and 1 more$/,
          ),
        ],
      ],
    ]);
    const row = await booted.deps.db.query.rssRuns.findFirst({ where: eq(rssRuns.id, summary?.runId ?? 0) });
    expect(row?.status).toBe('warnings');
    expect(row?.feeds[0]?.warnings).toHaveLength(2);
  });

  it('an item without a readable date is stored as "date unknown", sorted by its import time', async () => {
    const before = Date.now();
    await runRssNow(booted.deps, 'manual', { sources: [source('dates-i18n.xml')], limits });
    const rows = await booted.deps.db
      .select({ title: articles.title, publishedAt: articles.publishedAt, dateUnknown: articles.dateUnknown })
      .from(articles)
      .where(eq(articles.source, 'dates-i18n.xml'));
    const unknown = rows.filter((r) => r.dateUnknown).map((r) => r.title);
    expect(unknown.sort()).toEqual(['Arroz doce (date garbled by the CMS)', 'Bacalhau à Brás (undated)']);
    for (const r of rows.filter((x) => x.dateUnknown))
      expect(r.publishedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows.find((r) => r.title.startsWith('Caldo'))).toMatchObject({
      dateUnknown: false,
      publishedAt: new Date('2018-09-24T13:00:00.000Z'),
    });
    // The public API says so, so no page calls a 2018 story "just now".
    const res = await booted.app.request('/api/content?limit=50');
    const list = (await res.json()) as Array<{ title: string; dateUnknown: boolean }>;
    expect(list.find((a) => a.title.startsWith('Bacalhau'))?.dateUnknown).toBe(true);
  });
});
