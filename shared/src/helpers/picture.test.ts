import { describe, expect, it } from 'vitest';
import { imageRef } from '../schemas/common';
import {
  focusPosition,
  originalName,
  parseOriginalName,
  parseRungName,
  pictureAtWidth,
  pictureSources,
  rungHeight,
  rungNames,
  rungWidths,
  splitFocus,
  withFocus,
} from './picture';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('the ladder of a picture (issue 39)', () => {
  it('every ladder width under the original, and the original width on top when it is within the ladder', () => {
    expect(rungWidths(2000)).toEqual([320, 480, 640, 800, 1024, 1280, 1600, 1920]);
    expect(rungWidths(1920)).toEqual([320, 480, 640, 800, 1024, 1280, 1600, 1920]);
    expect(rungWidths(1000)).toEqual([320, 480, 640, 800, 1000]);
    expect(rungWidths(320)).toEqual([320]);
    expect(rungWidths(200)).toEqual([200]);
  });

  it('no step between rungs is more than 1.5× (a browser never gets twice the width it needs)', () => {
    const widths = rungWidths(1920);
    for (let i = 1; i < widths.length; i++) expect(widths[i]! / widths[i - 1]!).toBeLessThanOrEqual(1.5);
  });

  it('names: an original carries its size, a rung its original and width; anything else is not one', () => {
    expect(parseOriginalName(`${id}-2000x1333.webp`)).toEqual({
      id,
      width: 2000,
      height: 1333,
      name: `${id}-2000x1333.webp`,
    });
    expect(parseOriginalName(`${id}.webp`)).toBeNull();
    expect(parseOriginalName(`${id}-0x10.webp`)).toBeNull();
    expect(parseOriginalName(`${id}-20x10.gif`)).toBeNull();
    expect(parseRungName(`${id}-2000x1333-640w.avif`)).toMatchObject({
      width: 640,
      format: 'avif',
      original: { width: 2000 },
    });
    // A width the job never makes is no rung (so it 404s instead of answering with the original).
    expect(parseRungName(`${id}-2000x1333-700w.webp`)).toBeNull();
    expect(parseRungName(`${id}-1000x500-1024w.webp`)).toBeNull();
    expect(parseRungName(`${id}-1000x500-1000w.webp`)).toMatchObject({ width: 1000 });
    expect(rungNames(parseOriginalName(`${id}-1000x500.webp`)!)).toHaveLength(10);
  });

  it('sources: both formats list every rung; other addresses have none', () => {
    const p = pictureSources(`https://bloom.example/uploads/${id}-1000x500.webp`, { width: 1, height: 1 });
    expect(p.width).toBe(1000);
    expect(p.height).toBe(500);
    expect(p.sets.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(p.sets[0]!.srcset).toBe(
      [320, 480, 640, 800, 1000]
        .map((w) => `https://bloom.example/uploads/${id}-1000x500-${w}w.avif ${w}w`)
        .join(', '),
    );
    for (const other of [
      '/demo/a.webp',
      `/uploads/${id}.webp`,
      `/uploads/${id}.gif`,
      'https://elsewhere.example/a-10x10.webp',
    ]) {
      expect(pictureSources(other, { width: 800, height: 450 })).toMatchObject({
        src: other,
        width: 800,
        height: 450,
        sets: [],
      });
    }
  });

  it('a width for mail is the smallest rung that covers it', () => {
    expect(pictureAtWidth(`/uploads/${id}-2000x1333.webp`, 1200)).toBe(`/uploads/${id}-2000x1333-1280w.webp`);
    expect(pictureAtWidth(`/uploads/${id}-900x600.webp`, 1200)).toBe(`/uploads/${id}-900x600-900w.webp`);
    expect(pictureAtWidth('/demo/a.webp', 1200)).toBe('/demo/a.webp');
  });

  it('a focal point rides on the address and is read back; out of range is dropped', () => {
    const url = withFocus(`/uploads/${id}-1000x500.webp`, { x: 30.04, y: 70 });
    expect(url).toBe(`/uploads/${id}-1000x500.webp#focus=30,70`);
    expect(splitFocus(url)).toEqual({ url: `/uploads/${id}-1000x500.webp`, focus: { x: 30, y: 70 } });
    expect(focusPosition(splitFocus(url).focus)).toBe('30% 70%');
    expect(splitFocus('/a.webp#focus=130,10')).toEqual({ url: '/a.webp', focus: null });
    expect(withFocus(url, null)).toBe(`/uploads/${id}-1000x500.webp`);
    expect(pictureSources(url, { width: 1, height: 1 }).focus).toEqual({ x: 30, y: 70 });
    expect(imageRef.safeParse(url).success).toBe(true);
    expect(imageRef.safeParse(`/uploads/x.webp#other`).success).toBe(false);
  });
});

describe('names, heights and widths at their edges', () => {
  it('an original is named by its id and size, and reads back as the same original', () => {
    expect(originalName(id, 4000, 3000)).toBe(`${id}-4000x3000.webp`);
    expect(parseOriginalName(originalName(id, 4000, 3000))).toEqual({
      id,
      width: 4000,
      height: 3000,
      name: `${id}-4000x3000.webp`,
    });
    expect(parseRungName('photo.webp')).toBeNull();
    expect(parseRungName(`${id}-4000x3000.webp`)).toBeNull();
  });

  it('every rung of an original, each width in both formats, best format first', () => {
    expect(rungNames(parseOriginalName(`${id}-500x400.webp`)!)).toEqual([
      { width: 320, format: 'avif', name: `${id}-500x400-320w.avif` },
      { width: 320, format: 'webp', name: `${id}-500x400-320w.webp` },
      { width: 480, format: 'avif', name: `${id}-500x400-480w.avif` },
      { width: 480, format: 'webp', name: `${id}-500x400-480w.webp` },
      { width: 500, format: 'avif', name: `${id}-500x400-500w.avif` },
      { width: 500, format: 'webp', name: `${id}-500x400-500w.webp` },
    ]);
  });

  it("a rung keeps the original's proportions, and is never less than 1 px high", () => {
    expect(rungHeight({ width: 4000, height: 3000 }, 320)).toBe(240);
    expect(rungHeight({ width: 3000, height: 4000 }, 480)).toBe(640);
    expect(rungHeight({ width: 2000, height: 1333 }, 640)).toBe(427);
    expect(rungHeight({ width: 99999, height: 1 }, 320)).toBe(1);
  });

  it('a focal point of exactly 100 is kept; past 100 on either axis it is dropped', () => {
    expect(splitFocus('/a.webp#focus=100,100')).toEqual({ url: '/a.webp', focus: { x: 100, y: 100 } });
    expect(splitFocus('/a.webp#focus=100.5,50')).toEqual({ url: '/a.webp', focus: null });
    expect(splitFocus('/a.webp#focus=50,101')).toEqual({ url: '/a.webp', focus: null });
  });

  it('only an upload has sizes: the same name in another folder is shown as it is', () => {
    const elsewhere = `/images/${id}-2000x1333.webp`;
    expect(pictureSources(elsewhere, { width: 10, height: 5 })).toMatchObject({
      src: elsewhere,
      width: 10,
      sets: [],
    });
    expect(pictureAtWidth(elsewhere, 640)).toBe(elsewhere);
    // An absolute address of an upload has them too.
    const absolute = `https://cdn.example/uploads/${id}-2000x1333.webp`;
    expect(pictureAtWidth(absolute, 700)).toBe(`https://cdn.example/uploads/${id}-2000x1333-800w.webp`);
  });

  it('a width that is a rung gets that rung, not the next one up', () => {
    expect(pictureAtWidth(`/uploads/${id}-2000x1333.webp`, 640)).toBe(`/uploads/${id}-2000x1333-640w.webp`);
    expect(pictureAtWidth(`/uploads/${id}-2000x1333.webp`, 641, 'avif')).toBe(
      `/uploads/${id}-2000x1333-800w.avif`,
    );
  });
});
