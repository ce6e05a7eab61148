import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, renderAdmin } from './test-utils';

describe('admin access (spec §2 Admin, DESIGN.md §3 stricter reading)', () => {
  it('anonymous: "Admin Login Required", toast "Admin Access Required", sign-in after 2 s', async () => {
    const started = Date.now();
    const { platform } = renderAdmin('/admin', {
      'GET /api/auth/user': () => Response.json({ message: 'Not signed in' }, { status: 401 }),
    });
    expect(await screen.findByRole('heading', { name: 'Admin Login Required' })).toBeTruthy();
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Admin Access Required')).toBeTruthy();
    expect(within(toast).getByText('Please log in to access the admin panel. Redirecting...')).toBeTruthy();
    expect(platform.signIn).not.toHaveBeenCalled();
    await waitFor(() => expect(platform.signIn).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    // The anonymous check is not a "logged out" 401.
    expect(screen.queryByText('You are logged out. Logging in again...')).toBeNull();
  });

  it('signed in without a staff role: "Access Denied", home after 1.5 s, no admin data fetched', async () => {
    const started = Date.now();
    const { platform, api } = renderAdmin('/admin', {
      'GET /api/auth/user': { ...adminUser, isAdmin: false, role: null },
    });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    await waitFor(() => expect(platform.goHome).toHaveBeenCalledTimes(1), { timeout: 2500 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(platform.signIn).not.toHaveBeenCalled();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/auth/user']);
  });

  it('admin: "Admin Dashboard - Manage your content and users" with the 8 tabs, the Newsletter and the Audit log, Articles by default', async () => {
    renderAdmin('/admin', { 'GET /api/admin/content': [] });
    expect(
      await screen.findByRole('heading', { name: 'Admin Dashboard - Manage your content and users' }),
    ).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual([
      'Articles',
      'Products',
      'Recipes',
      'Categories',
      'Users',
      'Messages',
      'RSS Feeds',
      'AI Content',
      'Newsletter',
      'Audit',
    ]);
    expect(screen.getByRole('tab', { name: 'Articles' }).getAttribute('aria-selected')).toBe('true');
  });

  it('a contributor gets the dashboard with the Articles tab only, and asks for no alerts or inbox counts', async () => {
    const { api } = renderAdmin('/admin?tab=users', {
      'GET /api/auth/user': { ...adminUser, isAdmin: false, role: 'contributor' },
      'GET /api/admin/content': [],
    });
    await screen.findByRole('heading', { name: 'Admin Dashboard - Manage your content and users' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Articles']);
    // ?tab=users names a tab the role may not use: Articles opens instead.
    expect(screen.getByRole('tab', { name: 'Articles' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Users' })).toBeNull();
    const paths = api.calls.map((c) => c.path.split('?')[0]);
    for (const refused of ['/api/admin/users', '/api/admin/alerts', '/api/admin/contact-messages/counts']) {
      expect(paths).not.toContain(refused);
    }
  });

  it('an editor gets every tab but Users and Audit (the Newsletter without its admin parts)', async () => {
    renderAdmin('/admin', {
      'GET /api/auth/user': { ...adminUser, isAdmin: false, role: 'editor' },
      'GET /api/admin/content': [],
    });
    await screen.findByRole('heading', { name: 'Admin Dashboard - Manage your content and users' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Articles',
      'Products',
      'Recipes',
      'Categories',
      'Messages',
      'RSS Feeds',
      'AI Content',
      'Newsletter',
    ]);
  });

  it('an editor sent to ?tab=audit gets Articles, and the audit log is never asked for', async () => {
    const { api } = renderAdmin('/admin?tab=audit', {
      'GET /api/auth/user': { ...adminUser, isAdmin: false, role: 'editor' },
      'GET /api/admin/content': [],
    });
    expect((await screen.findByRole('tab', { name: 'Articles' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: 'Audit' })).toBeNull();
    expect(api.calls.some((c) => c.path.startsWith('/api/admin/audit'))).toBe(false);
  });

  it('the active tab lives in the URL: clicking sets ?tab=, and /admin?tab=users opens Users', async () => {
    const first = renderAdmin('/admin', {
      'GET /api/admin/content': [],
      'GET /api/admin/products': [],
      'GET /api/admin/product-categories': [],
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Products' }));
    expect(first.location()).toBe('/admin?tab=products');
    expect(screen.getByRole('heading', { name: 'Products' })).toBeTruthy();
    first.unmount();

    renderAdmin('/admin?tab=users', { 'GET /api/admin/users': [] });
    expect((await screen.findByRole('tab', { name: 'Users' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Users' })).toBeTruthy();
  });

  it('a 401 inside the admin area: "You are logged out. Logging in again..." and sign-in after 0.5 s', async () => {
    const { platform } = renderAdmin('/admin', {
      'GET /api/admin/content': () =>
        Response.json({ message: 'You need to sign in to do that.' }, { status: 401 }),
    });
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    expect(platform.signIn).not.toHaveBeenCalled();
    await waitFor(() => expect(platform.signIn).toHaveBeenCalledTimes(1), { timeout: 1500 });
  });
});
