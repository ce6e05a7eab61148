import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * A feed server on 127.0.0.1 for the RSS tests: real RSS 2.0 and Atom documents, and the hostile
 * answers a feed on the internet can give.
 */
export interface FeedServer {
  base: string;
  hits: Map<string, number>;
  /** Picture requests (`/img/…`) answered at the same time: now, and the most there ever were. */
  pictures: { inFlight: number; most: number };
  close(): Promise<void>;
}

const now = new Date('2026-01-10T09:00:00Z');
const day = (n: number) => new Date(now.getTime() - n * 86_400_000).toUTCString();

export const rss2 = (base: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
  <title>Local News</title><link>${base}/</link><description>News</description>
  <item>
    <title>Council opens new riverside park</title>
    <link>${base}/news/park?utm_source=rss</link>
    <guid isPermaLink="false">news-park-1</guid>
    <description>&lt;p&gt;The park has &lt;b&gt;three&lt;/b&gt; playgrounds.&lt;/p&gt;</description>
    <dc:creator>Ada Writer</dc:creator>
    <pubDate>${day(1)}</pubDate>
    <enclosure url="${base}/img/park.jpg" type="image/jpeg" length="1234"/>
  </item>
  <item>
    <title>Library extends weekend hours</title>
    <link>${base}/news/library</link>
    <description>Open until 8pm on Saturdays.</description>
    <pubDate>${day(2)}</pubDate>
    <media:content url="${base}/img/library.png" medium="image"/>
  </item>
  <item>
    <title>Farmers market returns</title>
    <link>${base}/news/market</link>
    <guid>${base}/news/market</guid>
    <description>Fresh produce every Sunday.</description>
    <content:encoded><![CDATA[<p>Fresh produce <a href="${base}/market">every Sunday</a>.</p>]]></content:encoded>
  </item>
</channel></rss>`;

export const atom = (base: string) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Local Sport</title><id>urn:uuid:feed-sport</id><updated>2026-01-10T09:00:00Z</updated>
  <link href="${base}/sport"/>
  <entry>
    <title>Harriers win the county cup</title>
    <link href="${base}/sport/cup"/>
    <id>urn:uuid:sport-cup</id>
    <updated>2026-01-09T18:00:00Z</updated>
    <published>2026-01-09T18:00:00Z</published>
    <author><name>Sam Sport</name></author>
    <summary>A late goal settles the final.</summary>
  </entry>
  <entry>
    <title>Marathon entries open</title>
    <link href="${base}/sport/marathon"/>
    <id>urn:uuid:sport-marathon</id>
    <updated>2026-01-08T18:00:00Z</updated>
    <summary type="html">&lt;p&gt;Sign up by March.&lt;/p&gt;</summary>
  </entry>
</feed>`;

export const wrestling = (base: string) => `<?xml version="1.0"?>
<rss version="2.0"><channel><title>Wrestling</title><link>${base}/w</link><description>Ring news</description>
  <item><title>Champion retains title in cage match</title><link>${base}/w/cage</link><guid>${base}/w/cage</guid><description>A thriller.</description></item>
  <item><title>Tag team reunites for the summer tour</title><link>${base}/w/tag</link><guid>${base}/w/tag</guid><description>Back together.</description></item>
</channel></rss>`;

/** Script, handler attributes and javascript: URLs in every field a feed item has. */
export const hostile = (base: string) => `<?xml version="1.0"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>Evil</title><link>${base}/evil</link><description>x</description>
  <item>
    <title>&lt;script&gt;alert(1)&lt;/script&gt;Safe words &lt;img src=x onerror=alert(2)&gt; &amp;lt;script&amp;gt;again</title>
    <link>${base}/evil/1</link>
    <guid>${base}/evil/1</guid>
    <description>&lt;p onclick="alert(3)"&gt;Hello&lt;/p&gt;&lt;a href="javascript:alert(4)"&gt;click&lt;/a&gt;&lt;script&gt;steal()&lt;/script&gt;&lt;iframe src="${base}/x"&gt;&lt;/iframe&gt;</description>
    <content:encoded><![CDATA[<div><img src="x" onerror="alert(5)"><a href="JaVaScRiPt:alert(6)" onmouseover="alert(7)">link</a><a href="${base}/ok" style="x">fine</a><svg onload="alert(8)"></svg><script>evil()</script><p>Body text</p></div>]]></content:encoded>
    <dc:creator>&lt;b onmouseover="alert(9)"&gt;Eve&lt;/b&gt;&lt;script&gt;x()&lt;/script&gt;</dc:creator>
    <enclosure url="javascript:alert(10)" type="image/png" length="1"/>
    <media:content url="data:image/png;base64,AAAA" medium="image"/>
  </item>
  <item>
    <title>Link is a script</title>
    <link>javascript:alert(11)</link>
    <description>dropped: no safe link</description>
  </item>
</channel></rss>`;

/** A photograph-like picture (blurred noise, so it is not a flat colour the encoders shortcut). */
export const photo = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') => {
  const made = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  }).blur(2);
  return (format === 'png' ? made.png() : made.jpeg({ quality: 90 })).toBuffer();
};

