import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, tableFetcher } from '../../test/render';

/** Where GET /api/logout leads (issue 27): a page whose Sign Out button posts; opening it changes nothing. */
describe('Sign-out page', () => {
  it('a signed-in reader gets a Sign Out button that posts to /api/logout, and a way to stay', async () => {
    const f = tableFetcher({ '/api/auth/user': { id: 'u1', email: 'vera@example.com', isAdmin: false } });
    renderAt('/sign-out', f);
    await screen.findByRole('heading', { name: 'Sign out?' });
    expect(screen.getByText('Signed in as vera@example.com.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Sign Out' });
    expect(button.getAttribute('type')).toBe('submit');
    const form = button.closest('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/api/logout');
    expect(screen.getByRole('link', { name: 'Stay signed in' }).getAttribute('href')).toBe('/');
    // Showing the page sent nothing but reads.
    expect(f.calls.every((c) => c.startsWith('GET '))).toBe(true);
  });

  it('an anonymous visitor is told they are signed out, with a link home', async () => {
    renderAt('/sign-out', tableFetcher({ '/api/auth/user': () => new Response('{}', { status: 401 }) }));
    await screen.findByRole('heading', { name: "You're signed out" });
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });
});
