/**
 * Images that pass a look at their header but not a decode (issue 27 §6, and the fuzz run): a GIF of
 * many frames, each a 1×1 patch on a large canvas. A few bytes a frame, but libvips decodes every
 * frame at the canvas size, so 1,000 frames of 250×250 are 62.5 million pixels: past the upload limit.
 */
export function manyFrameGif(frames = 1000, width = 250, height = 250): Uint8Array {
  const le = (n: number) => [n & 0xff, (n >> 8) & 0xff];
  const bytes: number[] = [
    ...Buffer.from('GIF89a'),
    ...le(width),
    ...le(height),
    0x80, // a global colour table of 2 colours
    0,
    0,
    ...[0, 0, 0, 0xff, 0xff, 0xff],
    // NETSCAPE2.0: loop forever (an animation, as browsers and libvips read it)
    ...[0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 0x03, 0x01, 0x00, 0x00, 0x00],
  ];
  for (let i = 0; i < frames; i++) {
    bytes.push(0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00); // graphic control: 0.1 s
    bytes.push(0x2c, ...le(0), ...le(0), ...le(1), ...le(1), 0x00); // a 1×1 frame at 0,0
    bytes.push(0x02, 0x02, 0x44, 0x01, 0x00); // its one pixel, LZW-coded
  }
  bytes.push(0x3b);
  return new Uint8Array(bytes);
}
