import { describe, expect, it } from 'vitest';
import { imagesIn } from '../src/rss/inline-images';

/** The pictures inside an item's HTML (rss/inline-images.ts), as the card's picture is chosen from them. */
describe('imagesIn: every <img> of an item, with what it says about its size', () => {
  const base = 'https://news.example/2024/';

  it('in order, with width, height and style as written; upper-case tags too', () => {
    expect(
      imagesIn(
        '<p>One <img src="https://cdn.example/a.jpg" width="640" height="480" style="float:left"> and <IMG SRC="https://cdn.example/b.png"></p>',
        null,
      ),
    ).toEqual([
      { url: 'https://cdn.example/a.jpg', width: '640', height: '480', style: 'float:left' },
      { url: 'https://cdn.example/b.png', width: undefined, height: undefined, style: undefined },
    ]);
    expect(imagesIn('<p>No pictures here.</p>', null)).toEqual([]);
  });

  it('relative sources resolve against the base; without one, or outside http(s), they do not count', () => {
    expect(imagesIn('<img src="pics/park.jpg">', base).map((i) => i.url)).toEqual([
      'https://news.example/2024/pics/park.jpg',
    ]);
    expect(imagesIn('<img src="pics/park.jpg">', null)).toEqual([]);
    expect(imagesIn('<img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)">', base)).toEqual(
      [],
    );
  });

  it('a lazy-loading page: data-src, then data-lazy-src, before the placeholder in src', () => {
    expect(
      imagesIn(
        '<img src="https://x.example/blank.gif" data-src="https://x.example/real.jpg"><img src="https://x.example/blank.gif" data-lazy-src="https://x.example/lazy.jpg">',
        null,
      ).map((i) => i.url),
    ).toEqual(['https://x.example/real.jpg', 'https://x.example/lazy.jpg']);
  });

  it('a srcset gives its widest entry (the first of equals), its width as the width', () => {
    const [widest] = imagesIn(
      '<img src="https://x.example/s.jpg" width="300" height="200" srcset="https://x.example/m.jpg 800w, https://x.example/l.jpg 1024w, https://x.example/xs.jpg 320w">',
      null,
    );
    expect(widest).toEqual({ url: 'https://x.example/l.jpg', width: 1024, height: '200', style: undefined });
    expect(
      imagesIn('<img srcset="https://x.example/one.jpg 500w, https://x.example/two.jpg 500w">', null)[0]?.url,
    ).toBe('https://x.example/one.jpg');
    // data-srcset, as lazy loaders write it; a relative entry resolves against the base.
    expect(imagesIn('<img data-srcset="small.jpg 300w, big.jpg 900w">', base)[0]).toMatchObject({
      url: 'https://news.example/2024/big.jpg',
      width: 900,
    });
  });

  it('a srcset as pages really write it: on several lines, spaces doubled', () => {
    const srcset = `
      https://x.example/big.jpg 900w,
      https://x.example/small.jpg  300w`;
    expect(imagesIn(`<img srcset="${srcset}">`, null)[0]).toMatchObject({
      url: 'https://x.example/big.jpg',
      width: 900,
    });
    expect(
      imagesIn('<img srcset="https://x.example/a.jpg  1200w, https://x.example/b.jpg 300w">', null)[0],
    ).toMatchObject({ url: 'https://x.example/a.jpg', width: 1200 });
  });

  it('entries without a width in pixels (densities, none, look-alikes) leave the src to speak', () => {
    for (const srcset of [
      'https://x.example/1x.jpg 1x, https://x.example/2x.jpg 2x',
      'https://x.example/bare.jpg',
      'https://x.example/odd.jpg 1024wx',
      'https://x.example/odd.jpg x1024w',
    ]) {
      expect(
        imagesIn(`<img src="https://x.example/src.jpg" width="640" srcset="${srcset}">`, null),
        srcset,
      ).toEqual([{ url: 'https://x.example/src.jpg', width: '640', height: undefined, style: undefined }]);
    }
    // A widest entry whose address is no http(s) one: the src, not nothing.
    expect(
      imagesIn('<img src="https://x.example/src.jpg" srcset="javascript:x 900w">', null).map((i) => i.url),
    ).toEqual(['https://x.example/src.jpg']);
  });
});
