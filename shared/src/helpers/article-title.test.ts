import { describe, expect, it } from 'vitest';
import { titleWords, withoutRepeatedTitle } from './article-title';

describe('an article title lives in its title, not again at the top of its body (issue 26)', () => {
  it('drops a leading markdown "# heading" that repeats the title, or a part of it', () => {
    expect(
      withoutRepeatedTitle(
        'Sleep Hygiene for Busy Minds: A Gentle Reset',
        '# Sleep Hygiene for Busy Minds\n\nMost of us…',
      ),
    ).toBe('Most of us…');
    expect(
      withoutRepeatedTitle(
        'Colour Analysis Without the Jargon',
        '  # Colour Analysis Without the Jargon\nBody',
      ),
    ).toBe('Body');
    // The heading says more than the title: still the same title.
    expect(withoutRepeatedTitle('Walking', '# Walking: The Most Underrated Workout\n\nText')).toBe('Text');
  });

  it('drops a leading HTML <h1> that repeats the title, whatever its markup and entities', () => {
    expect(
      withoutRepeatedTitle('Tea & Toast', '<h1 class="x">Tea &amp; <em>Toast</em></h1>\n<p>Warm.</p>'),
    ).toBe('<p>Warm.</p>');
  });

  it('keeps any other body as it is', () => {
    const cases: [string, string][] = [
      ['Sleep Better', '# A Different Story\n\nText'],
      ['Sleep Better', 'Intro first.\n\n# Sleep Better'],
      ['Sleep Better', '## Sleep Better\n\nA level-2 heading is a section, not the title.'],
      ['Sleep Better', '<h2>Sleep Better</h2><p>x</p>'],
      ['Sleep Better', '#hashtag Sleep Better'],
      // Part of a word is not the title ("Walk" in "Walking").
      ['Walking Tours', '# Walk\n\nText'],
      ['', '# Anything\n'],
    ];
    for (const [title, body] of cases) expect(withoutRepeatedTitle(title, body), body).toBe(body);
  });

  it('compares words only: punctuation, case and tags do not count', () => {
    expect(titleWords('Iron, Explained: Why <b>Women</b> Need…')).toBe('iron explained why women need');
    // A tag between words parts them; an escaped ampersand is one.
    expect(titleWords('Tea<br>Toast')).toBe('tea toast');
    expect(titleWords('AT&amp;T')).toBe('at t');
  });

  it('a heading or a title of punctuation only is no title: the body stays', () => {
    expect(withoutRepeatedTitle('…', '# !!!\n\nText')).toBe('# !!!\n\nText');
    expect(withoutRepeatedTitle('Sleep', '<h1> — </h1><p>x</p>')).toBe('<h1> — </h1><p>x</p>');
  });
});
