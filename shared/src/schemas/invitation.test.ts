import { describe, expect, it } from 'vitest';
import { issueLines } from './zod-issues';
import { acceptInvitationInput, INVITATION_DAYS, invitationInput } from './invitation';

const issues = issueLines;

describe('staff invitations (issue 42 §6)', () => {
  it('an invitation names an address and one of the four staff roles', () => {
    for (const role of ['contributor', 'author', 'editor', 'admin']) {
      expect(invitationInput.parse({ email: ' new@example.com ', role })).toEqual({
        email: 'new@example.com',
        role,
      });
    }
    expect(issues(invitationInput.safeParse({ email: 'new@example.com', role: 'owner' }))).toEqual([
      'role: Role must be contributor, author, editor or admin',
    ]);
    expect(issues(invitationInput.safeParse({ email: 'new@example.com', role: null }))).toEqual([
      'role: Role must be contributor, author, editor or admin',
    ]);
    expect(issues(invitationInput.safeParse({ email: 'not an address', role: 'author' }))).toEqual([
      'email: Please enter a valid email address',
    ]);
  });

  it('accepting one takes a name and a password, never the address or the role', () => {
    expect(
      acceptInvitationInput.parse({
        firstName: ' Ada ',
        password: 'correct-horse',
        email: 'other@example.com',
        role: 'admin',
      }),
    ).toEqual({ firstName: 'Ada', lastName: '', password: 'correct-horse' });
    expect(issues(acceptInvitationInput.safeParse({ firstName: 'Ada', password: 'short' }))).toEqual([
      'password: Password must be at least 8 characters',
    ]);
    expect(issues(acceptInvitationInput.safeParse({ firstName: '', password: 'correct-horse' }))).toEqual([
      'firstName: First name is required',
    ]);
  });

  it('a link works for a week', () => {
    expect(INVITATION_DAYS).toBe(7);
  });
});
