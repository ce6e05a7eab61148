import { describe, expect, it } from 'vitest';
import { articleInput } from './article';
import { httpUrl, imageRef } from './common';
import { contactInput } from './contact';
import { storyInput } from './content-misc';
import { productInput } from './shop';

describe('shared schemas', () => {
  it('httpUrl accepts only http(s)', () => {
    expect(httpUrl.safeParse('https://shop.example/x?y=1').success).toBe(true);
    expect(httpUrl.safeParse('javascript:alert(1)').success).toBe(false);
    expect(httpUrl.safeParse('ftp://x.example').success).toBe(false);
    expect(httpUrl.safeParse('not a url').success).toBe(false);
  });
  it('imageRef accepts site paths and http(s) URLs only', () => {
    expect(imageRef.safeParse('/uploads/a1.webp').success).toBe(true);
    expect(imageRef.safeParse('https://cdn.example/a.png').success).toBe(true);
    expect(imageRef.safeParse('//evil.example/a.png').success).toBe(false);
    expect(imageRef.safeParse('data:image/png;base64,xx').success).toBe(false);
  });
  it('article form: title, excerpt and content required', () => {
    const r = articleInput.safeParse({ title: ' ', excerpt: '', content: '', category: 'wellness' });
    expect(r.success).toBe(false);
    const paths = r.success ? [] : r.error.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(['title', 'excerpt', 'content']));
  });
  it('product price: numeric, at most 2 decimals, sent as a number', () => {
    expect(productInput.parse({ title: 't', description: 'd', price: '12.5' }).price).toBe(12.5);
    expect(productInput.safeParse({ title: 't', description: 'd', price: '12.555' }).success).toBe(false);
    expect(productInput.safeParse({ title: 't', description: 'd', price: 'abc' }).success).toBe(false);
  });
  it('contact form: all five fields required, email format', () => {
    const ok = { firstName: 'A', lastName: 'B', email: 'a@b.co', subject: 'S', message: 'M' };
    expect(contactInput.safeParse(ok).success).toBe(true);
    expect(contactInput.safeParse({ ...ok, email: 'nope' }).success).toBe(false);
    expect(contactInput.safeParse({ ...ok, subject: '' }).success).toBe(false);
    expect(contactInput.safeParse({ ...ok, website: 'spam' }).success).toBe(false);
  });
  it('an empty email says it is required; a malformed one that it is invalid (contact, story, sign-up)', () => {
    const ok = { firstName: 'A', lastName: 'B', email: 'a@b.co', subject: 'S', message: 'M' };
    const emailMessages = (email: string) =>
      (contactInput.safeParse({ ...ok, email }).error?.issues ?? [])
        .filter((i) => i.path[0] === 'email')
        .map((i) => i.message);
    expect(emailMessages('')).toEqual(['Email is required']);
    expect(emailMessages('   ')).toEqual(['Email is required']);
    expect(emailMessages('nope')).toEqual(['Please enter a valid email address']);
    expect(
      storyInput.safeParse({ email: '' }).error?.issues.find((i) => i.path[0] === 'email')?.message,
    ).toBe('Email is required');
  });
});