/** Made once per process. */
const madeOnce = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
};
const PICTURES = {
  '/img/park.jpg': { type: 'image/jpeg', bytes: madeOnce(() => photo(1200, 800)) },
  '/img/library.png': { type: 'image/png', bytes: madeOnce(() => photo(640, 480, 'png')) },
  '/img/sunflowers.jpg': { type: 'image/jpeg', bytes: madeOnce(() => photo(1600, 1000)) },
  '/img/small.jpg': { type: 'image/jpeg', bytes: madeOnce(() => photo(400, 300)) },
  // An HTML page (a publisher's "image not found" page) sent as a JPEG.
  '/img/page.jpg': {
    type: 'image/jpeg',
    bytes: async () =>
      Buffer.from('<!doctype html><html><head><title>Not found</title></head><body>Gone</body></html>'),
  },
} as Record<string, { type: string; bytes: () => Promise<Buffer> }>;

/**
 * Issue 39 §3: a feed whose items each name a picture on this server, at /pictures/<tag>.xml (the tag
 * makes the items new again): a real JPEG two items share (its address has a query string), a 404,
 * an HTML page posing as a JPEG and one over 5 MB. `?slow=N`: instead, N pictures that each take
 * 150 ms; `?picture=/img/…`: one item with that picture.
 */
