import { describe, expect, it } from 'vitest';
import { imagesIn } from '../src/rss/inline-images';
import {
  fieldText,
  fixCharacters,
  literalText,
  looksLikeHtml,
  normaliseLink,
  plainText,
  repairDoubleEncoding,
  safeHtml,
  safeUrl,
  textAsHtml,
} from '../src/rss/sanitize';

// What the RSS import keeps of a feed's text (rss/sanitize.ts): the job stores exactly these strings.
describe('feed text as plain text', () => {
  it('drops tags (script and style with their content), decodes entities once, keeps escaped text as text', () => {
    expect(plainText('<p>Tea <b>&amp;</b> toast</p><script>alert(1)</script><style>p{}</style>')).toBe(
      'Tea & toast',
    );
    // What the publisher escaped is text: shown as written (every place the site shows it escapes it).
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt; &quot;hi&quot; it&#39;s')).toBe(
      '<script>alert(1)</script> "hi" it\'s',
    );
    expect(plainText('Cryptic Message &lt;3')).toBe('Cryptic Message <3');
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
    // Headings move below the article's own h1; tables keep their cells, so no words run together.
    expect(
      safeHtml(
        '<h1>Big</h1><img src="https://x.example/a.png"><iframe></iframe><table><tr><td>c</td><td>d</td></tr></table>',
      ),
    ).toBe('<h2>Big</h2><table><tr><td>c</td><td>d</td></tr></table>');
  });
  it('the smallest headings, captions and sectioning containers become tags of our own range', () => {
    expect(
      safeHtml(
        '<h5>Five</h5><h6>Six</h6><figure><figcaption>Caption</figcaption></figure><section>S</section><article>A</article><aside>B</aside>',
      ),
    ).toBe('<h4>Five</h4><h4>Six</h4><div><p>Caption</p></div><div>S</div><div>A</div><div>B</div>');
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

describe('plain text and article markup: the edges', () => {
  it('block boundaries become one space, never a line break or a run of spaces', () => {
    expect(plainText('<h2>Kitchen</h2><p>How</p>\n\n<p>to   cook</p>')).toBe('Kitchen How to cook');
    expect(plainText('&lt; hi &gt;')).toBe('< hi >');
  });
  it('an early mid-word cut drops the space it ends on before the ellipsis', () => {
    expect(plainText('abc de', 5)).toBe('abc…');
    expect(plainText('ab cd', 4)).toBe('ab…');
  });
  it('drops links and paragraphs left without words, keeps other empty inline tags', () => {
    expect(safeHtml('<p><img src="https://x.example/a.png"></p><p>ok</p>')).toBe('<p>ok</p>');
    expect(safeHtml('<p>a</p><a href="https://n.example/"><img src="https://x.example/a.png"></a>')).toBe(
      '<p>a</p>',
    );
    expect(safeHtml('<p> </p><a href="https://n.example/">  </a><p>b</p>')).toBe('<p>b</p>');
    expect(safeHtml('<p>x<em></em><strong> </strong></p>')).toBe('<p>x<em></em><strong> </strong></p>');
  });
});

describe('imagesIn (the inline images of an item)', () => {
  it('is empty without an image, or without an absolute http(s) one when no base is declared', () => {
    expect(imagesIn('<p>no image here</p>', null)).toEqual([]);
    expect(imagesIn('', null)).toEqual([]);
    expect(
      imagesIn('<img src="/rel.png"><img src="javascript:x"><img src="data:image/png;base64,AA">', null),
    ).toEqual([]);
  });
  it('every image, in order, with what it declares about its size, whatever the case of the tag', () => {
    expect(
      imagesIn(
        '<p>x<img src="https://a.example/one.png" width="640" alt="a"></p><IMG SRC="https://a.example/UP.png"><Img src="https://a.example/px.gif" style="width:1px;height:1px">',
        null,
      ),
    ).toEqual([
      { url: 'https://a.example/one.png', width: '640', height: undefined, style: undefined },
      { url: 'https://a.example/UP.png', width: undefined, height: undefined, style: undefined },
      { url: 'https://a.example/px.gif', width: undefined, height: undefined, style: 'width:1px;height:1px' },
    ]);
  });
  it('relative sources resolve against a declared base; lazy data-src and the widest srcset entry win', () => {
    expect(
      imagesIn(
        '<img src="/rel.png" width="300"><img src="data:image/gif;base64,R0" data-src="lazy.jpg"><img src="s.jpg" srcset="s.jpg 320w, l.jpg 1280w">',
        'https://b.example/blog/',
      ).map((i) => [i.url, i.width]),
    ).toEqual([
      ['https://b.example/rel.png', '300'],
      ['https://b.example/blog/lazy.jpg', undefined],
      ['https://b.example/blog/l.jpg', 1280],
    ]);
  });
});

describe('safeUrl: trimming', () => {
  it('trims any white space, not only what the URL parser drops', () => {
    expect(safeUrl('\u00a0https://n.example/a\u00a0')).toBe('https://n.example/a');
    expect(safeUrl('\u00a0/img/a.png\u2003', 'https://n.example/feed.xml')).toBe(
      'https://n.example/img/a.png',
    );
  });
  it('a blank link is null even with a base to resolve against', () => {
    expect(safeUrl('   ', 'https://n.example/feed.xml')).toBeNull();
    expect(safeUrl('', 'https://n.example/feed.xml')).toBeNull();
  });
});

describe('feed characters put right (fixCharacters, repairDoubleEncoding)', () => {
  it.each([
    ['cafÃ©', 'café'],
    ['â€¦ and â€œquotesâ€\u009d', '… and “quotes”'],
    ['â‚¬5', '€5'],
    ['Ð¿Ñ€Ð¸Ð²ÐµÑ‚', 'привет'],
    ['Î±Î²Î³', 'αβγ'],
    ['Ù…', 'م'],
    ['Å‚', 'ł'],
    // The edges of what a two-byte sequence may be: U+00A0, U+017F, U+0370, U+04FF, U+0590, U+06FF, U+0800.
    ['Â\u00a0', '\u00a0'],
    ['Å¿', 'ſ'],
    ['Í°', 'Ͱ'],
    ['Ó¿', 'ӿ'],
    ['Ö\u0090', '֐'],
    ['Û¿', 'ۿ'],
    ['à\u00a0€', '\u0800'],
  ])('double-encoded %j is put back as %j', (input, fixed) => {
    expect(repairDoubleEncoding(input)).toBe(fixed);
  });

  it.each([
    'café',
    'naïve',
    'Ångström',
    // French spacing: E9 A0 BB is valid UTF-8 but the text is French.
    'allé\u00a0»',
    '«\u00a0oui',
    // One genuine é leaves the whole text as it is.
    'cafÃ© and café',
    // Pairs that decode to letters no feed means: Latin Extended-B, IPA, C1 controls, Armenian, Syriac, NKo.
    'CAFÉ”',
    'Æ€',
    'Í¯',
    'Ô€',
    'Ü€',
    'ß¿',
    'ÂŸ',
    'plain ascii',
  ])('%j stays as it is', (text) => {
    expect(repairDoubleEncoding(text)).toBe(text);
  });

  it('removes C0 controls but keeps tab and line breaks; C1 controls become their windows-1252 characters', () => {
    expect(fixCharacters('a\u0000b\u0007c\u000bd\u000ce\u001ff\u007fg')).toBe('abcdefg');
    expect(fixCharacters('a\tb\nc\rd')).toBe('a\tb\nc\rd');
    expect(fixCharacters('it\u0092s \u0080 5 \u0096 6')).toBe('it’s € 5 – 6');
    // 0x81 has no windows-1252 character: dropped.
    expect(fixCharacters('a\u0081b')).toBe('ab');
    expect(fixCharacters('cafÃ©\u0000')).toBe('café');
  });
});

describe('titles: text or HTML (looksLikeHtml, fieldText, literalText, textAsHtml)', () => {
  it.each([
    ['Tom &amp; Jerry', true],
    ['Fish &#38; chips', true],
    ['Fish &#x26; chips', true],
    ['<b>Bold</b> news', true],
    ['One<br>Two', true],
    ['One<BR/>Two', true],
    ['<img src="x.jpg"> caption', true],
    ['<hr>', true],
    ['Cryptic Message <3', false],
    ['the <blink> tag', false],
    ['AT&T and R&D', false],
    ['<brand> new', false],
    ['a </ b> c', false],
  ])('%j looks like HTML: %s', (text, html) => {
    expect(looksLikeHtml(text)).toBe(html);
  });

  it('a declared type decides, in any case; without one, how it looks', () => {
    expect(fieldText('<b>Bold</b> &amp; more', 'html', 100)).toBe('Bold & more');
    expect(fieldText('<b>Bold</b> &amp; more', 'XHTML', 100)).toBe('Bold & more');
    // Declared HTML is read as HTML even when it does not look like it (no closing tag, no entity).
    expect(looksLikeHtml('<b>Bold')).toBe(false);
    expect(fieldText('<b>Bold', 'xhtml', 100)).toBe('Bold');
    expect(fieldText('<b>Bold', 'html', 100)).toBe('Bold');
    expect(fieldText('<b>Bold', undefined, 100)).toBe('<b>Bold');
    expect(fieldText('<b>Bold</b> &amp; more', 'Text', 100)).toBe('<b>Bold</b> &amp; more');
    expect(fieldText('<b>Bold</b>', undefined, 100)).toBe('Bold');
    expect(fieldText('Love <3 you', undefined, 100)).toBe('Love <3 you');
    expect(fieldText(42, 'html', 100)).toBe('');
    expect(fieldText('a long title here', undefined, 9)).toBe('a long…');
  });

  it('literal text: white space collapsed and trimmed, cut at the limit, characters fixed; not a string is empty', () => {
    expect(literalText('  one \n two\t three  ')).toBe('one two three');
    expect(literalText('cafÃ© au lait', 8)).toBe('café au…');
    expect(literalText(undefined)).toBe('');
    expect(literalText(['x'])).toBe('');
  });

  it('text as a body: one escaped paragraph, nothing for blank text', () => {
    expect(textAsHtml('a < b & c > d')).toBe('<p>a &lt; b &amp; c &gt; d</p>');
    expect(textAsHtml('   ')).toBe('');
    expect(textAsHtml(null)).toBe('');
  });
});
