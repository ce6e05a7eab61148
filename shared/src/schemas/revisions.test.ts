import { describe, expect, it } from 'vitest';
import { issueLines } from './zod-issues';
import {
  REVISION_KINDS,
  articleAutosaveInput,
  articleDraft,
  revisionParams,
  revisionRestoreInput,
} from './revisions';

const issues = issueLines;

describe('an article draft (autosave, issue 31 §4)', () => {
  it('unfinished work is kept: an empty form is a draft with every text empty', () => {
    expect(articleDraft.parse({})).toEqual({
      title: '',
      excerpt: '',
      content: '',
      tags: '',
      slug: '',
      author: '',
      description: '',
      publishAt: '',
    });
  });

  it('keeps what was typed, a category and a status from the lists, and a picture reference', () => {
    const typed = {
      title: 'Half a title',
      excerpt: 'e',
      content: '<p>body</p>',
      category: 'wellness',
      tags: 'a, b',
      slug: 'half-a-title',
      status: 'draft',
      author: 'Ada',
      description: 'd',
      imageUrl: '/uploads/x.webp',
      publishAt: '2026-12-01T10:00',
    };
    expect(articleDraft.parse(typed)).toEqual(typed);
    expect(articleDraft.parse({ imageUrl: null }).imageUrl).toBeNull();
    expect(issues(articleDraft.safeParse({ category: 'gossip' }))[0]).toMatch(/^category: /);
    expect(issues(articleDraft.safeParse({ status: 'lost' }))[0]).toMatch(/^status: /);
    expect(issues(articleDraft.safeParse({ imageUrl: 'javascript:alert(1)' }))[0]).toMatch(/^imageUrl: /);
  });

  it('the sizes of a save still hold, to the character', () => {
    const limits = {
      title: 200,
      excerpt: 600,
      content: 200_000,
      tags: 1000,
      slug: 80,
      author: 120,
      description: 320,
      publishAt: 40,
    } as const;
    for (const [field, max] of Object.entries(limits)) {
      expect(articleDraft.safeParse({ [field]: 'x'.repeat(max) }).success, field).toBe(true);
      expect(issues(articleDraft.safeParse({ [field]: 'x'.repeat(max + 1) }))[0], field).toMatch(
        new RegExp(`^${field}: `),
      );
    }
  });

  it('hostile bytes are refused in a draft as in a save', () => {
    expect(articleDraft.safeParse({ title: 'a\u0000b' }).success).toBe(false);
  });
});

describe('the autosave and restore bodies', () => {
  it('an autosave names the version it was made from, with its offset, or none for a new article', () => {
    expect(articleAutosaveInput.parse({ draft: {} }).baseUpdatedAt).toBeUndefined();
    expect(
      articleAutosaveInput.parse({ draft: {}, baseUpdatedAt: '2026-12-01T10:00:00.000Z' }).baseUpdatedAt,
    ).toBe('2026-12-01T10:00:00.000Z');
    expect(issues(articleAutosaveInput.safeParse({ draft: {}, baseUpdatedAt: 'yesterday' }))[0]).toMatch(
      /^baseUpdatedAt: /,
    );
    expect(issues(articleAutosaveInput.safeParse({}))[0]).toMatch(/^draft: /);
  });

  it('a restore is a save: it carries the loaded version', () => {
    expect(revisionRestoreInput.parse({ updatedAt: '2026-12-01T10:00:00+01:00' })).toEqual({
      updatedAt: '2026-12-01T10:00:00+01:00',
    });
    expect(issues(revisionRestoreInput.safeParse({ updatedAt: '2026-12-01' }))[0]).toMatch(/^updatedAt: /);
  });

  it('the article and revision ids in the address are positive whole numbers', () => {
    expect(revisionParams.parse({ id: '12', revisionId: '7' })).toEqual({ id: 12, revisionId: 7 });
    expect(issues(revisionParams.safeParse({ id: '12', revisionId: '0' }))[0]).toMatch(/^revisionId: /);
    expect(issues(revisionParams.safeParse({ id: 'x', revisionId: '1' }))[0]).toMatch(/^id: /);
  });

  it('three kinds of revision: the first save, a save, a restore', () => {
    expect([...REVISION_KINDS]).toEqual(['create', 'save', 'restore']);
  });
});
