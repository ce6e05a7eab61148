import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DOWNSCALE_MAX_SIDE,
  downscaleImage,
  encodeSteps,
  isScalable,
  scaledName,
  targetSize,
} from './image-downscale';

describe('targetSize: the longer side at most maxSide, proportions kept', () => {
  it('scales a landscape or portrait photo down to 4,000 px on its longer side', () => {
    expect(targetSize(6000, 4000, 4000)).toEqual({ width: 4000, height: 2667 });
    expect(targetSize(3024, 4032, 4000)).toEqual({ width: 3000, height: 4000 });
    expect(targetSize(8000, 8000, 4000)).toEqual({ width: 4000, height: 4000 });
    expect(targetSize(5000, 3500, 4000)).toEqual({ width: 4000, height: 2800 });
  });

  it('never enlarges: a picture within maxSide keeps its size', () => {
    expect(targetSize(4000, 3000, 4000)).toEqual({ width: 4000, height: 3000 });
    expect(targetSize(1200, 800, 4000)).toEqual({ width: 1200, height: 800 });
  });

  it('a very long, thin picture keeps at least 1 px', () => {
    expect(targetSize(100_000, 10, 4000)).toEqual({ width: 4000, height: 1 });
  });

  it('refuses nonsense dimensions', () => {
    expect(() => targetSize(0, 10, 4000)).toThrow(RangeError);
    expect(() => targetSize(10, Number.NaN, 4000)).toThrow(RangeError);
  });
});

describe('encodeSteps: quality first, then size', () => {
  it('starts at 4,000 px and quality 0.9 and ends at 1,600 px, each step no larger than the one before', () => {
    const steps = encodeSteps();
    expect(steps[0]).toEqual({ maxSide: DOWNSCALE_MAX_SIDE, quality: 0.9 });
    expect(steps[1]).toEqual({ maxSide: DOWNSCALE_MAX_SIDE, quality: 0.8 });
    expect(steps.at(-1)).toEqual({ maxSide: 1600, quality: 0.7 });
    for (let i = 1; i < steps.length; i++) {
      expect(steps[i]!.maxSide).toBeLessThanOrEqual(steps[i - 1]!.maxSide);
      expect(steps[i]!.maxSide * steps[i]!.quality).toBeLessThan(
        steps[i - 1]!.maxSide * steps[i - 1]!.quality,
      );
    }
  });
});

describe('which files are scaled and under which name', () => {
  it('JPEG, PNG and WebP are scaled; a GIF or anything else is not', () => {
    expect(isScalable({ name: 'a.jpg', type: 'image/jpeg' })).toBe(true);
    expect(isScalable({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isScalable({ name: 'a.webp', type: 'image/webp' })).toBe(true);
    expect(isScalable({ name: 'a.gif', type: 'image/gif' })).toBe(false);
    expect(isScalable({ name: 'a.txt', type: 'text/plain' })).toBe(false);
    // No type (desktop drag and drop): the extension decides.
    expect(isScalable({ name: 'IMG_0001.JPG', type: '' })).toBe(true);
    expect(isScalable({ name: 'party.gif', type: '' })).toBe(false);
  });

  it('a scaled file keeps its name as a .jpg', () => {
    expect(scaledName('IMG_0001.HEIC.png')).toBe('IMG_0001.HEIC.jpg');
    expect(scaledName('beach.webp')).toBe('beach.jpg');
    expect(scaledName('photo')).toBe('photo.jpg');
    expect(scaledName('.png')).toBe('image.jpg');
  });
});

describe('downscaleImage with a stand-in canvas', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A canvas whose JPEG is `bytesPerPixel(quality)` bytes a pixel. */
  function stubCanvas(bytesPerPixel: (quality: number) => number) {
    const made: Array<{ width: number; height: number; quality?: number; drawn?: number[] }> = [];
    class FakeCanvas {
      record: (typeof made)[number];
      constructor(
        public width: number,
        public height: number,
      ) {
        this.record = { width, height };
        made.push(this.record);
      }
      getContext() {
        return {
          fillRect: () => undefined,
          drawImage: (_img: unknown, ...box: number[]) => {
            this.record.drawn = box;
          },
        };
      }
      async convertToBlob({ type, quality }: { type: string; quality: number }) {
        expect(type).toBe('image/jpeg');
        this.record.quality = quality;
        // Only the size matters here (no real bytes: the sizes go far over the limit).
        return { type, size: Math.round(this.width * this.height * bytesPerPixel(quality)) } as Blob;
      }
    }
    vi.stubGlobal('OffscreenCanvas', FakeCanvas);
    return made;
  }

  function stubDecode(width: number, height: number) {
    const close = vi.fn();
    const decode = vi.fn(async () => ({ width, height, close }));
    vi.stubGlobal('createImageBitmap', decode);
    return { decode, close };
  }

  it('decodes with the EXIF orientation applied and returns the first encoding under the limit', async () => {
    const { decode, close } = stubDecode(6000, 4000);
    // 0.9 → 0.5 B/px (5.3 MB at 4000×2667: too large); 0.8 → 0.3 B/px (3.2 MB: fits).
    const made = stubCanvas((q) => (q > 0.85 ? 0.5 : 0.3));
    const input = new Blob(['x']);
    const out = await downscaleImage(input, { maxBytes: 5 * 1024 * 1024 });
    expect(decode).toHaveBeenCalledWith(input, { imageOrientation: 'from-image' });
    expect(out?.type).toBe('image/jpeg');
    expect(out?.size).toBe(Math.round(4000 * 2667 * 0.3));
    // One canvas at 4,000 px, drawn once, encoded at 0.9 then 0.8.
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ width: 4000, height: 2667, quality: 0.8, drawn: [0, 0, 4000, 2667] });
    expect(close).toHaveBeenCalled();
  });

  it('steps the size down when quality alone is not enough', async () => {
    stubDecode(5000, 3500);
    const made = stubCanvas(() => 0.6);
    const out = await downscaleImage(new Blob(['x']), { maxBytes: 5 * 1024 * 1024 });
    expect(out).not.toBeNull();
    expect(out!.size).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(made.length).toBeGreaterThan(1);
    expect(made.at(-1)!.width).toBeLessThan(4000);
  });

  it('null when nothing fits, when the browser cannot decode the file, or has no createImageBitmap', async () => {
    stubDecode(5000, 3500);
    stubCanvas(() => 100);
    expect(await downscaleImage(new Blob(['x']))).toBeNull();

    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      }),
    );
    expect(await downscaleImage(new Blob(['not an image']))).toBeNull();

    vi.stubGlobal('createImageBitmap', undefined);
    expect(await downscaleImage(new Blob(['x']))).toBeNull();
  });
});
