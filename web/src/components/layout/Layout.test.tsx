import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, tableFetcher } from '../../test/render';
import { isActive } from './nav';

const user = (extra: Record<string, unknown> = {}) => ({
  id: 'u1',
  email: 'zoe@example.com',
  firstName: 'maya',
  lastName: 'Stone',
  isAdmin: false,
  profileImageUrl: null,
  createdAt: '2025-01-01T00:00:00Z',
  ...extra,
});

describe('site chrome (spec §2 Shared chrome)', () => {
  it('active rules: a link is active when the path starts with it; home only exactly', () => {
    expect(isActive('/', '/')).toBe(true);
    expect(isActive('/', '/wellness')).toBe(false);
    expect(isActive('/wellness', '/wellness')).toBe(true);
    expect(isActive('/shop', '/shop/3')).toBe(true);
    expect(isActive('/style', '/wellness')).toBe(false);
  });

  it('marks the current nav item and shows Sign In (to /api/login) when anonymous', async () => {
    renderAt('/privacy', tableFetcher({}));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Wellness', 'Style', 'Career', 'Recipes', 'Shop', 'Contact']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    const signIn = await screen.findByRole('link', { name: 'Sign In' });
    expect(signIn.getAttribute('href')).toMatch(/^\/api\/login/);
  });

  it('signed in: avatar letter from firstName; menu has Home and Sign Out but no Admin Dashboard for non-admins', async () => {
    renderAt('/privacy', tableFetcher({ '/api/auth/user': user() }));
    expect((await screen.findByTestId('avatar')).textContent).toBe('M');
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Home' }).getAttribute('href')).toBe('/');
    // Sign Out posts (no GET changes state): a submit button in a form to /api/logout.
    const signOut = within(menu).getByRole('menuitem', { name: 'Sign Out' });
    expect(signOut.getAttribute('type')).toBe('submit');
    const form = signOut.closest('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/api/logout');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('staff see Admin Dashboard (an editor too: issue 42); avatar falls back to the email letter, then U', async () => {
    renderAt('/privacy', tableFetcher({ '/api/auth/user': user({ role: 'editor', firstName: null }) }));
    expect((await screen.findByTestId('avatar')).textContent).toBe('Z');
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'Admin Dashboard' }).getAttribute('href')).toBe('/admin');
  });

  it('mobile drawer has the same links plus Sign In, and closes when a link is chosen', async () => {
    renderAt('/privacy', tableFetcher({}));
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Sign In' })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('link', { name: 'Contact' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });

  it('footer: exact links and labels, affiliate disclosure, copyright 2025', () => {
    renderAt('/privacy', tableFetcher({}));
    const footer = screen.getByRole('contentinfo');
    const expected: [string, string][] = [
      ['/news/wellness', 'Wellness & Self-Care'],
      ['/news/style', 'Style & Fashion'],
      ['/recipes', 'Nutrition & Recipes'],
      ['/contact', 'Contact Us'],
      ['/shop', 'Shop'],
      ['/news/career', 'Career & Creativity'],
      ['/news/community', 'Community'],
      ['/recipes', 'Healthy Recipes'],
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms & Conditions'],
      ['/cookie-policy', 'Cookie Policy'],
    ];
    for (const [href, label] of expected) {
      expect(within(footer).getByRole('link', { name: label }).getAttribute('href'), label).toBe(href);
    }
    expect(within(footer).getByTestId('affiliate-disclosure').textContent).toMatch(
      /affiliate links.*commission at no extra cost to you/,
    );
    expect(footer.textContent).toContain('© 2025 Bloom & Balance');
  });
});
