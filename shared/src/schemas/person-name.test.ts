import { describe, expect, it } from 'vitest';
import { contactInput } from './contact';
import { storyInput } from './content-misc';
import { newsletterSubscribeInput } from './newsletter';
import { looksLikeWebAddress, mailSafeName, personName } from './person-name';
import { signUpInput, signUpNamesInput, updateUserInput } from './user';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('a person name (issue 40)', () => {
  const name = personName(100, 'Name is required');

  it('trims and collapses spaces and tabs; keeps letters of any script, hyphens, apostrophes, dots', () => {
    expect(name.parse('  Mary \t Ann  ')).toBe('Mary Ann');
    for (const ok of ["O'Brien", 'Jean-Luc', 'J. R. R.', 'Zoë', '李雷', 'Mary.Ann', 'St.John'])
      expect(name.parse(ok)).toBe(ok);
  });

  it.each(['\r\n', '\n', '\r', '\u0085', '\u2028', '\u2029'])('refuses a line break (%j)', (b) => {
    expect(messages(name.safeParse(`Ann${b}Lee`))).toEqual(['Must be on one line']);
  });

  it('refuses control characters, C0 and C1', () => {
    expect(name.safeParse('Ann\u0000').success).toBe(false);
    expect(messages(name.safeParse('Ann\u009b31m'))).toEqual(['Must not contain control characters']);
  });

  it.each([
    'Win at https://evil.example/win',
    'http://x',
    'ftp://files',
    'mailto:me',
    'www.evil.example',
    'evil.example/win',
    'sub.evil.co.uk/path',
    'prize@evil.example',
  ])('refuses text that reads as a link: %s', (s) => {
    expect(looksLikeWebAddress(s)).toBe(true);
    expect(messages(name.safeParse(s))).toEqual(['Must not contain a web or email address']);
  });

  it('required and length messages', () => {
    expect(messages(name.safeParse('   '))).toEqual(['Name is required']);
    expect(name.safeParse('n'.repeat(100)).success).toBe(true);
    expect(name.safeParse('n'.repeat(101)).success).toBe(false);
    expect(personName(100).parse('')).toBe('');
  });

  it('every form that takes a name uses the rule', () => {
    const bad = 'Ann\nLee';
    expect(newsletterSubscribeInput.safeParse({ firstName: bad }).success).toBe(false);
    const contact = { firstName: 'A', lastName: 'B', email: 'a@b.co', subject: 'S', message: 'M\nN' };
    expect(contactInput.safeParse(contact).success).toBe(true);
    expect(contactInput.safeParse({ ...contact, lastName: bad }).success).toBe(false);
    const signUp = { firstName: 'Maya', email: 'maya@example.com', password: 'longenough' };
    expect(signUpInput.safeParse({ ...signUp, firstName: bad }).success).toBe(false);
    expect(signUpNamesInput.safeParse({ name: 'www.evil.example' }).success).toBe(false);
    expect(signUpNamesInput.safeParse({ name: 'Maya Lee', firstName: 'Maya', email: 'x' }).success).toBe(
      true,
    );
    expect(updateUserInput.safeParse({ name: bad }).success).toBe(false);
    expect(storyInput.safeParse({ name: 'https://evil.example/' }).success).toBe(false);
  });
});

describe('a stored name in a mail', () => {
  it('is one line, and none at all when it holds an address', () => {
    expect(mailSafeName('Ann\r\nLee')).toBe('Ann Lee');
    expect(mailSafeName('Ann\u2028\u2029Lee\u0085')).toBe('Ann Lee');
    expect(mailSafeName('Win at https://evil.example/win')).toBeNull();
    expect(mailSafeName(' \n ')).toBeNull();
    expect(mailSafeName(null)).toBeNull();
    expect(mailSafeName('x'.repeat(300))).toHaveLength(100);
  });
});
