/**
 * How far our feed import agrees with Python's feedparser on its own test suite (issue 44), on the
 * fields the import keeps: the feed's title, each item's title, link, summary/content, date and
 * author, and the encoding. Run by hand, never in CI (feedparser's files are not ours to commit):
 *
 *   npx tsx bench/feedparser-conformance.ts /path/to/feedparser [--all]
 *
 * The path is a checkout of https://github.com/kurtmckee/feedparser (its tests/ folder is read).
 * Every file of tests/wellformed, tests/illformed, tests/encoding and tests/entities goes through
 * decodeFeed + parseFeedDocument (items without a title or link kept, so their other fields can be
 * compared); the file's `Expect:` Python expression is evaluated against our fields (bench/python-expr.ts):
 *
 * - `bozo` terms are dropped (we repair and warn instead of flagging); an expression about anything
 *   else than our fields is "not applicable", and so are the HTTP tests (they need feedparser's server);
 * - text fields compare as text: feedparser keeps sanitised markup in titles and summaries, we keep
 *   plain text (titles, excerpts) and our own sanitised HTML (bodies), so both sides are reduced
 *   to their words (`plainText`) and whitespace is collapsed;
 * - `*_parsed` dates compare as Python's 9-tuples (UTC).
 *
 * Prints agreement per folder and per field and each disagreement (`--all` lists every one).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { decodeFeed, feedEncoding } from '../api/src/rss/decode-feed';
import { type FeedItem, parseFeedDocument } from '../api/src/rss/parse-feed';
import { plainText, safeHtml } from '../api/src/rss/sanitize';
import { evaluate, type Expr, NotApplicable, parse, truthy } from './python-expr';

const FOLDERS = ['wellformed', 'illformed', 'encoding', 'entities'];
/** feedparser's test server; a feed's address is this plus its path (as in feedparser's HTTP tests). */
const SERVER = 'http://127.0.0.1:8097/';

/**
 * Where we differ on purpose (README "feedparser conformance"): counted apart, listed with the reason.
 * Each rule sees what feedparser expected and what we read.
 */
const ON_PURPOSE: Array<{ why: string; applies: (expect: string, ours: string, head: string) => boolean }> = [
  {
    why: 'ISO-8859-1 and US-ASCII are read as windows-1252, as browsers do',
    applies: (expect, ours) => /encoding == '(iso-8859-1|us-ascii)'/.test(expect) && ours === 'windows-1252',
  },
  {
    why: "the document's own XML declaration wins over the server's charset (servers send defaults)",
    applies: (_expect, ours, head) =>
      /Content-type:.*charset/i.test(head) && ours === /encoding=["']([^"']+)/.exec(head)?.[1]?.toLowerCase(),
  },
  {
    why: 'text/xml without a charset is read by the XML rules (RFC 7303), not as US-ASCII (RFC 3023)',
    applies: (expect, ours, head) =>
      /encoding == 'us-ascii'/.test(expect) && /Content-type:\s*text\//i.test(head) && ours === 'utf-8',
  },
  {
    why: 'an author is shown by name without the address feedparser appends: we never publish an address',
    applies: (expect) => /\['author'\] == '[^']*\([^)]*@[^)]*\)'/.test(expect),
  },
  {
    why: "a link's host is compared lower-cased (hosts are case-insensitive; the de-duplication key needs one form)",
    applies: (expect) => /\['link'\] == 'https?:\/\/[^/']*[A-Z]/.test(expect),
  },
  {
    why: "CDF (Microsoft's 1997 Channel Definition Format) is not a feed format we read",
    applies: (_expect, _ours, head) => /<CHANNEL\b/.test(head) && !/<rss\b|<feed\b|<rdf:RDF\b/i.test(head),
  },
  {
    why: 'a UTF-8 document with a stray byte that is not UTF-8 is read as UTF-8 with one replacement character (as browsers do), not re-read whole as ISO-8859-2 mojibake',
    applies: (expect, ours, head) =>
      /encoding=["']utf-8["']/i.test(head) && ours === 'utf-8' && /\\xe2\\u20ac/.test(expect),
  },
  {
    why: "&lang; and &rang; are HTML5's U+27E8/U+27E9, as browsers read them, not HTML 4's deprecated U+2329/U+232A",
    applies: (expect) => /\\u232[9a] entity/.test(expect),
  },
];

/**
 * Labels for the same text: feedparser reports GB18030 for a GB2312 label; the detector's answers are
 * decoded with the supersets of what chardet names (CP949 ⊃ EUC-KR, CP932 ⊃ Shift_JIS, CP874 ⊃ TIS-620).
 */
const SAME_ENCODING: Record<string, string[]> = {
  gb2312: ['gb18030'],
  gb18030: ['gb2312'],
  cp949: ['euc-kr'],
  cp932: ['shift_jis'],
  cp874: ['tis-620'],
};
class Encoding {
  constructor(readonly value: string) {}
}

class Text {
  constructor(readonly value: string) {}
}

const words = (s: string) => plainText(s, 100_000).replace(/\s+/g, ' ').trim();
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

