import type { AuditEntry, AuditPage } from '@site/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AdminApp } from '../AdminApp';
import { type AdminPlatform, PlatformContext } from '../platform';
import { adminUser, fakeApi, renderAdmin } from '../test-utils';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 501,
  at: '2026-11-24T09:00:00.000Z',
  actorId: 'u-ed',
  actorEmail: 'ed@example.com',
  actorRole: 'editor',
  action: 'article.publish',
  itemType: 'article',
  itemId: '7',
  fields: ['status', 'publishedAt'],
  count: null,
  ip: '203.0.113.9',
  route: 'PUT /api/content/:id',
  ...over,
});
const page = (entries: AuditEntry[], nextBefore: number | null = null): AuditPage => ({
  entries,
  nextBefore,
});
const auditPaths = (calls: { path: string }[]) =>
  calls.map((c) => c.path).filter((p) => p.startsWith('/api/admin/audit'));

describe('Audit tab (issue 42 §7)', () => {
  it('an admin sees the newest entries in an accessible table: time, person and role, action, item link, fields, IP', async () => {
    const { api } = renderAdmin('/admin?tab=audit', {
      'GET /api/admin/audit': page([
        entry(),
        entry({
          id: 500,
          at: '2026-07-01T08:30:00.000Z',
          actorEmail: null,
          actorId: 'u-gone',
          actorRole: null,
          action: 'product.delete',
          itemType: 'product',
          itemId: '12',
          fields: [],
          ip: null,
        }),
        entry({ id: 499, action: 'article.bulk', itemId: null, fields: ['category'], count: 14 }),
      ]),
    });
    const table = await screen.findByRole('table', { name: /^Audit log, newest first/ });
    expect(screen.getByRole('tab', { name: 'Audit' }).getAttribute('aria-selected')).toBe('true');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => [h.textContent, h.getAttribute('scope')]),
    ).toEqual([
      ['Time', 'col'],
      ['Person', 'col'],
      ['Action', 'col'],
      ['Item', 'col'],
      ['Fields changed', 'col'],
      ['IP address', 'col'],
    ]);
    const cells = within(table)
      .getAllByTestId('audit-row')
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      [
        '24 Nov 2026, 09:00 GMT',
        'ed@example.comEditor',
        'Article published',
        'article #7',
        'status, publishedAt',
        '203.0.113.9',
      ],
      // Summer: the site's zone (London) shows BST.
      ['1 Jul 2026, 09:30 BST', 'u-gone', 'Product deleted', 'product #12', '—', '—'],
      [
        '24 Nov 2026, 09:00 GMT',
        'ed@example.comEditor',
        'Articles changed in bulk',
        'article14 items',
        'category',
        '203.0.113.9',
      ],
    ]);
    // Articles open in their edit form; a product has no such screen, so it is plain text.
    expect(within(table).getByRole('link', { name: 'article #7' }).getAttribute('href')).toBe(
      '/admin?tab=articles&edit=7',
    );
    expect(within(table).queryByRole('link', { name: 'product #12' })).toBeNull();
    expect(within(table).getAllByRole('cell')[0]!.querySelector('time')!.getAttribute('dateTime')).toBe(
      '2026-11-24T09:00:00.000Z',
    );
    // The wide table scrolls in its own region, which the keyboard can reach.
    const region = screen.getByRole('region', { name: /^Audit log, newest first/ });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.className).toContain('overflow-x-auto');
    expect(auditPaths(api.calls)).toEqual(['/api/admin/audit?limit=50']);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/audit/export',
    );
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull();
  });

  it('filters come from the URL: the form shows them, the list and the CSV link send them', async () => {
    const { api } = renderAdmin(
      '/admin?tab=audit&actor=ed%40example.com&action=article.delete&itemType=article&itemId=7&from=2026-11-01&to=2026-11-30',
      { 'GET /api/admin/audit': page([entry({ action: 'article.delete' })]) },
    );
    await screen.findByRole('table');
    const query =
      'actor=ed%40example.com&action=article.delete&itemType=article&itemId=7&from=2026-11-01&to=2026-11-30';
    expect(auditPaths(api.calls)).toEqual([`/api/admin/audit?${query}&limit=50`]);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/admin/audit/export?${query}`,
    );
    expect((screen.getByLabelText('Person (email or user id)') as HTMLInputElement).value).toBe(
      'ed@example.com',
    );
    const action = screen.getByLabelText('Action') as HTMLSelectElement;
    expect(action.value).toBe('article.delete');
    expect(action.selectedOptions[0]!.textContent).toBe('Article deleted');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-30');
  });

  it('"Older entries" asks for the page before the last one shown and adds it; the button goes with the last page', async () => {
    const { api } = renderAdmin('/admin?tab=audit&action=sign-in', {
      'GET /api/admin/audit': (call: { path: string }) =>
        call.path.includes('before=450')
          ? page([entry({ id: 449, action: 'sign-in', itemType: null, itemId: null, fields: [] })], null)
          : page([entry({ id: 451, action: 'sign-in', itemType: null, itemId: null, fields: [] })], 450),
    });
    const older = await screen.findByRole('button', { name: 'Older entries' });
    expect(screen.getAllByTestId('audit-row')).toHaveLength(1);
    await userEvent.click(older);
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    expect(auditPaths(api.calls)).toEqual([
      '/api/admin/audit?action=sign-in&limit=50',
      '/api/admin/audit?action=sign-in&limit=50&before=450',
    ]);
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull();
    // Focus does not fall to the page's top with the button: it lands on the table's region.
    expect(document.activeElement).toBe(
      screen.getByRole('region', { name: /^Audit log, newest first: 2 entries/ }),
    );
    // Entries with no item show a dash.
    expect(within(screen.getAllByTestId('audit-row')[1]!).getAllByRole('cell')[3]!.textContent).toBe('—');
  });

  it('empty: "No entries yet." unfiltered, "No entries match these filters." filtered', async () => {
    const first = renderAdmin('/admin?tab=audit', { 'GET /api/admin/audit': page([]) });
    expect(await screen.findByText('No entries yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    first.unmount();
    renderAdmin('/admin?tab=audit&itemType=recipe', { 'GET /api/admin/audit': page([]) });
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
  });

  it("a refused filter (400) says the server's reason; another failure says the log could not be loaded", async () => {
    const first = renderAdmin('/admin?tab=audit&action=nonsense', {
      'GET /api/admin/audit': () => Response.json({ message: 'action: Unknown action' }, { status: 400 }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'These filters cannot be used: action: Unknown action',
    );
    first.unmount();
    renderAdmin('/admin?tab=audit', {
      'GET /api/admin/audit': () => Response.json({ message: 'Database unavailable' }, { status: 503 }),
    });
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'The audit log could not be loaded: Database unavailable',
    );
  });

  it('a From after To is refused in the form: the message is on To, To has the focus, nothing is asked', async () => {
    const { api, location } = renderAdmin('/admin?tab=audit', { 'GET /api/admin/audit': page([entry()]) });
    await screen.findByRole('table');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.type(from, '2026-12-01');
    await userEvent.type(to, '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('From must be on or before To')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(to));
    expect(location()).toBe('/admin?tab=audit');
    expect(auditPaths(api.calls)).toHaveLength(1);
  });

  it('applying filters adds a history entry: Back returns to the filters before, in the form and the list', async () => {
    const api = fakeApi({
      'GET /api/auth/user': adminUser,
      'GET /api/admin/audit': (call: { path: string }) =>
        page(
          call.path.includes('action=')
            ? [entry({ action: 'user.role', itemType: 'user', itemId: 'u9' })]
            : [entry()],
        ),
    });
    const platform: AdminPlatform = {
      kind: 'web',
      apiBase: '',
      pickImage: null,
      fetcher: api.fetcher,
      signIn: vi.fn(),
      goHome: vi.fn(),
      openMail: vi.fn(),
    };
    let back = () => {};
    function Nav() {
      const navigate = useNavigate();
      back = () => navigate(-1);
      const loc = useLocation();
      return <output data-testid="location">{loc.pathname + loc.search}</output>;
    }
    render(
      <MemoryRouter initialEntries={['/admin?tab=audit&actor=ed%40example.com']}>
        <PlatformContext.Provider value={platform}>
          <AdminApp />
          <Nav />
        </PlatformContext.Provider>
      </MemoryRouter>,
    );
    const location = () => screen.getByTestId('location').textContent;
    const actionCell = async (label: string) =>
      within(await screen.findByRole('table')).findByRole('cell', { name: label });
    await actionCell('Article published');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'user.role');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(location()).toBe('/admin?tab=audit&actor=ed%40example.com&action=user.role'));
    expect(await actionCell('Role changed')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'user #u9' })).toBeTruthy();
    act(() => back());
    await waitFor(() => expect(location()).toBe('/admin?tab=audit&actor=ed%40example.com'));
    expect(await actionCell('Article published')).toBeTruthy();
    expect((screen.getByLabelText('Action') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Person (email or user id)') as HTMLInputElement).value).toBe(
      'ed@example.com',
    );
    // "Clear filters" drops them all but the tab.
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/admin?tab=audit'));
    expect((screen.getByLabelText('Person (email or user id)') as HTMLInputElement).value).toBe('');
  });

  it('every action has a readable label in the select', async () => {
    renderAdmin('/admin?tab=audit', { 'GET /api/admin/audit': page([]) });
    await screen.findByText('No entries yet.');
    const options = [...(screen.getByLabelText('Action') as HTMLSelectElement).options];
    const { AUDIT_ACTIONS } = await import('@site/shared');
    expect(options.map((o) => o.value)).toEqual(['', ...AUDIT_ACTIONS]);
    for (const o of options) {
      expect(o.textContent, o.value).toMatch(/^[A-Z]/);
      expect(o.textContent).not.toBe(o.value);
    }
  });

  it('in the desktop app "Export CSV" downloads through the app (its token), with the filters', async () => {
    const csv = vi.fn(() => new Response('id,at\n', { headers: { 'content-type': 'text/csv' } }));
    const created = vi.fn(() => 'blob:csv');
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAdmin(
      '/admin?tab=audit&action=sign-in',
      { 'GET /api/admin/audit': page([]), 'GET /api/admin/audit/export': csv },
      { kind: 'desktop', apiBase: 'https://bloom.example' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(csv).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'GET', path: '/api/admin/audit/export?action=sign-in' }),
    );
    expect(created).toHaveBeenCalled();
    click.mockRestore();
    Object.assign(URL, saved);
  });
});
