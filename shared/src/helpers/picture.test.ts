import { describe, expect, it } from 'vitest';
import { imageRef } from '../schemas/common';
import {
  focusPosition,
  parseOriginalName,
  parseRungName,
  pictureAtWidth,
  pictureSources,
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
