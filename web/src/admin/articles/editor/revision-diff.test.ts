import { describe, expect, it } from 'vitest';
import { bodyText, revisionDiff } from './revision-diff';

describe('revision diff (issue 31 §5)', () => {
  it('reads a body as lines of text, images as their alt text with the caption', () => {
    expect(
      bodyText(
        '<h2>Light</h2><p>One <strong>two</strong></p><ul><li><p>a</p></li><li><p>b</p></li></ul><figure><img src="/uploads/x.webp" alt="Sun"><figcaption>At 8am</figcaption></figure><hr><p>End</p>',
      ),
    ).toBe('Light\nOne two\na\nb\n[Image: Sun] At 8am\n———\nEnd');
  });

  it('marks added and removed words, in the title and the body', () => {
    const d = revisionDiff(
      {
        title: 'Morning light',
        content: '<p>Open the curtains.</p><figure><img src="/x" alt="Sun"></figure>',
      },
      {
        title: 'Morning sun',
        content: '<p>Open the curtains. Then breathe.</p><figure><img src="/x" alt="Sunrise"></figure>',
      },
    );
    expect(d.title.filter((p) => p.kind !== 'same').map((p) => [p.kind, p.text])).toEqual([
      ['removed', 'light'],
      ['added', 'sun'],
    ]);
    const changed = d.body.filter((p) => p.kind !== 'same').map((p) => [p.kind, p.text.trim()]);
    expect(changed).toEqual(
      expect.arrayContaining([
        ['added', 'Then breathe.'],
        ['removed', 'Sun'],
        ['added', 'Sunrise'],
      ]),
    );
  });
});
