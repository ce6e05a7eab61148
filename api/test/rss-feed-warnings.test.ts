import { describe, expect, it } from 'vitest';
import { describeFeedError, explainFeedError, FeedFetchError } from '../src/rss/feed-errors';
import {
  brokenXmlWarning,
  cappedWarning,
  clipWarnings,
  droppedItemsWarning,
  MAX_WARNINGS,
  type PictureProblem,
  pictureProblemWords,
  pictureWarnings,
  repairWarnings,
  where,
} from '../src/rss/feed-warnings';

/**
 * The words a feed's warnings are made of (rss/feed-warnings.ts), as the RSS tab shows them beside a
 * run or a source test: an editor finds the item by its title, so each form is checked to the letter.
 */
const titles =
  (byItem: Record<number, string>) =>
  (n: number): string | undefined =>
    byItem[n];

describe('where: the items a warning is about', () => {
  it('items without titles by number, in order, each once; six at most before "and N more"', () => {
    expect(where([])).toBe('');
    expect(where([3])).toBe('item 3');
    expect(where([10, 9, 2, 9])).toBe('items 2, 9 and 10');
    expect(where([6, 5, 4, 3, 2, 1])).toBe('items 1, 2, 3, 4, 5 and 6');
    expect(where([1, 2, 3, 4, 5, 6, 7, 8])).toBe('items 1, 2, 3, 4, 5, 6 and 2 more');
  });

  it('0 is the channel, after the items', () => {
    expect(where([0])).toBe('the channel');
    expect(where([0, 2])).toBe('item 2 and the channel');
    expect(where([0, 2, 1])).toBe('items 1 and 2 and the channel');
    expect(where([0], titles({ 0: 'The feed itself' }))).toBe('the channel');
  });

  it('items with titles by title (trimmed, quoted, cut at 48 characters), three at most', () => {
    expect(where([1], titles({ 1: '  Council opens new riverside park ' }))).toBe(
      '"Council opens new riverside park"',
    );
    expect(where([2, 1], titles({ 1: 'A', 2: 'B' }))).toBe('"A" and "B"');
    expect(where([1, 2, 3], titles({ 1: 'A', 2: 'B', 3: 'C' }))).toBe('"A", "B" and "C"');
    expect(where([1, 2, 3, 4, 5], titles({ 1: 'A', 2: 'B', 3: 'C', 4: 'D', 5: 'E' }))).toBe(
      '"A", "B", "C" and 2 more',
    );
    // One title among untitled items: the untitled ones keep their numbers.
    expect(where([1, 2], titles({ 1: 'A', 2: '   ' }))).toBe('"A" and item 2');
    const long = 'x'.repeat(60);
    expect(where([1], titles({ 1: long }))).toBe(`"${'x'.repeat(47)}…"`);
    expect(where([1], titles({ 1: 'y'.repeat(48) }))).toBe(`"${'y'.repeat(48)}"`);
    expect(where([1, 0], titles({ 1: 'A' }))).toBe('"A" and the channel');
  });
});

