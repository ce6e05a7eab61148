import { describe, expect, it } from 'vitest';
import { describeAiOutcome, rssKeywords, rssSourceInput, rssSourceTestInput } from './rss';

const source = { name: 'BBC Sport', url: 'https://feeds.example/sport.xml', category: 'sports' };

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('RSS source form', () => {
  it('defaults: enabled, no recipes, no keywords', () => {
    expect(rssSourceInput.parse(source)).toEqual({
      ...source,
      enabled: true,
      makeRecipes: false,
      includeKeywords: [],
      excludeKeywords: [],
    });
  });

  it('keeps what the editor chose, trimmed', () => {
    expect(
      rssSourceInput.parse({
        name: '  Runner news ',
        url: ' http://feeds.example/run ',
        category: 'wellness',
        enabled: false,
        makeRecipes: true,
        includeKeywords: [' marathon ', 'trail run'],
        excludeKeywords: ['advert'],
      }),
    ).toEqual({
      name: 'Runner news',
      url: 'http://feeds.example/run',
      category: 'wellness',
      enabled: false,
      makeRecipes: true,
      includeKeywords: ['marathon', 'trail run'],
      excludeKeywords: ['advert'],
    });
  });

  it('name: 1 to 100 characters after trimming', () => {
    expect(rssSourceInput.parse({ ...source, name: 'n' }).name).toBe('n');
    expect(rssSourceInput.parse({ ...source, name: 'n'.repeat(100) }).name).toBe('n'.repeat(100));
    expect(rssSourceInput.parse({ ...source, name: ` ${'n'.repeat(100)} ` }).name).toBe('n'.repeat(100));
    expect(messages(rssSourceInput.safeParse({ ...source, name: 'n'.repeat(101) }))).toEqual([
      'name: Too big: expected string to have <=100 characters',
    ]);
    expect(messages(rssSourceInput.safeParse({ ...source, name: '   ' }))).toEqual([
      'name: Too small: expected string to have >=1 characters',
    ]);
    expect(rssSourceInput.safeParse({ ...source, name: 42 }).success).toBe(false);
  });

  it('refuses control characters other than tab and newline', () => {
    for (const ch of ['\u0000', '\u0001', '\u0008', '\u000b', '\r', '\u001b', '\u001f']) {
      expect(messages(rssSourceInput.safeParse({ ...source, name: `a${ch}b` })), JSON.stringify(ch)).toEqual([
        'name: Must not contain control characters',
      ]);
    }
    expect(rssSourceInput.parse({ ...source, name: 'a\tb\nc d~\u007f\u00e9' }).name).toBe(
      'a\tb\nc d~\u007f\u00e9',
    );
    expect(messages(rssSourceInput.safeParse({ ...source, includeKeywords: ['ok', 'x\u0000'] }))).toEqual([
      'includeKeywords.1: Must not contain control characters',
    ]);
  });

  it('url: http(s) only; category from the list', () => {
    expect(messages(rssSourceInput.safeParse({ ...source, url: 'ftp://feeds.example/a' }))).toEqual([
      'url: Must be an http(s) URL',
    ]);
    expect(rssSourceInput.safeParse({ ...source, category: 'news' }).success).toBe(false);
    expect(rssSourceInput.safeParse({ name: 'x', url: source.url }).success).toBe(false);
  });

  it('flags are booleans, not strings', () => {
    expect(rssSourceInput.safeParse({ ...source, enabled: 'false' }).success).toBe(false);
    expect(rssSourceInput.safeParse({ ...source, makeRecipes: 'true' }).success).toBe(false);
  });
});

