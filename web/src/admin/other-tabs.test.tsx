import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, pending, renderAdmin } from './test-utils';

describe('Categories tab ("Product Categories")', () => {
  const cats = [{ id: 3, name: 'Skincare', description: 'Glow products', productCount: 2 }];
  it('lists name and description; Add Category needs a name; "Category created successfully"', async () => {
    const { api } = renderAdmin('/admin?tab=categories', {
      'GET /api/admin/product-categories': cats,
      'POST /api/product-categories': { id: 9, name: 'Fitness', description: null },
    });
    expect(await screen.findByRole('heading', { name: 'Product Categories' })).toBeTruthy();
    expect(await screen.findByText('Skincare')).toBeTruthy();
    expect(screen.getByText('Glow products')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), 'Fitness');
    await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    await screen.findByText('Category created successfully');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Fitness', description: null });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('deleting a category with products shows the server\'s 409 message in "Failed to delete category"', async () => {
    renderAdmin('/admin?tab=categories', {
      'GET /api/admin/product-categories': cats,
      'DELETE /api/product-categories/3': () =>
        Response.json(
          { message: 'This category still has 2 products. Move or delete them first.' },
          { status: 409 },
        ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Skincare' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Failed to delete category: This category still has 2 products. Move or delete them first.',
      ),
    ).toBeTruthy();
  });

  it('edit renames with PUT: "Category updated successfully"', async () => {
    const { api } = renderAdmin('/admin?tab=categories', {
      'GET /api/admin/product-categories': cats,
      'PUT /api/product-categories/3': cats[0],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Skincare' }));
    expect(screen.getByRole('heading', { name: 'Edit Category' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), ' & Beauty');
    await userEvent.click(screen.getByRole('button', { name: 'Update Category' }));
    await screen.findByText('Category updated successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Skincare & Beauty',
      description: 'Glow products',
    });
  });
});

describe('Users tab', () => {
  const users = [
    { ...adminUser, createdAt: new Date(Date.now() - 3 * 86400_000).toISOString() },
    {
      id: 'u2',
      firstName: 'Rosa',
      lastName: 'Reader',
      email: 'rosa@example.com',
      isAdmin: false,
      role: null,
      createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    },
  ];
  it('3 skeletons while loading', async () => {
    renderAdmin('/admin?tab=users', { 'GET /api/admin/users': pending });
    await screen.findByRole('heading', { name: 'Users' });
    expect(screen.getAllByTestId('skeleton')).toHaveLength(3);
  });

  it('first and last name, email, "Joined {time} ago", the role; the role select sends it: "User role updated"', async () => {
    const { api } = renderAdmin('/admin?tab=users', {
      'GET /api/admin/users': users,
      'PUT /api/admin/users/u2/role': { ...users[1], role: 'author' },
    });
    const row = (await screen.findByText('Rosa Reader')).closest('li')!;
    expect(within(row).getByText('rosa@example.com')).toBeTruthy();
    expect(within(row).getByText('Joined 2 hours ago')).toBeTruthy();
    expect(screen.getByText('Joined 3 days ago')).toBeTruthy();
    expect(within(row).getByText('Reader', { selector: 'span' })).toBeTruthy();
    // No admin switch any more: a role select per user.
    expect(screen.queryByRole('switch')).toBeNull();
    const select = within(row).getByRole('combobox', { name: 'Role: Rosa Reader' }) as HTMLSelectElement;
    expect(select.value).toBe('reader');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Reader',
      'Contributor',
      'Author',
      'Editor',
      'Admin',
    ]);
    expect((screen.getByRole('combobox', { name: 'Role: Ada Admin' }) as HTMLSelectElement).value).toBe(
      'admin',
    );
    await userEvent.selectOptions(select, 'author');
    await screen.findByText('User role updated');
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/admin/users/u2/role',
      body: { role: 'author' },
    });
  });

  it('taking your own admin role away asks first; the server\'s last-admin 409 shows "Failed to update user"', async () => {
    const { api } = renderAdmin('/admin?tab=users', {
      'GET /api/admin/users': users,
      'PUT /api/admin/users/admin-1/role': () =>
        Response.json(
          { message: 'This is the last admin. Make someone else an admin first.' },
          { status: 409 },
        ),
    });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role: Ada Admin' }), 'editor');
    const dialog = screen.getByRole('alertdialog');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove my access' }));
    expect(
      await screen.findByText(
        'Failed to update user: This is the last admin. Make someone else an admin first.',
      ),
    ).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'editor' });
  });

  it('"Sign out everywhere" asks, then ends the user\'s sessions', async () => {
    const { api } = renderAdmin('/admin?tab=users', {
      'GET /api/admin/users': users,
      'DELETE /api/admin/users/u2/sessions': { ended: 2 },
    });
    const row = (await screen.findByText('Rosa Reader')).closest('li')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Sign out everywhere: Rosa Reader' }));
    const dialog = screen.getByRole('alertdialog');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await screen.findByText('Signed out of 2 sessions');
    expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/admin/users/u2/sessions');
  });
});

