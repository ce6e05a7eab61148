import { describe, expect, it } from 'vitest';
import { articleInput, contentListQuery, searchQuery } from './article';
import { contactInput, messageStatusInput } from './contact';

const article = {
  title: 'Morning walks',
  excerpt: 'Why walk',
  content: '<p>Walk.</p>',
  category: 'wellness',
};
const ok = (over: Record<string, unknown>) => articleInput.safeParse({ ...article, ...over }).success;
const messagesOf = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('article form', () => {
  it('trims, and defaults to published with no tags', () => {
    expect(
      articleInput.parse({
        ...article,
        title: ' Morning walks ',
        excerpt: ' Why walk ',
        content: ' <p>Walk.</p> ',
      }),
    ).toEqual({ ...article, tags: [], status: 'published' });
  });
  it('the form messages', () => {
    const r = articleInput.safeParse({ ...article, title: ' ', excerpt: ' ', content: ' ' });
    expect(messagesOf(r)).toEqual(['Title is required', 'Excerpt is required', 'Content is required']);
  });
  it.each([
    ['title', 200],
    ['excerpt', 600],
    ['author', 120],
    ['description', 320],
    ['source', 120],
  ])('%s: %i characters accepted (after trimming), one more refused', (field, max) => {
    expect(ok({ [field]: ` ${'a'.repeat(max)} ` })).toBe(true);
    expect(ok({ [field]: 'a'.repeat(max + 1) })).toBe(false);
  });
  it('content: up to 200,000 characters after trimming', () => {
    expect(ok({ content: ` ${'c'.repeat(200_000)} ` })).toBe(true);
    expect(ok({ content: 'c'.repeat(200_001) })).toBe(false);
  });
  it.each(['morning-walks', 'a', '10-ways', 'a1-b2-c3'])('slug %s is accepted', (slug) => {
    expect(ok({ slug })).toBe(true);
  });
  it.each(['Morning', '-walk', 'walk-', 'a--b', 'a b', 'café', '../x', 'a/b', `${'s'.repeat(81)}`])(
    'slug %j is refused',
    (slug) => {
      const r = articleInput.safeParse({ ...article, slug });
      expect(r.success).toBe(false);
    },
  );
  it('a bad slug says how to write one; 80 characters is the longest', () => {
    expect(messagesOf(articleInput.safeParse({ ...article, slug: 'Bad Slug' }))).toEqual([
      'Use lower-case letters, numbers and hyphens',
    ]);
    expect(ok({ slug: ` ${'s'.repeat(80)} ` })).toBe(true);
  });
  it('category, status and external URL', () => {
    expect(ok({ category: 'sports' })).toBe(true);
    expect(ok({ category: 'gossip' })).toBe(false);
    expect(ok({ status: 'draft' })).toBe(true);
    expect(ok({ status: 'archived' })).toBe(false);
    expect(ok({ url: 'https://news.example/a', isExternal: true })).toBe(true);
    expect(ok({ url: 'javascript:alert(1)' })).toBe(false);
    expect(ok({ imageUrl: '//evil.example/a.png' })).toBe(false);
  });
});

describe('scheduled articles', () => {
  it('need a publish time; drafts and published ones do not', () => {
    const r = articleInput.safeParse({ ...article, status: 'scheduled' });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['publishedAt', 'Choose when to publish a scheduled article'],
    ]);
    expect(ok({ status: 'scheduled', publishedAt: null })).toBe(false);
    expect(ok({ status: 'scheduled', publishedAt: '2026-12-01T09:00:00Z' })).toBe(true);
    expect(ok({ status: 'draft' })).toBe(true);
    expect(ok({ status: 'published', publishedAt: null })).toBe(true);
  });
});

describe('article list and search queries', () => {
  it('list: 20 by default, 1 to 100, offset 0 to 1,000,000', () => {
    expect(contentListQuery.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(contentListQuery.parse({ limit: '100', offset: '1000000' })).toEqual({
      limit: 100,
      offset: 1_000_000,
    });
    expect(contentListQuery.parse({ limit: '1' }).limit).toBe(1);
    for (const q of [
      { limit: '101' },
      { limit: '0' },
      { offset: '-1' },
      { offset: '1000001' },
      { limit: '2.5' },
    ]) {
      expect(contentListQuery.safeParse(q).success).toBe(false);
    }
  });
  it('list: status filter is draft, published or all; category from the list', () => {
    expect(contentListQuery.parse({ status: 'all', category: 'home' })).toMatchObject({
      status: 'all',
      category: 'home',
    });
    expect(contentListQuery.parse({ status: 'draft' }).status).toBe('draft');
    expect(contentListQuery.safeParse({ status: 'deleted' }).success).toBe(false);
    expect(contentListQuery.safeParse({ category: 'gossip' }).success).toBe(false);
  });
  it('search: 3 to 200 characters after trimming, with the spec message', () => {
    expect(searchQuery.parse({ q: '  tea ' })).toEqual({ q: 'tea' });
    expect(messagesOf(searchQuery.safeParse({ q: ' ab ' }))).toEqual(['Search needs at least 3 characters']);
    expect(searchQuery.safeParse({ q: 'q'.repeat(200) }).success).toBe(true);
    expect(searchQuery.safeParse({ q: 'q'.repeat(201) }).success).toBe(false);
  });
});

describe('contact form', () => {
  const contact = {
    firstName: 'Ada',
    lastName: 'Byron',
    email: 'ada@example.com',
    subject: 'Hello',
    message: 'Hi there',
  };
  it('trims every field', () => {
    const padded = Object.fromEntries(Object.entries(contact).map(([k, v]) => [k, ` ${v} `]));
    expect(contactInput.parse(padded)).toEqual(contact);
  });
  it('the form messages', () => {
    const r = contactInput.safeParse({
      firstName: ' ',
      lastName: ' ',
      email: 'x',
      subject: ' ',
      message: ' ',
    });
    expect(messagesOf(r)).toEqual([
      'First name is required',
      'Last name is required',
      'Please enter a valid email address',
      'Subject is required',
      'Message is required',
    ]);
  });
  it.each([
    ['firstName', 100],
    ['lastName', 100],
    ['subject', 200],
    ['message', 5000],
  ])('%s: %i characters accepted, one more refused', (field, max) => {
    expect(contactInput.safeParse({ ...contact, [field]: 'm'.repeat(max) }).success).toBe(true);
    expect(contactInput.safeParse({ ...contact, [field]: 'm'.repeat(max + 1) }).success).toBe(false);
  });
  it('message status: unread, read or replied', () => {
    expect(messageStatusInput.parse({ status: 'replied' })).toEqual({ status: 'replied' });
    expect(messageStatusInput.safeParse({ status: 'spam' }).success).toBe(false);
  });
});
