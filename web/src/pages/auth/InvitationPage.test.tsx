import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, tableFetcher } from '../../test/render';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const OFFER_PATH = `/api/invitations/${TOKEN}`;
const ACCEPT_PATH = `${OFFER_PATH}/accept`;
const offer = { email: 'wren@example.com', role: 'editor', expiresAt: '2026-07-01T00:00:00.000Z' };
const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Submit stays off until the page's script has run (hydration); a person would wait for it too. */
async function submit() {
  const button = screen.getByRole('button', { name: 'Create my account' }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** /invitation/{token} (issue 42 §6): set names and a password, arrive in /admin signed in. */
describe('Invitation page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the invited email and role; sends names and password only; lands in /admin', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let sent: unknown;
    const f = tableFetcher({
      '/api/auth/user': () => json({ message: 'Not signed in' }, 401),
      [OFFER_PATH]: offer,
      [ACCEPT_PATH]: (init?: RequestInit) => {
        sent = JSON.parse(String(init?.body));
        return json({ email: offer.email, role: 'editor' }, 201);
      },
    });
    renderAt(`/invitation/${TOKEN}`, f);
    await screen.findByRole('heading', { name: 'Accept your invitation' });
    expect(await screen.findByText(/invited to join as an editor/)).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('wren@example.com');
    expect(email.readOnly).toBe(true);
    fill({
      'First name': 'Wren',
      'Last name': 'Writer',
      'Password (at least 8 characters)': 'a-good-password',
    });
    await submit();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin'));
    expect(f.calls).toContain(`POST ${ACCEPT_PATH}`);
    expect(sent).toEqual({ firstName: 'Wren', lastName: 'Writer', password: 'a-good-password' });
  });

  it('checks the fields with the shared schema first and sends nothing while they are wrong', async () => {
    const f = tableFetcher({ '/api/auth/user': () => json({}, 401), [OFFER_PATH]: offer });
    renderAt(`/invitation/${TOKEN}`, f);
    await screen.findByText(/invited to join as an editor/);
    fill({ 'Password (at least 8 characters)': 'short' });
    await submit();
    expect(
      await screen.findByText('Password must be at least 8 characters', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('First name is required')).toBeTruthy();
    // The first wrong field has focus.
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    expect(f.calls.some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('an expired or used link says so plainly, with no form', async () => {
    const message =
      'This invitation has expired or was already used. Ask the person who invited you for a new one.';
    renderAt(
      `/invitation/${TOKEN}`,
      tableFetcher({ '/api/auth/user': () => json({}, 401), [OFFER_PATH]: () => json({ message }, 410) }),
    );
    await screen.findByRole('heading', { name: 'This invitation cannot be used' });
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByLabelText('Password (at least 8 characters)')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/sign-in?returnTo=%2Fadmin',
    );
  });

  it('an unknown link says it is not valid', async () => {
    renderAt(
      `/invitation/${TOKEN}`,
      tableFetcher({
        '/api/auth/user': () => json({}, 401),
        [OFFER_PATH]: () => new Response('', { status: 404 }),
      }),
    );
    await screen.findByRole('heading', { name: 'This invitation cannot be used' });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^This invitation link is not valid/);
  });

  it('a link used elsewhere while the form was open: the message replaces the form and takes focus', async () => {
    const message =
      'This invitation has expired or was already used. Ask the person who invited you for a new one.';
    renderAt(
      `/invitation/${TOKEN}`,
      tableFetcher({
        '/api/auth/user': () => json({}, 401),
        [OFFER_PATH]: offer,
        [ACCEPT_PATH]: () => json({ message }, 410),
      }),
    );
    await screen.findByText(/invited to join as an editor/);
    fill({ 'First name': 'Wren', 'Password (at least 8 characters)': 'a-good-password' });
    await submit();
    const heading = await screen.findByRole('heading', { name: 'This invitation cannot be used' });
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.queryByRole('button', { name: 'Create my account' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it("the server's other refusals (an account exists, too many tries) show above the button", async () => {
    const message =
      'An account with this email exists already. Sign in with it, and ask an admin to give it the role.';
    renderAt(
      `/invitation/${TOKEN}`,
      tableFetcher({
        '/api/auth/user': () => json({}, 401),
        [OFFER_PATH]: offer,
        [ACCEPT_PATH]: () => json({ message }, 409),
      }),
    );
    await screen.findByText(/invited to join as an editor/);
    fill({ 'First name': 'Wren', 'Password (at least 8 characters)': 'a-good-password' });
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Create my account' })).toBeTruthy();
  });
});
