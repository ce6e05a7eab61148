import { describe, expect, it } from 'vitest';
import { adminFlagInput, signInInput, signUpInput, userRoleInput } from './user';

const signUp = { firstName: 'Maya', email: 'maya@example.com', password: 'longenough' };
const message = (schema: typeof signUpInput | typeof signInInput, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? '' : r.error.issues[0]?.message;
};

describe('sign-up form', () => {
  it('trims names and email; last name defaults to empty', () => {
    expect(signUpInput.parse({ ...signUp, firstName: ' Maya ', email: ' maya@example.com ' })).toEqual({
      ...signUp,
      lastName: '',
    });
  });
  it('trims the last name', () => {
    expect(signUpInput.parse({ ...signUp, lastName: ' Stone ' }).lastName).toBe('Stone');
  });
  it('shows the form messages', () => {
    expect(message(signUpInput, { ...signUp, firstName: ' ' })).toBe('First name is required');
    expect(message(signUpInput, { ...signUp, email: 'maya' })).toBe('Please enter a valid email address');
    expect(message(signUpInput, { ...signUp, password: '1234567' })).toBe(
      'Password must be at least 8 characters',
    );
  });
  it('password: 8 to 128 characters; names up to 100', () => {
    expect(signUpInput.safeParse({ ...signUp, password: '12345678' }).success).toBe(true);
    expect(signUpInput.safeParse({ ...signUp, password: 'p'.repeat(128) }).success).toBe(true);
    expect(signUpInput.safeParse({ ...signUp, password: 'p'.repeat(129) }).success).toBe(false);
    expect(signUpInput.safeParse({ ...signUp, firstName: 'n'.repeat(100) }).success).toBe(true);
    expect(signUpInput.safeParse({ ...signUp, firstName: 'n'.repeat(101) }).success).toBe(false);
    expect(signUpInput.safeParse({ ...signUp, lastName: 'n'.repeat(100) }).success).toBe(true);
    expect(signUpInput.safeParse({ ...signUp, lastName: 'n'.repeat(101) }).success).toBe(false);
  });
  it('email: at most 254 characters', () => {
    const email = (n: number) => `${'a'.repeat(n - 12)}@example.com`;
    expect(signUpInput.safeParse({ ...signUp, email: email(255) }).success).toBe(false);
  });
});

describe('sign-in form', () => {
  it('needs a valid email and a password (not checked for length beyond 128)', () => {
    expect(signInInput.parse({ email: ' a@b.co ', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
    });
    expect(message(signInInput, { email: 'a@b.co', password: '' })).toBe('Password is required');
    expect(message(signInInput, { email: 'nope', password: 'x' })).toBe('Please enter a valid email address');
    expect(signInInput.safeParse({ email: 'a@b.co', password: 'p'.repeat(128) }).success).toBe(true);
    expect(signInInput.safeParse({ email: 'a@b.co', password: 'p'.repeat(129) }).success).toBe(false);
  });
});

describe('admin flag', () => {
  it('must be a real boolean', () => {
    expect(adminFlagInput.parse({ isAdmin: true })).toEqual({ isAdmin: true });
    expect(adminFlagInput.safeParse({ isAdmin: 'true' }).success).toBe(false);
    expect(adminFlagInput.safeParse({}).success).toBe(false);
  });
});

describe('staff role (issue 42)', () => {
  it('is one of the four roles or null; anything else is refused with a plain message', () => {
    for (const role of ['contributor', 'author', 'editor', 'admin', null]) {
      expect(userRoleInput.parse({ role })).toEqual({ role });
    }
    for (const role of ['owner', 'Admin', '', 1, undefined]) {
      expect(userRoleInput.safeParse({ role }).success, String(role)).toBe(false);
    }
    expect(userRoleInput.safeParse({ role: 'owner' }).error?.issues[0]?.message).toBe(
      'Role must be contributor, author, editor, admin or null',
    );
  });
});