describe('repairWarnings: what a lenient read put right', () => {
  it('unescaped ampersands, counted, with where they were', () => {
    expect(repairWarnings([{ kind: 'bare-ampersand', item: 1 }], new Set())).toEqual([
      '1 unescaped "&" in item 1, read as text',
    ]);
    expect(
      repairWarnings(
        [
          { kind: 'bare-ampersand', item: 2 },
          { kind: 'bare-ampersand', item: 1 },
        ],
        new Set(),
        titles({ 1: 'Tea & toast' }),
      ),
    ).toEqual(['2 unescaped "&" characters in "Tea & toast" and item 2, read as text']);
  });

  it('undefined entities, each with its items', () => {
    expect(repairWarnings([{ kind: 'undefined-entity', item: 3, entity: '&nbsp;' }], new Set())).toEqual([
      '1 undefined entity: &nbsp; in item 3 (kept as text)',
    ]);
    expect(
      repairWarnings(
        [
          { kind: 'undefined-entity', item: 4, entity: '&foo;' },
          { kind: 'undefined-entity', item: 0, entity: '&bar;' },
          { kind: 'undefined-entity', item: 3, entity: '&foo;' },
        ],
        new Set(),
      ),
    ).toEqual(['3 undefined entities: &foo; in items 3 and 4, &bar; in the channel (kept as text)']);
  });

  it('unreadable dates only of items left without one, the first quoted', () => {
    const notes = [
      { kind: 'unreadable-date', item: 2, text: 'yesterday-ish' },
      { kind: 'unreadable-date', item: 5, text: '31/31/2024' },
      { kind: 'unreadable-date', item: 7, text: 'soon' },
    ] as const;
    expect(repairWarnings([...notes], new Set([2, 5]), titles({ 2: 'Spring walk' }))).toEqual([
      '2 dates could not be read ("yesterday-ish" in "Spring walk", …): shown as "date unknown"',
    ]);
    expect(repairWarnings([...notes], new Set([5]))).toEqual([
      '1 date could not be read ("31/31/2024" in item 5): shown as "date unknown"',
    ]);
    // Item 7 got a date from another field: nothing to say.
    expect(repairWarnings([notes[2]], new Set())).toEqual([]);
  });

  it('all three, in that order; nothing to say is no warning', () => {
    expect(repairWarnings([], new Set([1]))).toEqual([]);
    const all = repairWarnings(
      [
        { kind: 'unreadable-date', item: 1, text: 'x' },
        { kind: 'undefined-entity', item: 1, entity: '&e;' },
        { kind: 'bare-ampersand', item: 1 },
      ],
      new Set([1]),
    );
    expect(all.map((w) => w.split(' ').slice(0, 3).join(' '))).toEqual([
      '1 unescaped "&"',
      '1 undefined entity:',
      '1 date could',
    ]);
  });
});

describe('the other warnings', () => {
  it('broken XML, items left out, a capped run', () => {
    expect(brokenXmlWarning('Unclosed tag at line 4')).toBe(
      "The feed's XML is broken (Unclosed tag at line 4); it was read leniently, so check its items",
    );
    expect(droppedItemsWarning([4], 'without a usable link')).toBe(
      'Left out 1 item without a usable link (item 4)',
    );
    expect(droppedItemsWarning([4, 2], 'without a title', titles({ 2: 'B' }))).toBe(
      'Left out 2 items without a title ("B" and item 4)',
    );
    expect(cappedWarning(500, 730)).toBe('500 of 730 new items imported; the rest come with the next runs');
  });

  it('stored clipped: the first eight, each at most 240 characters', () => {
    const many = Array.from({ length: 10 }, (_, i) => `warning ${i}`);
    expect(clipWarnings(many)).toEqual(many.slice(0, MAX_WARNINGS));
    expect(MAX_WARNINGS).toBe(8);
    const [long] = clipWarnings(['w'.repeat(300)]);
    expect(long).toBe(`${'w'.repeat(239)}…`);
    expect(clipWarnings(['v'.repeat(240)])).toEqual(['v'.repeat(240)]);
  });
});