describe('Messages tab ("Contact Messages")', () => {
  const msgs = () => [
    {
      id: 1,
      firstName: 'Mia',
      lastName: 'Moss',
      email: 'mia@example.com',
      subject: 'Collab?',
      message: 'Hello there',
      status: 'unread',
      createdAt: new Date().toISOString(),
    },
    {
      id: 2,
      firstName: 'Lou',
      lastName: 'Lee',
      email: 'lou@example.com',
      subject: 'Thanks',
      message: 'Great site',
      status: 'read',
      createdAt: new Date().toISOString(),
    },
  ];

  it('shows the unread count and filters by status with ?status=', async () => {
    const { api } = renderAdmin('/admin?tab=messages', {
      'GET /api/admin/contact-messages': msgs(),
      'GET /api/admin/contact-messages?status=unread': [msgs()[0]],
      'GET /api/admin/contact-messages/counts': { unread: 1, read: 1, replied: 0 },
    });
    expect(await screen.findByRole('heading', { name: /Contact Messages/ })).toBeTruthy();
    expect((await screen.findByTestId('unread-count')).textContent).toBe('(1 unread)');
    expect(await screen.findByText('Thanks')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'unread' } });
    await waitFor(() => expect(screen.queryByText('Thanks')).toBeNull());
    expect(api.calls.map((c) => c.path)).toContain('/api/admin/contact-messages?status=unread');
  });

  it('opening an unread message marks it read; the selector sets any status: "Status Updated"', async () => {
    const { api } = renderAdmin('/admin?tab=messages', {
      'GET /api/admin/contact-messages': msgs(),
      'GET /api/admin/contact-messages/counts': { unread: 1, read: 1, replied: 0 },
      'PATCH /api/admin/contact-messages/1': (c: { body: unknown }) => ({
        ...msgs()[0],
        ...(c.body as object),
      }),
    });
    await userEvent.click(await screen.findByText('Collab?'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Hello there')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')).toMatchObject({
        path: '/api/admin/contact-messages/1',
        body: { status: 'read' },
      }),
    );
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Status') as HTMLSelectElement).value).toBe('read'),
    );
    expect(screen.queryByText('Status Updated')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'unread' } });
    expect(await screen.findByText('Status Updated')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ status: 'unread' });
  });

  it('a refused status change says "Failed to update status"', async () => {
    renderAdmin('/admin?tab=messages', {
      'GET /api/admin/contact-messages': msgs(),
      'GET /api/admin/contact-messages/counts': { unread: 1, read: 1, replied: 0 },
      'PATCH /api/admin/contact-messages/2': () => Response.json({ message: 'nope' }, { status: 500 }),
    });
    await userEvent.click(await screen.findByText('Thanks'));
    fireEvent.change(within(await screen.findByRole('dialog')).getByLabelText('Status'), {
      target: { value: 'replied' },
    });
    expect(await screen.findByText('Failed to update status')).toBeTruthy();
  });

  it('"Reply via Email" opens a draft with "Re: " + subject and sets replied', async () => {
    const { api, platform } = renderAdmin('/admin?tab=messages', {
      'GET /api/admin/contact-messages': msgs(),
      'GET /api/admin/contact-messages/counts': { unread: 1, read: 1, replied: 0 },
      'PATCH /api/admin/contact-messages/2': (c: { body: unknown }) => ({
        ...msgs()[1],
        ...(c.body as object),
      }),
    });
    await userEvent.click(await screen.findByText('Thanks'));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reply via Email' }),
    );
    expect(platform.openMail).toHaveBeenCalledWith('mailto:lou@example.com?subject=Re%3A%20Thanks');
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'replied' }),
    );
  });

  it('delete asks, then "Message Deleted" and the dialog closes; failures say "Failed to delete message"', async () => {
    let fail = false;
    renderAdmin('/admin?tab=messages', {
      'GET /api/admin/contact-messages': msgs(),
      'GET /api/admin/contact-messages/counts': { unread: 1, read: 1, replied: 0 },
      'DELETE /api/admin/contact-messages/2': () =>
        fail ? Response.json({ message: 'x' }, { status: 500 }) : null,
    });
    await userEvent.click(await screen.findByText('Thanks'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Message Deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fail = true;
    await userEvent.click(await screen.findByText('Thanks'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete message')).toBeTruthy();
  });
});