export const picturesFeed = (base: string, tag: string, opts: { slow?: number; picture?: string } = {}) => {
  const item = (n: string, title: string, picture: string) => `
  <item>
    <title>${title}</title>
    <link>${base}/p/${tag}/${n}</link>
    <guid>${base}/p/${tag}/${n}</guid>
    <description>About ${title.toLowerCase()}.</description>
    <pubDate>${day(1)}</pubDate>
    <media:content url="${base}${picture}" medium="image"/>
  </item>`;
  const items = opts.picture
    ? [item('1', 'One picture', opts.picture)]
    : opts.slow
      ? Array.from({ length: opts.slow }, (_, i) =>
          item(`slow-${i}`, `Slow picture ${i + 1}`, `/img/slow/${tag}-${i}.jpg`),
        )
      : [
          item('1', 'Sunflowers in the allotment', '/img/sunflowers.jpg?size=large&amp;token=abc123'),
          item('2', 'Sunflower seeds to save', '/img/sunflowers.jpg?size=large&amp;token=abc123'),
          item('3', 'Missing photo of the pond', '/img/missing.jpg'),
          item('4', 'A page posing as a photo', '/img/page.jpg'),
          item('5', 'A photo far too large', '/img/huge.jpg'),
        ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
<channel>
  <title>Garden Pictures</title><link>${base}/p</link><description>Pictures</description>${items.join('')}
</channel></rss>`;
};

/**
 * Real-world feed files (api/test/fixtures/feeds), served at /files/<name> with the Content-Type
 * their publishers send. The non-UTF-8 files hold bytes in their encodings (fixtures/feeds/encode.ts).
 */
export const FEED_FILES: Record<string, { file?: string; type: string; bytes?: () => Buffer }> = {
  'news-versionless.xml': { type: 'text/xml; charset=UTF-8' },
  'latin1.xml': { type: 'application/rss+xml; charset=ISO-8859-1' },
  // The same bytes with no XML declaration encoding: only the HTTP charset tells.
  'latin1-header-only.xml': {
    type: 'application/rss+xml; charset=ISO-8859-1',
    bytes: () =>
      Buffer.from(
        readFixture('latin1.xml').toString('latin1').replace(' encoding="ISO-8859-1"', ''),
        'latin1',
      ),
  },
  'windows-1252.xml': { type: 'text/xml' },
  // A server default that contradicts the document: the XML declaration wins.
  'windows-1252-utf8-header.xml': { file: 'windows-1252.xml', type: 'text/xml; charset=utf-8' },
  // UTF-16 with a BOM behind a server that claims UTF-8: the BOM wins.
  'utf16.xml': { type: 'application/xml; charset=utf-8' },
  'media-sizes.xml': { type: 'application/rss+xml; charset=UTF-8' },
  'podcast.xml': { type: 'application/rss+xml' },
  'wordpress-cdata-entity.xml': { type: 'application/rss+xml; charset=UTF-8' },
  'rss091.xml': { type: 'text/xml' },
  'rss10-rdf.xml': { type: 'application/rdf+xml; charset=utf-8' },
  'atom.xml': { type: 'application/atom+xml; charset=utf-8' },
  // Issue 28: what feed readers cope with and we did not.
  'pictures.xml': { type: 'application/rss+xml; charset=UTF-8' },
  'bozo-entities.xml': { type: 'application/rss+xml' },
  'broken-tags.xml': { type: 'text/xml' },
  'block-text.xml': { type: 'application/rss+xml; charset=utf-8' },
  'atom-xhtml-base.xml': { type: 'application/atom+xml' },
  'dates-i18n.xml': { type: 'application/rss+xml; charset=utf-8' },
  'ring-news.xml': { type: 'application/rss+xml; charset=utf-8' },
  // ISO-8859-1 bytes declared nowhere: no charset, then a server that claims UTF-8 by default.
  'undeclared-latin1.xml': { type: 'application/rss+xml' },
  'undeclared-latin1-utf8-header.xml': { file: 'undeclared-latin1.xml', type: 'text/xml; charset=utf-8' },
  'utf32.xml': { type: 'application/xml' },
  'utf32be.xml': { type: 'application/xml' },
};

const readFixture = (name: string) => readFileSync(new URL(`./fixtures/feeds/${name}`, import.meta.url));

export async function startFeedServer(): Promise<FeedServer> {
  // Made before the first request: a picture made on demand on a busy machine could outlast a
  // test's short fetch deadline.
  await Promise.all(Object.values(PICTURES).map((p) => p.bytes()));
  const hits = new Map<string, number>();
  const open = new Set<http.ServerResponse>();
  const pictures = { inFlight: 0, most: 0 };
  let base = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://feeds.test');
    const path = url.pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const xml = (body: string, type = 'application/rss+xml') => {
      res.writeHead(200, { 'content-type': `${type}; charset=utf-8` });
      res.end(body);
    };
    if (path.startsWith('/img/')) {
      pictures.inFlight++;
      pictures.most = Math.max(pictures.most, pictures.inFlight);
      res.on('close', () => pictures.inFlight--);
    }
    const picture = PICTURES[path];
    if (picture) {
      void picture.bytes().then((bytes) => {
        res.writeHead(200, { 'content-type': picture.type, 'content-length': String(bytes.length) });
        res.end(bytes);
      });
      return;
    }
    if (path.startsWith('/img/slow/')) {
      setTimeout(
        () =>
          void (PICTURES['/img/small.jpg'] as (typeof PICTURES)[string]).bytes().then((bytes) => {
            res.writeHead(200, { 'content-type': 'image/jpeg' });
            res.end(bytes);
          }),
        150,
      );
      return;
    }
    if (path.startsWith('/pictures/') && path.endsWith('.xml')) {
      const tag = path.slice('/pictures/'.length, -'.xml'.length);
      return xml(
        picturesFeed(base, tag, {
          slow: Number(url.searchParams.get('slow') ?? 0),
          picture: url.searchParams.get('picture') ?? undefined,
        }),
      );
    }
    const file = path.startsWith('/files/') ? FEED_FILES[path.slice('/files/'.length)] : undefined;
    if (file) {
      const name = file.file ?? path.slice('/files/'.length);
      // `?delay=MS`: the file answers after a pause, so a run is still going when a test looks at it.
      const delay = Math.min(Number(url.searchParams.get('delay') ?? 0) || 0, 10_000);
      setTimeout(() => {
        res.writeHead(200, { 'content-type': file.type });
        res.end(file.bytes ? file.bytes() : readFixture(name));
      }, delay);
      return;
    }
    switch (path) {
      case '/rss.xml':
        return xml(rss2(base));
      case '/many.xml': {
        // A podcast-sized archive (issue 44): ?n=N episodes, newest first, no pictures.
        const n = Math.min(Number(url.searchParams.get('n') ?? 60), 2000);
        const items = Array.from(
          { length: n },
          (_, i) =>
            `<item><title>Episode ${n - i}: garden questions</title><link>${base}/episodes/${n - i}</link><guid>${base}/episodes/${n - i}</guid><pubDate>${new Date(Date.UTC(2024, 0, 1) + (n - i) * 86_400_000).toUTCString()}</pubDate></item>`,
        ).join('');
        return xml(
          `<?xml version="1.0"?><rss version="2.0"><channel><title>Garden hour</title><link>${base}/</link>${items}</channel></rss>`,
        );
      }
      case '/slow-rss.xml':
        // A feed that takes a second: an import is still running when other instances ask for one.
        setTimeout(() => xml(rss2(base)), 1000);
        return;
      case '/atom.xml':
        return xml(atom(base), 'application/atom+xml');
      case '/wrestling.xml':
        return xml(wrestling(base));
      case '/hostile.xml':
        return xml(hostile(base));
      case '/redirect-to-rss':
        res.writeHead(301, { location: '/rss.xml' });
        return res.end();
      case '/500':
        res.writeHead(500, { 'content-type': 'text/plain' });
        return res.end('boom');
      case '/hang':
        // Headers and the start of a feed, then nothing, ever.
        open.add(res);
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        res.write('<?xml version="1.0"?><rss version="2.0"><channel>');
        return;
      case '/malformed':
        return xml('<rss version="2.0"><channel><item><title>oops</item></channel>');
      case '/html-page':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          '<!doctype html><html><head><title>Home</title></head><body><h1>Welcome</h1></body></html>',
        );
      case '/not-xml':
        return xml('this is not a feed at all {"json": true}');
      case '/bomb':
        return xml(`<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<rss version="2.0"><channel><title>&lol9;</title><link>${base}</link><description>x</description>
<item><title>&lol9;</title><link>${base}/bomb/1</link></item></channel></rss>`);
      case '/huge': {
        // Chunked (no content-length), so only the streaming cap can stop it.
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>big</title>');
        const chunk = `<item><title>${'x'.repeat(1000)}</title><link>${base}/b</link></item>`;
        for (let i = 0; i < 300; i++) res.write(chunk);
        return res.end('</channel></rss>');
      }
      case '/gzip':
        res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
        return res.end(zlib.gzipSync(rss2(base)));
      case '/gzip-bomb':
        // About 10 KB on the wire, 10 MB once inflated.
        res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
        return res.end(zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024, 32)));
      case '/huge-declared':
        res.writeHead(200, {
          'content-type': 'application/rss+xml',
          'content-length': String(50 * 1024 * 1024),
        });
        return res.end('<rss/>');
      case '/loop-a':
        res.writeHead(302, { location: '/loop-b' });
        return res.end();
      case '/loop-b':
        res.writeHead(302, { location: '/loop-a' });
        return res.end();
      case '/to-private':
        res.writeHead(302, { location: `${base.replace('127.0.0.1', '127.0.0.2')}/rss.xml` });
        return res.end();
      case '/to-metadata':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      case '/to-file':
        res.writeHead(302, { location: 'file:///etc/passwd' });
        return res.end();
      case '/img/huge.jpg': {
        // 6 MB sent chunked (no content-length): only the streaming cap can stop it.
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(256 * 1024, 0xff);
        for (let i = 0; i < 24; i++) res.write(chunk);
        return res.end();
      }
      case '/img/to-private.jpg':
        res.writeHead(302, { location: `${base.replace('127.0.0.1', '127.0.0.2')}/img/sunflowers.jpg` });
        return res.end();
      case '/img/hang.jpg':
        // Headers, then nothing, ever.
        open.add(res);
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.write(Buffer.from([0xff, 0xd8, 0xff]));
        return;
      case '/to-javascript':
        res.writeHead(302, { location: 'javascript:alert(1)' });
        return res.end();
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        base,
        hits,
        pictures,
        close: () =>
          new Promise<void>((done) => {
            for (const r of open) r.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