describe('RSS keywords', () => {
  it('up to 30, each 1 to 60 characters after trimming', () => {
    expect(rssKeywords.parse([])).toEqual([]);
    expect(rssKeywords.parse(Array(30).fill('k'.repeat(60)))).toEqual(Array(30).fill('k'.repeat(60)));
    expect(messages(rssKeywords.safeParse(Array(31).fill('k')))).toEqual([
      ': Too big: expected array to have <=30 items',
    ]);
    expect(messages(rssKeywords.safeParse(['k'.repeat(61)]))).toEqual([
      '0: Too big: expected string to have <=60 characters',
    ]);
    expect(rssKeywords.safeParse(['  ']).success).toBe(false);
    expect(rssKeywords.parse([' \tk\n '])).toEqual(['k']);
  });
});

describe('testing a feed URL', () => {
  it('takes an http(s) URL and, optionally, the keywords to apply', () => {
    expect(rssSourceTestInput.parse({ url: ' https://feeds.example/a ', name: 'x' })).toEqual({
      url: 'https://feeds.example/a',
      includeKeywords: [],
      excludeKeywords: [],
    });
    expect(
      rssSourceTestInput.parse({ url: 'https://feeds.example/a', includeKeywords: [' cup '] }),
    ).toMatchObject({
      includeKeywords: ['cup'],
    });
    expect(rssSourceTestInput.safeParse({}).success).toBe(false);
    expect(messages(rssSourceTestInput.safeParse({ url: 'javascript:alert(1)' }))).toEqual([
      'url: Must be an http(s) URL',
    ]);
  });
  it('a text that is no URL at all is one issue on the field, not a thrown error (issue 40 §12)', () => {
    for (const url of ['x', '', '   ', 'https://', 'http://[::1', '//feeds.example/rss']) {
      expect(messages(rssSourceTestInput.safeParse({ url })), url).toEqual(['url: Must be an http(s) URL']);
      expect(messages(rssSourceInput.safeParse({ ...source, url })), url).toEqual([
        'url: Must be an http(s) URL',
      ]);
    }
  });
});

describe('a feed URL (issue 28)', () => {
  it('refuses a user name or password in the address', () => {
    for (const url of [
      'https://ed:secret@feeds.example/rss',
      'https://token@feeds.example/rss',
      'https://:pw@feeds.example/',
    ]) {
      expect(messages(rssSourceInput.safeParse({ ...source, url })), url).toEqual([
        'url: Remove the user name and password from the address: feeds are read without signing in',
      ]);
    }
  });
  it('is stored in one form: no fragment, lower-case host, no default port', () => {
    const url = (u: string) => rssSourceInput.parse({ ...source, url: u }).url;
    expect(url('https://Feeds.EXAMPLE:443/sport.xml#latest')).toBe('https://feeds.example/sport.xml');
    expect(url('http://feeds.example:80/a?x=1#y')).toBe('http://feeds.example/a?x=1');
    expect(url('https://feeds.example:8443/a')).toBe('https://feeds.example:8443/a');
  });
});

describe('describeAiOutcome', () => {
  it('says who wrote the recipes and why, in the words the run shows', () => {
    const ai = { writer: 'ai' as const, aiRecipes: 0, builtInRecipes: 24, failure: '429 rate limited' };
    expect(describeAiOutcome(ai)).toBe('AI: 429 rate limited, 24 recipes by the built-in writer');
    expect(describeAiOutcome({ ...ai, aiRecipes: 2, builtInRecipes: 1 })).toBe(
      'AI: 429 rate limited, 1 recipe by the built-in writer (2 recipes by the AI before that)',
    );
    expect(describeAiOutcome({ ...ai, failure: null, aiRecipes: 3, builtInRecipes: 0 })).toBe(
      'AI: 3 recipes written by the AI',
    );
    expect(describeAiOutcome({ ...ai, writer: 'built-in', failure: null, builtInRecipes: 2 })).toBe(
      '2 recipes by the built-in writer (AI not configured)',
    );
    expect(describeAiOutcome({ ...ai, writer: 'built-in', failure: null, builtInRecipes: 0 })).toBeNull();
    expect(describeAiOutcome(null)).toBeNull();
  });
});
