import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { articles as demoArticles } from '../src/db/seed/data/articles';
import { decodeFeed } from '../src/rss/decode-feed';
import { parseFeedDocument } from '../src/rss/parse-feed';
import { atom, rss2 } from './rss-feed-server';

export { articleBodyHtml } from '../src/lib/text/html';

export interface CorpusBody {
  name: string;
  content: string;
}

// A path, not a URL: the web tests that read this run with a DOM whose URL is not Node's.
const FEEDS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/feeds');
const BASE = 'https://feeds.example';

/**
 * Every article body the site makes without an editor, as it is stored: the demo articles (HTML and
 * markdown-like) and what the RSS import stores for each item of every feed fixture (publishers' files
 * in their encodings, and the feed server's own RSS and Atom documents). The web editor's round-trip
 * test opens each one in the rich editor (issue 31 §1).
 */
export async function bodyCorpus(): Promise<CorpusBody[]> {
  const out: CorpusBody[] = demoArticles.map((a) => ({ name: `demo ${a.slug}`, content: a.content }));
  const documents: Array<[string, string]> = [
    ['feed-server rss2', rss2(BASE)],
    ['feed-server atom', atom(BASE)],
  ];
  for (const file of readdirSync(FEEDS).filter((f) => f.endsWith('.xml'))) {
    documents.push([file, decodeFeed(new Uint8Array(readFileSync(path.join(FEEDS, file))))]);
  }
  for (const [name, xml] of documents) {
    const feed = await parseFeedDocument(xml, `${BASE}/${name}`).catch(() => null);
    for (const item of feed?.items ?? []) {
      if (item.content.trim()) out.push({ name: `rss ${name}: ${item.title}`, content: item.content });
    }
  }
  return out;
}
