import { describe, expect, it } from 'vitest';
import { issueLines } from './zod-issues';
import { AUDIT_ACTIONS, AUDIT_PAGE_MAX, auditFilter, auditListQuery } from './audit';

const issues = issueLines;

describe('the audit log filters (GET /api/admin/audit)', () => {
  it('no filter is every entry; blanks and spaces mean no filter', () => {
    expect(auditFilter.parse({})).toEqual({});
    expect(auditFilter.parse({ actor: '   ', itemType: '', itemId: ' ' })).toEqual({
      actor: undefined,
      itemType: undefined,
      itemId: undefined,
    });
  });

  it('text filters are trimmed and bounded', () => {
    expect(auditFilter.parse({ actor: '  ada@example.com ', itemType: ' article ', itemId: ' 42 ' })).toEqual(
      {
        actor: 'ada@example.com',
        itemType: 'article',
        itemId: '42',
      },
    );
    expect(auditFilter.parse({ actor: `${'a'.repeat(308)}@example.com` }).actor).toHaveLength(320);
    expect(issues(auditFilter.safeParse({ actor: `${'a'.repeat(309)}@example.com` }))[0]).toMatch(/^actor: /);
    expect(auditFilter.parse({ itemType: 't'.repeat(40) }).itemType).toHaveLength(40);
    expect(issues(auditFilter.safeParse({ itemType: 't'.repeat(41) }))[0]).toMatch(/^itemType: /);
    expect(auditFilter.parse({ itemId: '9'.repeat(100) }).itemId).toHaveLength(100);
    expect(issues(auditFilter.safeParse({ itemId: '9'.repeat(101) }))[0]).toMatch(/^itemId: /);
  });

  it('an action is one the log records, every one of them', () => {
    for (const action of AUDIT_ACTIONS) expect(auditFilter.parse({ action }).action).toBe(action);
    expect(AUDIT_ACTIONS).toContain('article.publish');
    expect(AUDIT_ACTIONS).toContain('2fa.disable');
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    expect(issues(auditFilter.safeParse({ action: 'article.steal' }))).toEqual(['action: Unknown action']);
  });

  it('days are real dates, From on or before To (one day is a range)', () => {
    expect(auditFilter.parse({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(auditFilter.parse({ from: '2026-03-01' })).toEqual({ from: '2026-03-01' });
    expect(auditFilter.parse({ to: '2026-03-01' })).toEqual({ to: '2026-03-01' });
    expect(issues(auditFilter.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toEqual([
      'to: From must be on or before To',
    ]);
    expect(issues(auditFilter.safeParse({ from: '2026-02-30' }))).toEqual([
      'from: Must be a real calendar date',
    ]);
  });
});

describe('the audit log pages', () => {
  it('50 entries a page unless asked, at most 200, from query strings', () => {
    expect(auditListQuery.parse({})).toEqual({ limit: 50 });
    expect(auditListQuery.parse({ limit: '1', before: '17' })).toEqual({ limit: 1, before: 17 });
    expect(auditListQuery.parse({ limit: String(AUDIT_PAGE_MAX) }).limit).toBe(200);
    for (const limit of ['0', '201', '1.5', 'ten']) {
      expect(issues(auditListQuery.safeParse({ limit }))[0], limit).toMatch(/^limit: /);
    }
  });

  it('"before" is a positive whole id no larger than a safe integer', () => {
    expect(auditListQuery.parse({ before: String(Number.MAX_SAFE_INTEGER) }).before).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    for (const before of ['0', '-3', '2.5', '9007199254740993', 'x']) {
      expect(issues(auditListQuery.safeParse({ before }))[0], before).toMatch(/^before: /);
    }
  });

  it('the filters apply to a page too', () => {
    expect(issues(auditListQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toEqual([
      'to: From must be on or before To',
    ]);
    expect(auditListQuery.parse({ actor: ' x ', limit: '5' })).toEqual({ actor: 'x', limit: 5 });
  });
});