function equal(a: unknown, b: unknown): boolean {
  if (a instanceof Encoding || b instanceof Encoding) {
    const ours = (a instanceof Encoding ? a : (b as Encoding)).value;
    const theirs = String(a instanceof Encoding ? b : a).toLowerCase();
    return ours === theirs || Boolean(SAME_ENCODING[ours]?.includes(theirs));
  }
  if (a instanceof Text || b instanceof Text) {
    const ours = (a instanceof Text ? a : (b as Text)).value;
    const theirs = a instanceof Text ? b : a;
    if (theirs instanceof Text) return squash(theirs.value) === squash(ours);
    if (typeof theirs !== 'string') return false;
    // What a reader sees on each side: feedparser's value may be plain text (a `type="text"` field)
    // or HTML, ours is text (titles, excerpts) or HTML (bodies).
    return (
      squash(theirs) === squash(ours) ||
      words(theirs) === words(ours) ||
      squash(theirs) === words(ours) ||
      words(theirs) === squash(ours)
    );
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  return a === b || (a == null && b == null);
}

/** Python's time.struct_time of a UTC date, as a tuple. */
function structTime(d: Date): number[] {
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  const yday =
    Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - start) / 86_400_000) + 1;
  return [
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    (d.getUTCDay() + 6) % 7,
    yday,
    0,
  ];
}

/** An item as feedparser names its fields; only the fields we keep (anything else is not applicable). */
function entry(item: FeedItem) {
  // The import falls back to the title for an item without text: that is not the feed's summary.
  const fallback = item.excerpt === item.title && item.content === `<p>${safeHtml(item.title)}</p>`;
  const body = new Text(fallback ? '' : item.content);
  const summary = new Text(fallback ? '' : item.excerpt);
  const date = item.publishedAt ? structTime(item.publishedAt) : null;
  return {
    title: new Text(item.title),
    title_detail: { value: new Text(item.title) },
    link: item.url || null,
    summary,
    description: summary,
    summary_detail: { value: summary },
    content: [{ value: body }],
    author: item.author,
    published_parsed: date,
    updated_parsed: date,
    created_parsed: date,
  };
}

/** The summary of an item compares against our excerpt or, when that was cut, the body's text. */
function summaryEqual(a: unknown, b: unknown, item: ReturnType<typeof entry> | undefined): boolean {
  if (equal(a, b)) return true;
  if (!item) return false;
  const other = a === item.summary ? b : b === item.summary ? a : undefined;
  return other !== undefined && equal(other, item.content[0]?.value);
}

const mentions = (e: Expr, names: Set<string>): boolean =>
  JSON.stringify(e)
    .match(/"k":"name","v":"(\w+)"/g)
    ?.some((m) => names.has(m.slice(16, -1))) ?? false;

/** Which of our fields an expression is about (for the per-field figures). */
function fieldOf(expr: string, folder: string): string {
  if (folder === 'entities') return 'entities';
  if (/\bencoding\b/.test(expr)) return 'encodings';
  if (/_parsed|\bdatetime\b/.test(expr)) return 'dates';
  if (/'author'/.test(expr)) return 'authors';
  if (/'link'/.test(expr)) return 'links';
  if (/'(summary|description|content)'/.test(expr)) return 'content';
  return 'titles';
}

type Outcome = 'agree' | 'disagree' | 'on-purpose' | 'n/a';