describe('pictures left out: the reason in plain words, and the items by title', () => {
  it('each reason', () => {
    const words = (problem: PictureProblem) => pictureProblemWords(problem);
    expect(words({ kind: 'http-status', status: 404 })).toBe('the server answered 404');
    expect(words({ kind: 'timeout', ms: 1500 })).toBe('timed out after 1.5 s');
    expect(words({ kind: 'timeout', ms: 10_000 })).toBe('timed out after 10 s');
    expect(words({ kind: 'unreachable' })).toBe("could not reach the picture's server");
    expect(words({ kind: 'private-address' })).toBe('refused: the address is private or local');
    expect(words({ kind: 'redirects' })).toBe('too many redirects');
    expect(words({ kind: 'too-large' })).toBe('larger than 5 MB');
    expect(words({ kind: 'incomplete' })).toBe('the download was cut short');
    expect(words({ kind: 'address' })).toBe('not an http(s) address');
    expect(words({ kind: 'not-a-picture' })).toBe('not a JPEG, PNG, GIF or WebP picture');
    expect(words({ kind: 'damaged' })).toBe('the picture could not be read');
    expect(words({ kind: 'dimensions' })).toBe('the picture has too many pixels');
    expect(words({ kind: 'empty' })).toBe('the file is empty');
    expect(words({ kind: 'not-stored' })).toBe('the picture could not be stored');
  });

  it('one warning per reason, in the order first met, three titles at most', () => {
    const missing = { kind: 'http-status', status: 404 } as const;
    const slow = { kind: 'timeout', ms: 2000 } as const;
    expect(
      pictureWarnings([
        { title: 'A', problem: missing },
        { title: 'Slow one', problem: slow },
        { title: 'B', problem: missing },
        { title: 'C', problem: missing },
        { title: 'D', problem: missing },
        { title: 'E', problem: missing },
      ]),
    ).toEqual([
      '5 items imported without a picture (the server answered 404): "A", "B", "C" and 2 more',
      '1 item imported without a picture (timed out after 2 s): "Slow one"',
    ]);
    expect(
      pictureWarnings([
        { title: 'A', problem: missing },
        { title: 'B', problem: missing },
        { title: 'C', problem: missing },
      ]),
    ).toEqual(['3 items imported without a picture (the server answered 404): "A", "B" and "C"']);
    expect(pictureWarnings([{ title: 'z'.repeat(49), problem: missing }])).toEqual([
      `1 item imported without a picture (the server answered 404): "${'z'.repeat(47)}…"`,
    ]);
    expect(pictureWarnings([{ title: 'q'.repeat(48), problem: missing }])).toEqual([
      `1 item imported without a picture (the server answered 404): "${'q'.repeat(48)}"`,
    ]);
    expect(pictureWarnings([])).toEqual([]);
  });
});

describe('a failed feed in plain words (rss/feed-errors.ts)', () => {
  it('each kind, with the number its detail holds', () => {
    expect(explainFeedError('timeout', 'Timed out after 1500 ms')).toBe('Timed out after 1.5 s');
    expect(explainFeedError('timeout', 'Timed out after 20000ms')).toBe('Timed out after 20 s');
    expect(explainFeedError('timeout', 'socket hang up')).toBe('Timed out');
    expect(explainFeedError('unreachable', 'x')).toBe("Could not reach the feed's server");
    expect(explainFeedError('private-address', 'x')).toBe('Refused: the address is private or local');
    expect(explainFeedError('http-status', 'HTTP 410')).toBe('The server answered 410');
    expect(explainFeedError('http-status', 'odd')).toBe('The server answered with an error');
    expect(explainFeedError('redirects', 'x')).toBe('Too many redirects');
    expect(explainFeedError('too-large', 'Feed larger than 5120 KB')).toBe('The feed is too large (5120 KB)');
    expect(explainFeedError('too-large', 'larger than 5120 KB, and more\nsaid')).toBe(
      'The feed is too large (over the limit)',
    );
    expect(explainFeedError('too-large', 'huge')).toBe('The feed is too large (over the limit)');
    expect(explainFeedError('incomplete', 'x')).toBe(
      'The server closed the connection before the feed was complete',
    );
    expect(explainFeedError('invalid-url', 'x')).toBe('Not a valid web address');
    expect(explainFeedError('scheme', 'x')).toBe('Only http and https addresses can be imported');
    expect(explainFeedError('not-a-feed', 'x')).toBe('Not a feed');
    expect(explainFeedError('entities', 'x')).toBe('Refused: the feed declares XML entities (unsafe)');
    expect(explainFeedError('recipes', 'x')).toBe('Articles imported, but the themed recipes failed');
    expect(explainFeedError(undefined, 'x')).toBe('The import of this feed failed');
  });

  it('anything thrown: its message (300 characters at most) as the detail, and no kind unless it is ours', () => {
    expect(describeFeedError(new FeedFetchError('redirects', 'Too many redirects (more than 5)'))).toEqual({
      kind: 'redirects',
      error: 'Too many redirects (more than 5)',
      problem: 'Too many redirects',
    });
    expect(describeFeedError(new Error('boom'))).toEqual({
      kind: null,
      error: 'boom',
      problem: 'The import of this feed failed',
    });
    expect(describeFeedError('a string').error).toBe('a string');
    expect(describeFeedError(undefined).error).toBe('undefined');
    expect(describeFeedError('').error).toBe('Failed');
    expect(describeFeedError(new Error('e'.repeat(400))).error).toBe('e'.repeat(300));
  });
});
