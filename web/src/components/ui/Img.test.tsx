import { render } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Img } from './Img';

const ID = '0b7c6a52-1b3f-4c1e-9d0a-3f2e1c4b5a69';
const SIZES = '(min-width: 768px) 736px, calc(100vw - 32px)';

/** The srcset a ladder of `widths` makes for the original `base` (`.../{id}-{W}x{H}`). */
const ladder = (base: string, widths: number[], format: 'avif' | 'webp') =>
  widths.map((w) => `${base}-${w}w.${format} ${w}w`).join(', ');

const draw = (ui: React.ReactElement) => {
  const { container } = render(ui);
  return {
    picture: container.querySelector('picture'),
    sources: [...container.querySelectorAll('source')],
    img: container.querySelector('img') as HTMLImageElement,
  };
};

describe('Img: every picture offers its sizes (issue 39)', () => {
  it('an uploaded original gives a <picture>: AVIF then WebP, exactly its rungs, its own width and height', () => {
    const base = `/uploads/${ID}-1000x750`;
    const { picture, sources, img } = draw(
      <Img src={`${base}.webp`} sizes={SIZES} alt="Tea" width={400} height={400} className="w-full" />,
    );
    expect(picture).not.toBeNull();
    expect(sources).toHaveLength(1);
    expect(sources[0]?.getAttribute('type')).toBe('image/avif');
    // A 1,000 px original: every ladder width under it, then its own width; never an enlargement.
    expect(sources[0]?.getAttribute('srcset')).toBe(ladder(base, [320, 480, 640, 800, 1000], 'avif'));
    expect(sources[0]?.getAttribute('sizes')).toBe(SIZES);
    expect(img.getAttribute('srcset')).toBe(ladder(base, [320, 480, 640, 800, 1000], 'webp'));
    expect(img.getAttribute('sizes')).toBe(SIZES);
    expect(img.getAttribute('src')).toBe(`${base}.webp`);
    // The name's dimensions win over the caller's fallback.
    expect(img.getAttribute('width')).toBe('1000');
    expect(img.getAttribute('height')).toBe('750');
    expect(img.getAttribute('alt')).toBe('Tea');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
    // The caller's classes lay out the <img>; the <picture> takes no box of its own.
    expect(img.getAttribute('class')).toBe('w-full');
    expect(picture?.getAttribute('class')).toBe('contents');
    // No style attribute anywhere: the CSP (style-src 'self') would refuse it in server HTML.
    expect(picture?.hasAttribute('style')).toBe(false);
  });

  it('an absolute address and a large original: the whole ladder, up to 1920', () => {
    const base = `https://bloom.example/uploads/${ID}-3000x2000`;
    const { sources, img } = draw(<Img src={`${base}.webp`} sizes="100vw" />);
    const widths = [320, 480, 640, 800, 1024, 1280, 1600, 1920];
    expect(sources[0]?.getAttribute('srcset')).toBe(ladder(base, widths, 'avif'));
    expect(img.getAttribute('srcset')).toBe(ladder(base, widths, 'webp'));
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['3000', '2000']);
  });

  it("the editor's focal point becomes object-position classes (steps of 5%), and leaves the address", () => {
    const base = `/uploads/${ID}-1200x800`;
    const { img } = draw(<Img src={`${base}.webp#focus=30,72.5`} sizes={SIZES} className="w-full" />);
    expect(img.getAttribute('class')).toBe('w-full focal fx-30 fy-75');
    expect(img.hasAttribute('style')).toBe(false);
    expect(img.getAttribute('src')).toBe(`${base}.webp`);
    expect(img.getAttribute('srcset')).not.toContain('#');
  });

  it.each([
    ['a demo file', '/demo/a.webp'],
    ['a GIF', `/uploads/${ID}.gif`],
    ['an upload from before sizes', `/uploads/${ID}.webp`],
    ['an external picture', `https://images.example.com/${ID}-1000x750.webp`],
    ['an address with a query', `/uploads/${ID}-1000x750.webp?v=2`],
  ])('%s is a plain <img> as it is, at the fallback size', (_, src) => {
    const { picture, img } = draw(<Img src={src} sizes={SIZES} width={400} height={300} />);
    expect(picture).toBeNull();
    expect(img.getAttribute('src')).toBe(src);
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '300']);
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('a plain address keeps its focal point too; no address shows the default picture', () => {
    expect(draw(<Img src="/demo/a.webp#focus=10,90" sizes={SIZES} />).img.getAttribute('class')).toBe(
      'focal fx-10 fy-90',
    );
    expect(draw(<Img src="/demo/a.webp#focus=10,90" sizes={SIZES} />).img.getAttribute('src')).toBe(
      '/demo/a.webp',
    );
    const empty = draw(<Img src={null} sizes={SIZES} />).img;
    expect(empty.getAttribute('src')).toBe('/demo/og-default.webp');
    expect([empty.getAttribute('width'), empty.getAttribute('height')]).toEqual(['800', '450']);
  });

  it('eager: fetched first (fetchpriority high in the server HTML), never lazy', () => {
    const html = renderToString(<Img src={`/uploads/${ID}-1000x750.webp`} sizes={SIZES} eager alt="Lead" />);
    // HTML attribute names are case-insensitive: React writes fetchPriority, browsers read fetchpriority.
    expect(html.toLowerCase()).toContain('fetchpriority="high"');
    expect(html).toContain('loading="eager"');
    expect(html).not.toContain('lazy');
    const { img } = draw(<Img src="/demo/a.webp" sizes={SIZES} eager />);
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBe('eager');
  });
});

describe('Img hydration', () => {
  let container: HTMLElement | undefined;
  afterEach(() => {
    container?.remove();
    vi.restoreAllMocks();
  });

  it('the server HTML hydrates without a mismatch', async () => {
    const ui = (
      <div className="grid">
        <Img src={`/uploads/${ID}-1000x750.webp#focus=20,40`} sizes={SIZES} eager alt="Lead" />
        <Img src={`https://bloom.example/uploads/${ID}-640x640.webp`} sizes="50vw" alt="Card" />
        <Img src="/demo/a.webp" sizes="50vw" alt="Demo" />
      </div>
    );
    container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    document.body.append(container);
    const server = container.innerHTML;
    const pictures = [...container.querySelectorAll('picture')];
    expect(pictures).toHaveLength(2);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container as HTMLElement, ui, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // Hydration kept the server's elements (a mismatch re-renders them on the client).
    expect([...container.querySelectorAll('picture')]).toEqual(pictures);
    expect(container.innerHTML).toBe(server);
  });
});