async function runOne(file: string) {
  const bytes = readFileSync(file);
  // The header comment is in the file's own encoding (UTF-16 and UTF-32 too).
  const latin1 = bytes.subarray(0, 8000).toString('latin1');
  const head = /Expect:/.test(latin1) ? latin1 : latin1.replace(/\0/g, '');
  const expect = /Expect:\s*(.*)/.exec(head)?.[1]?.trim();
  if (!expect) return { outcome: 'n/a' as Outcome, expect };
  // Headers feedparser's test server would send: the Content-Type's charset, Content-Location's base.
  const contentType = /^Header:\s*Content-type:\s*(.*)$/im.exec(head)?.[1]?.trim();
  const location = /^Header:\s*Content-Location:\s*(.*)$/im.exec(head)?.[1]?.trim();
  const feedUrl = new URL(
    location ?? '',
    new URL(path.relative(path.dirname(path.dirname(file)), file), SERVER),
  ).toString();
  let ast: Expr;
  try {
    ast = parse(expect);
  } catch {
    return { outcome: 'n/a' as Outcome, expect };
  }
  // bozo is feedparser's flag for "had to repair": we repair and warn, so it is not compared.
  const bozo = new Set(['bozo', 'bozo_exception']);
  const terms = (ast.k === 'bool' && ast.op === 'and' ? ast.items : [ast]).filter((t) => !mentions(t, bozo));
  if (!terms.length) return { outcome: 'n/a' as Outcome, expect };
  const goal: Expr = terms.length === 1 ? (terms[0] as Expr) : { k: 'bool', op: 'and', items: terms };

  let entries: Array<ReturnType<typeof entry>> = [];
  let feed: Record<string, unknown> = { title: new Text('') };
  let error: string | null = null;
  try {
    const parsed = await parseFeedDocument(decodeFeed(bytes, contentType), feedUrl, { keepIncomplete: true });
    entries = parsed.items.map(entry);
    feed = { title: new Text(parsed.title), title_detail: { value: new Text(parsed.title) } };
  } catch (err) {
    error = (err as Error).message.slice(0, 120);
  }
  const encoding = feedEncoding(bytes, contentType);
  const scope = { entries, feed, encoding: new Encoding(encoding) };
  try {
    const ok = truthy(evaluate(goal, scope, (a, b) => summaryEqual(a, b, entries[0])));
    if (ok) return { outcome: 'agree' as Outcome, expect };
    const purpose = ON_PURPOSE.find((p) => p.applies(expect, encoding, head));
    if (purpose) return { outcome: 'on-purpose' as Outcome, expect, why: purpose.why };
    return { outcome: 'disagree' as Outcome, expect, got: describe(scope, error) };
  } catch (err) {
    if (err instanceof NotApplicable) {
      // No entry at all where feedparser expects one is a disagreement, not a field we do not keep.
      if (
        /entries\[0\]/.test(expect) &&
        !entries.length &&
        /'(title|link|description|summary|content|author)'|_parsed/.test(expect)
      ) {
        const purpose = ON_PURPOSE.find((p) => p.applies(expect, encoding, head));
        if (purpose) return { outcome: 'on-purpose' as Outcome, expect, why: purpose.why };
        return { outcome: 'disagree' as Outcome, expect, got: describe(scope, error) };
      }
      return { outcome: 'n/a' as Outcome, expect };
    }
    return { outcome: 'disagree' as Outcome, expect, got: `error: ${(err as Error).message}` };
  }
}

function describe(
  scope: { entries: Array<ReturnType<typeof entry>>; feed: Record<string, unknown>; encoding: Encoding },
  error: string | null,
) {
  if (error) return `refused: ${error}`;
  const e = scope.entries[0];
  const show = (v: unknown) => JSON.stringify(v instanceof Text ? v.value : v)?.slice(0, 100);
  return e
    ? `title=${show(e.title)} link=${show(e.link)} summary=${show(e.summary)} author=${show(e.author)} date=${show(e.published_parsed)} encoding=${scope.encoding.value}`
    : `no entries; feed title=${show(scope.feed.title)} encoding=${scope.encoding.value}`;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.xml') ? [p] : [];
  });
}

async function main() {
  const root = process.argv[2];
  if (!root) {
    console.error('usage: npx tsx bench/feedparser-conformance.ts /path/to/feedparser [--all]');
    process.exit(2);
  }
  const tests = path.join(root, 'tests');
  const byFolder = new Map<string, Record<Outcome, number>>();
  const byField = new Map<string, Record<Outcome, number>>();
  const disagreements: string[] = [];
  const onPurpose: string[] = [];
  const count = (map: Map<string, Record<Outcome, number>>, key: string, o: Outcome) => {
    const c = map.get(key) ?? { agree: 0, disagree: 0, 'on-purpose': 0, 'n/a': 0 };
    c[o]++;
    map.set(key, c);
  };
  for (const folder of FOLDERS) {
    for (const file of filesUnder(path.join(tests, folder)).sort()) {
      const r = await runOne(file);
      const rel = path.relative(tests, file);
      count(byFolder, folder, r.outcome);
      if (r.outcome !== 'n/a') count(byField, fieldOf(r.expect ?? '', folder), r.outcome);
      if (r.outcome === 'disagree')
        disagreements.push(`${rel}\n    expect: ${r.expect}\n    ours:   ${r.got}`);
      if (r.outcome === 'on-purpose') onPurpose.push(`${rel}: ${r.why}`);
    }
  }
  const line = (name: string, c: Record<Outcome, number>) => {
    const applicable = c.agree + c.disagree + c['on-purpose'];
    const pct = (n: number) => (applicable ? ((100 * n) / applicable).toFixed(1) : '-');
    return `${name.padEnd(12)} ${String(applicable).padStart(5)} applicable  ${pct(c.agree).padStart(5)}% agree  ${pct(c.agree + c['on-purpose']).padStart(5)}% with intended differences  (${c['n/a']} n/a)`;
  };
  const total = { agree: 0, disagree: 0, 'on-purpose': 0, 'n/a': 0 };
  console.log('By folder');
  for (const [k, c] of byFolder) {
    console.log(line(k, c));
    for (const o of Object.keys(total) as Outcome[]) total[o] += c[o];
  }
  console.log(line('all', total));
  console.log('\nBy field');
  for (const [k, c] of [...byField].sort()) console.log(line(k, c));
  console.log(`\nIntended differences (${onPurpose.length})`);
  for (const d of onPurpose) console.log(`  ${d}`);
  console.log(`\nDisagreements (${disagreements.length})`);
  for (const d of process.argv.includes('--all') ? disagreements : disagreements.slice(0, 200))
    console.log(`  ${d}`);
}

void main();
