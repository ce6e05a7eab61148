import { describe, expect, it } from 'vitest';
import { decodeFeed, feedEncoding } from '../src/rss/decode-feed';

/** Which encoding a feed's bytes are read with (rss/decode-feed.ts): each signal, and which one wins. */
const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));
const declaration = (encoding: string) => `<?xml version="1.0" encoding="${encoding}"?><rss/>`;

describe('feedEncoding', () => {
  it('a byte-order mark decides, over the declaration and the HTTP charset', () => {
    expect(feedEncoding(bytes([0xef, 0xbb, 0xbf], declaration('koi8-r')), 'text/xml; charset=big5')).toBe(
      'utf-8',
    );
    expect(feedEncoding(bytes([0xff, 0xfe, 0, 0], '<\0\0\0'))).toBe('utf-32le');
    expect(feedEncoding(bytes([0, 0, 0xfe, 0xff], '\0\0\0<'))).toBe('utf-32be');
    // UTF-16's marks start like UTF-32's: what follows tells them apart.
    expect(feedEncoding(bytes([0xff, 0xfe], '<\0?\0'))).toBe('utf-16le');
    expect(feedEncoding(bytes([0xff, 0xfe, 0x00, 0x4e]))).toBe('utf-16le'); // "一" after the mark
    expect(feedEncoding(bytes([0xfe, 0xff], '\0<\0?'))).toBe('utf-16be');
    expect(feedEncoding(bytes([0xfe, 0xff, 0, 0]))).toBe('utf-16be');
  });

  it('without a mark, how "<?" is laid out in the first four bytes (XML 1.0, appendix F)', () => {
    expect(feedEncoding(bytes('<\0\0\0?\0\0\0'))).toBe('utf-32le');
    expect(feedEncoding(bytes('\0\0\0<\0\0\0?'))).toBe('utf-32be');
    expect(feedEncoding(bytes('<\0?\0x\0m\0l\0'))).toBe('utf-16le');
    expect(feedEncoding(bytes('\0<\0?\0x\0m\0l'))).toBe('utf-16be');
    // Plain ASCII "<?xm" is none of them.
    expect(feedEncoding(bytes('<?xml version="1.0"?><rss/>'))).toBe('utf-8');
  });

  it('then the XML declaration (ISO-8859-1 read as windows-1252); a label nobody knows is skipped', () => {
    expect(feedEncoding(bytes(declaration('ISO-8859-1')))).toBe('windows-1252');
    expect(feedEncoding(bytes(declaration('KOI8-R')), 'text/xml; charset=big5')).toBe('koi8-r');
    expect(feedEncoding(bytes(declaration('x-no-such-thing')), 'text/xml; charset=big5')).toBe('big5');
  });

  it('then the HTTP charset; a UTF-8 one (either spelling) that the bytes break is the server default, not the truth', () => {
    expect(feedEncoding(bytes('<rss/>'), 'application/rss+xml; charset="koi8-r"')).toBe('koi8-r');
    expect(feedEncoding(bytes('<rss/>'))).toBe('utf-8');
    const latin1 = bytes('<rss><title>caf', [0xe9], ' cr', [0xe8], 'me</title></rss>');
    for (const charset of ['utf-8', 'utf8', 'UTF-8']) {
      expect(feedEncoding(latin1, `text/xml; charset=${charset}`), charset).toBe('windows-1252');
    }
    expect(decodeFeed(latin1, 'text/xml; charset=utf8')).toBe('<rss><title>café crème</title></rss>');
    // A document that declares UTF-8 keeps it, broken bytes and all: its publisher said so.
    expect(feedEncoding(bytes(declaration('utf-8'), [0xe9]))).toBe('utf-8');
  });
});
