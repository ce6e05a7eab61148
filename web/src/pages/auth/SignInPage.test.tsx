import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, tableFetcher } from '../../test/render';

const api = () =>
  tableFetcher({
    '/api/auth/user': () => new Response('{}', { status: 401 }),
    '/api/auth/sign-in/email': () =>
      new Response(JSON.stringify({ message: 'Invalid email or password' }), { status: 401 }),
  });

/** Submit stays off until the page's script has run (hydration); a person would wait for it too. */
async function submit(name: string) {
  const button = screen.getByRole('button', { name }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

describe('Sign-in page', () => {
  it('a reader who is already signed in is told so, with Continue (to returnTo) and Sign Out, not the form', async () => {
    renderAt(
      '/sign-in?returnTo=%2Frecipes',
      tableFetcher({ '/api/auth/user': { id: 'u1', email: 'vera@example.com', isAdmin: false } }),
    );
    await screen.findByRole('heading', { name: "You're signed in" });
    expect(screen.getByText('Signed in as vera@example.com.')).toBeTruthy();
    const main = screen.getByRole('heading', { name: "You're signed in" }).closest('section') as HTMLElement;
    expect(main.querySelector('a[href="/recipes"]')?.textContent).toBe('Continue');
    const signOut = main.querySelector('form[method="post"][action="/api/logout"] button[type="submit"]');
    expect(signOut?.textContent).toBe('Sign Out');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('checks the form with the shared schema (loaded on first use) and sends nothing while it is wrong', async () => {
    const f = api();
    renderAt('/sign-in', f);
    await screen.findByRole('heading', { name: 'Welcome back' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    await submit('Sign In');
    // The first use loads the schema chunk (in tests: transforms zod), so allow it time.
    expect(
      await screen.findByText('Please enter a valid email address', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(f.calls.some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('sign-up needs a password of 8 or more characters', async () => {
    const f = api();
    renderAt('/sign-in?mode=sign-up', f);
    await screen.findByRole('heading', { name: 'Create your account' });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    await submit('Create account');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(f.calls.some((c) => c.startsWith('POST'))).toBe(false);
  });

  it("a valid form is sent, and the server's refusal is shown", async () => {
    const f = api();
    renderAt('/sign-in', f);
    await screen.findByRole('heading', { name: 'Welcome back' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    await submit('Sign In');
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(f.calls).toContain('POST /api/auth/sign-in/email');
  });

  it('sign-up then signs in with the same details (sign-up opens no session, issue 27 §3), then goes back', async () => {
    const f = tableFetcher({
      '/api/auth/user': () => new Response('{}', { status: 401 }),
      '/api/auth/sign-up/email': { token: null, user: { id: 'x', email: 'ada@example.com' } },
      '/api/auth/sign-in/email': () =>
        new Response(JSON.stringify({ message: 'Invalid email or password' }), { status: 401 }),
    });
    renderAt('/sign-in?mode=sign-up&returnTo=%2Frecipes', f);
    await screen.findByRole('heading', { name: 'Create your account' });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-password' } });
    await submit('Create account');
    // The address already had an account with another password: said without a new way to probe.
    expect(
      await screen.findByText(/If you already have an account with this email, sign in with its password/),
    ).toBeTruthy();
    expect(f.calls.filter((c) => c.startsWith('POST'))).toEqual([
      'POST /api/auth/sign-up/email',
      'POST /api/auth/sign-in/email',
    ]);
  });

  it('sign-up shows every error at once, each beside its field and marked invalid, and focuses the first (issue 26)', async () => {
    const f = api();
    renderAt('/sign-in?mode=sign-up', f);
    await screen.findByRole('heading', { name: 'Create your account' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    await submit('Create account');
    const first = screen.getByLabelText('First name');
    await waitFor(() => expect(first.getAttribute('aria-invalid')).toBe('true'), { timeout: 10_000 });
    const described = (label: string) => {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid'), label).toBe('true');
      return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    };
    expect(described('First name')).toBe('First name is required');
    expect(described('Email')).toBe('Please enter a valid email address');
    expect(described('Password')).toBe('Password must be at least 8 characters');
    expect(screen.getByLabelText('Last name').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(first);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(f.calls.some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('an email already taken is said beside the email field', async () => {
    const f = tableFetcher({
      '/api/auth/user': () => new Response('{}', { status: 401 }),
      '/api/auth/sign-up/email': () =>
        new Response(JSON.stringify({ message: 'User already exists. Use another email.' }), { status: 422 }),
    });
    renderAt('/sign-in?mode=sign-up', f);
    await screen.findByRole('heading', { name: 'Create your account' });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-1' } });
    await submit('Create account');
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'User already exists. Use another email.',
    );
  });
});

describe('Sign-in page: the code step of two-step sign-in (issue 42 §4)', () => {
  afterEach(() => vi.restoreAllMocks());

  /** better-auth's answers: the password step asks for a code; the app's code is 123456, one backup code works once. */
  function twoStepApi() {
    const sent: Array<{ path: string; body: unknown }> = [];
    let backupLeft = true;
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    const f = tableFetcher({
      '/api/auth/user': () => new Response('{}', { status: 401 }),
      '/api/auth/sign-in/email': () => json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] }),
      '/api/auth/two-factor/verify-totp': (init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        sent.push({ path: 'verify-totp', body });
        return body.code === '123456'
          ? json({ token: 't' })
          : json({ code: 'INVALID_CODE', message: 'Invalid code' }, 401);
      },
      '/api/auth/two-factor/verify-backup-code': (init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        sent.push({ path: 'verify-backup-code', body });
        if (body.code === 'abcde-12345' && backupLeft) {
          backupLeft = false;
          return json({ token: 't' });
        }
        return json({ code: 'INVALID_BACKUP_CODE', message: 'Invalid backup code' }, 401);
      },
    });
    return { f, sent };
  }

  async function passwordStep(f: ReturnType<typeof tableFetcher>) {
    renderAt('/sign-in?returnTo=%2Fadmin', f);
    await screen.findByRole('heading', { name: 'Welcome back' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-password' } });
    await submit('Sign In');
    await screen.findByRole('heading', { name: 'Two-step sign-in' }, { timeout: 10_000 });
  }

  it('asks for the code after the password; a wrong code is refused, the right one (and "trust this device") signs in and goes back', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { f, sent } = twoStepApi();
    await passwordStep(f);
    const code = screen.getByLabelText('Code');
    expect(document.activeElement).toBe(code);
    expect(screen.queryByLabelText('Password')).toBeNull();

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right. Check the app and try again.',
    );
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(assign).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByLabelText('Trust this device for 30 days'));
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin'));
    expect(sent).toEqual([
      { path: 'verify-totp', body: { code: '654321', trustDevice: false } },
      { path: 'verify-totp', body: { code: '123456', trustDevice: true } },
    ]);
  });

  it('takes a backup code in the same field; a used one is refused', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { f, sent } = twoStepApi();
    await passwordStep(f);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'abcde-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin'));
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That backup code is not right, or it was used already.',
    );
    expect(sent.map((s) => s.path)).toEqual(['verify-backup-code', 'verify-backup-code']);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('a challenge that timed out goes back to the password, saying why', async () => {
    const f = tableFetcher({
      '/api/auth/user': () => new Response('{}', { status: 401 }),
      '/api/auth/sign-in/email': () =>
        new Response(JSON.stringify({ twoFactorRedirect: true }), { status: 200 }),
      '/api/auth/two-factor/verify-totp': () =>
        new Response(
          JSON.stringify({ code: 'INVALID_TWO_FACTOR_COOKIE', message: 'Invalid two factor cookie' }),
          {
            status: 401,
          },
        ),
    });
    await passwordStep(f);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('That sign-in took too long. Please sign in again.');
  });
});
