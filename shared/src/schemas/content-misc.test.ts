import { describe, expect, it } from 'vitest';
import { storyInput, storyStatusInput } from './content-misc';

const story = {
  name: 'Ann',
  email: 'ann@example.com',
  title: 'My walk',
  story: 'x'.repeat(50),
  consent: true,
};
const messages = (input: unknown) => {
  const r = storyInput.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('story submission form (spec: Share Your Story)', () => {
  it('accepts a complete story and trims its fields', () => {
    expect(
      storyInput.parse({ ...story, name: '  Ann ', title: ' My walk ', email: ' ann@example.com ' }),
    ).toEqual(story);
  });

  it.each([
    ['name', '  ', 'name: Name is required'],
    ['email', 'ann@', 'email: Please enter a valid email address'],
    ['title', 'ab', 'title: Title is required'],
    ['story', 'x'.repeat(49), 'story: Please tell us a little more (at least 50 characters)'],
    ['consent', false, 'consent: Please confirm we may publish your story'],
    ['website', 'http://spam.example', 'website'],
  ])('%s = %j is refused with "%s"', (field, value, message) => {
    expect(messages({ ...story, [field]: value }).join('\n')).toContain(message);
  });

  it('a story of exactly 50 characters (after trimming) and a 3-letter title are enough', () => {
    expect(storyInput.safeParse({ ...story, title: 'abc', story: ` ${'y'.repeat(50)} ` }).success).toBe(true);
    expect(storyInput.safeParse({ ...story, story: ` ${'y'.repeat(49)} ` }).success).toBe(false);
  });

  it.each([
    ['name', 100],
    ['title', 200],
    ['story', 10_000],
  ])('%s: %i characters accepted, one more refused', (field, max) => {
    expect(storyInput.safeParse({ ...story, [field]: 'z'.repeat(max) }).success).toBe(true);
    expect(storyInput.safeParse({ ...story, [field]: 'z'.repeat(max + 1) }).success).toBe(false);
  });

  it('email: at most 254 characters', () => {
    const at = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;
    expect(storyInput.safeParse({ ...story, email: at(254) }).success).toBe(true);
    expect(storyInput.safeParse({ ...story, email: at(255) }).success).toBe(false);
  });

  it('consent must be exactly true, and the hidden field must stay empty', () => {
    expect(storyInput.safeParse({ ...story, consent: 'true' }).success).toBe(false);
    expect(storyInput.safeParse({ ...story, website: '' }).success).toBe(true);
    const { consent: _c, ...noConsent } = story;
    expect(storyInput.safeParse(noConsent).success).toBe(false);
  });
});

describe('story status (editors)', () => {
  it('only new or rejected can be set by hand', () => {
    expect(storyStatusInput.parse({ status: 'new' })).toEqual({ status: 'new' });
    expect(storyStatusInput.parse({ status: 'rejected' })).toEqual({ status: 'rejected' });
    const r = storyStatusInput.safeParse({ status: 'approved' });
    expect(r.success ? '' : r.error.issues[0]?.message).toBe('Status must be new or rejected');
  });
});
