import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../schemas/user';
import { allowed, PERMISSION_RULES, STAFF_ACTIONS } from './permissions';

const own = { ownerId: 'me', userId: 'me' };
const theirs = { ownerId: 'them', userId: 'me' };
const nobodys = { ownerId: null, userId: 'me' };

describe('the permission table (issue 42)', () => {
  it('admins may do everything; readers nothing', () => {
    expect(STAFF_ACTIONS.length).toBe(Object.keys(PERMISSION_RULES).length);
    for (const action of STAFF_ACTIONS) {
      for (const owner of [undefined, own, theirs, nobodys]) {
        expect(allowed('admin', action, owner), action).toBe(true);
        expect(allowed(null, action, owner), action).toBe(false);
        expect(allowed(undefined, action, owner), action).toBe(false);
      }
    }
  });

  it('each role may do what the one before it may', () => {
    for (const action of STAFF_ACTIONS) {
      for (const owner of [undefined, own, theirs, nobodys]) {
        const answers = STAFF_ROLES.map((role) => allowed(role, action, owner));
        // Once allowed, every higher role is allowed too.
        expect(
          answers.indexOf(true) === -1 || answers.slice(answers.indexOf(true)).every(Boolean),
          action,
        ).toBe(true);
      }
    }
  });

  it('judges an item by its owner: own at the "own" level, anyone else’s (or nobody’s) at "any"', () => {
    expect(allowed('contributor', 'article.edit', own)).toBe(true);
    expect(allowed('contributor', 'article.edit', theirs)).toBe(false);
    expect(allowed('contributor', 'article.edit', nobodys)).toBe(false);
    expect(allowed('contributor', 'article.publish', own)).toBe(false);
    expect(allowed('author', 'article.publish', own)).toBe(true);
    expect(allowed('author', 'article.delete', theirs)).toBe(false);
    expect(allowed('editor', 'article.delete', theirs)).toBe(true);
    expect(allowed('editor', 'article.delete', nobodys)).toBe(true);
    // No item: judged at the "own" level.
    expect(allowed('contributor', 'article.edit')).toBe(true);
    expect(allowed('author', 'article.bulk')).toBe(false);
    expect(allowed('editor', 'newsletter.draft')).toBe(true);
    expect(allowed('editor', 'newsletter.send')).toBe(false);
    expect(allowed('editor', 'audit.view')).toBe(false);
    expect(allowed('contributor', 'account.manage')).toBe(true);
  });
});
