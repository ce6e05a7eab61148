import { describe, expect, it } from 'vitest';
import { normaliseLink, plainText, safeHtml, safeUrl } from '../src/rss/sanitize';

// What the RSS import keeps of a feed's text (rss/sanitize.ts): the job stores exactly these strings.
describe('feed text as plain text', () => {
  it('drops tags (script and style with their content), decodes entities, never brings markup back', () => {
    expect(plainText('<p>Tea <b>&amp;</b> toast</p><script>alert(1)</script><style>p{}</style>')).toBe(
      'Tea & toast',
    );
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt; &quot;hi&quot; it&#39;s')).toBe(
      'scriptalert(1)/script "hi" it\'s',
    );
    expect(plainText('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
    expect(plainText('  many \n\n  spaces\t here ')).toBe('many spaces here');
  });
  it('is empty for anything that is not a string', () => {
    for (const v of [undefined, null, 42, { a: 1 }, ['x']]) expect(plainText(v)).toBe('');
  });
  it('keeps text up to the limit as it is', () => {
    expect(plainText('a'.repeat(500))).toBe('a'.repeat(500));
    expect(plainText('abcde', 5)).toBe('abcde');
  });
  it('cuts longer text at a word boundary with an ellipsis', () => {
    expect(plainText('one two three four five six', 20)).toBe('one two three four…');
    expect(plainText('word '.repeat(200))).toBe(`${'word '.repeat(98)}word…`);
  });
  it('cuts mid-word when the last space is too early (before 60% of the limit)', () => {
    expect(plainText(`ab ${'c'.repeat(30)}`, 20)).toBe(`ab ${'c'.repeat(16)}…`);
    expect(plainText(`${'a'.repeat(11)} ${'c'.repeat(30)}`, 20)).toBe(`${'a'.repeat(11)} ${'c'.repeat(7)}…`);
    expect(plainText(`${'a'.repeat(13)} ${'c'.repeat(30)}`, 20)).toBe(`${'a'.repeat(13)}…`);
  });
  it('no space before the ellipsis', () => {
    expect(plainText('aaaa bbbb cccc dddd eeee', 15)).toBe('aaaa bbbb cccc…');
  });
});

describe('feed HTML as article markup', () => {
  it('keeps the simple tags, drops the rest with their attributes', () => {
    expect(
      safeHtml(
        '<h2 class="x">T</h2><p style="color:red">A <em>b</em> <strong>c</strong> <i>d</i> <b>e</b><br></p><ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote><h3>x</h3><h4>y</h4>',
      ),
    ).toBe(
      '<h2>T</h2><p>A <em>b</em> <strong>c</strong> <i>d</i> <b>e</b><br /></p><ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote><h3>x</h3><h4>y</h4>',
    );
    expect(
      safeHtml(
        '<h1>Big</h1><img src="https://x.example/a.png"><iframe></iframe><table><tr><td>c</td></tr></table>',
      ),
    ).toBe('Bigc');
  });
  it('links: http(s) only, open in a new tab with noopener nofollow; others keep their words only', () => {
    expect(safeHtml('<a href="https://n.example/a" onclick="x" title="t">ok</a>')).toBe(
      '<a href="https://n.example/a" rel="noopener noreferrer nofollow" target="_blank">ok</a>',
    );
    expect(safeHtml('<a href="javascript:alert(1)">bad</a>')).toBe('<a>bad</a>');
    expect(safeHtml('<a href="//evil.example/x">rel</a>')).toBe('<a>rel</a>');
    expect(safeHtml('<a>none</a>')).toBe('<a>none</a>');
  });
  it('collapses whitespace and is empty for non-strings', () => {
    expect(safeHtml('  <p>a\n\n   b</p>  ')).toBe('<p>a b</p>');
    expect(safeHtml(undefined)).toBe('');
    expect(safeHtml(5)).toBe('');
  });
});

describe('safeUrl', () => {
  it.each([
    ['https://n.example/a?b=1', 'https://n.example/a?b=1'],
    ['  http://n.example  ', 'http://n.example/'],
  ])('%j → %j', (input, out) => expect(safeUrl(input)).toBe(out));
  it('resolves relative links against the feed address', () => {
    expect(safeUrl('/img/a.png', 'https://n.example/feed.xml')).toBe('https://n.example/img/a.png');
    expect(safeUrl('/img/a.png')).toBeNull();
  });
  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,x'],
    ['ftp://n.example/x'],
    ['https://user:pw@n.example/'],
    ['https://user@n.example/'],
    ['https://:pw@n.example/'],
    [''],
    ['   '],
    [42],
    [null],
  ])('%j → null', (input) => expect(safeUrl(input)).toBeNull());
});

describe('normaliseLink (de-duplication key)', () => {
  it('drops the fragment, tracking parameters and a trailing slash; lower-cases the host; sorts the query', () => {
    expect(
      normaliseLink(
        'https://News.Example/a/b/?z=1&utm_source=rss&UTM_medium=x&fbclid=1&gclid=2&ocid=3&at_x=4&a=2#top',
      ),
    ).toBe('https://news.example/a/b?a=2&z=1');
  });
  it('keeps parameters that only look like tracking ones, and the root path', () => {
    expect(normaliseLink('https://n.example/?fbclidx=1&xutm_a=2&cat_=3&gclidx=4&ocidx=5')).toBe(
      'https://n.example/?cat_=3&fbclidx=1&gclidx=4&ocidx=5&xutm_a=2',
    );
    expect(normaliseLink('https://n.example/x///')).toBe('https://n.example/x');
  });
});
