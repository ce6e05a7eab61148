import type { StaffInvitation } from '@site/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, renderAdmin } from '../test-utils';

const day = 86_400_000;
const pendingOne: StaffInvitation = {
  id: 'inv-1',
  email: 'wren@example.com',
  role: 'author',
  invitedByName: 'Ada Admin',
  createdAt: new Date(Date.now() - day).toISOString(),
  expiresAt: new Date(Date.now() + 6 * day).toISOString(),
  expired: false,
};
const expiredOne: StaffInvitation = {
  ...pendingOne,
  id: 'inv-2',
  email: 'late@example.com',
  role: 'editor',
  expiresAt: new Date(Date.now() - day).toISOString(),
  expired: true,
};

/** The Users tab's invitations (issue 42 §6): the invite form and the pending list with Revoke. */
describe('Users tab: invitations', () => {
  const users = [{ ...adminUser }];

  it('sends email and role with the shared schema, says so, clears the email and keeps focus in the form', async () => {
    let list: StaffInvitation[] = [];
    const { api } = renderAdmin('/admin?tab=users', {
      'GET /api/admin/users': users,
      'GET /api/admin/invitations': () => list,
      'POST /api/admin/invitations': ({ body }: { body: unknown }) => {
        const made = { ...pendingOne, id: 'inv-9', ...(body as { email: string; role: 'editor' }) };
        list = [made];
        return Response.json(made, { status: 201 });
      },
    });
    await screen.findByRole('heading', { name: 'Invite someone' });
    expect(await screen.findByText('No invitations waiting.')).toBeTruthy();
    const role = screen.getByLabelText('Invite as') as HTMLSelectElement;
    expect([...role.options].map((o) => o.textContent)).toEqual(['Contributor', 'Author', 'Editor', 'Admin']);
    expect(role.value).toBe('contributor');

    // Checked before anything is sent.
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'new.editor@example.com');
    await userEvent.selectOptions(role, 'editor');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Invitation sent to new.editor@example.com');
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/admin/invitations',
      body: { email: 'new.editor@example.com', role: 'editor' },
    });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    // The list is read again and shows the new invitation.
    const pendingList = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(await within(pendingList).findByText('new.editor@example.com')).toBeTruthy();
    expect(within(pendingList).getByText('Editor')).toBeTruthy();
  });

  it("an address with an account: the server's sentence beside the email, and nothing else changes", async () => {
    const message = 'rosa@example.com already has an account; change their role in Users instead.';
    renderAdmin('/admin?tab=users', {
      'GET /api/admin/users': users,
      'GET /api/admin/invitations': [],
      'POST /api/admin/invitations': () => Response.json({ message }, { status: 409 }),
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'rosa@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(message)).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.getAttribute('aria-describedby')).toBe(screen.getByText(message).id);
    expect(email.value).toBe('rosa@example.com');
    expect(screen.queryByText(/Invitation sent/)).toBeNull();
  });

  it('lists pending and recently expired invitations; Revoke asks, then revokes', async () => {
    let list = [pendingOne, expiredOne];
    const { api } = renderAdmin('/admin?tab=users', {
      'GET /api/admin/users': users,
      'GET /api/admin/invitations': () => list,
      'DELETE /api/admin/invitations/inv-1': () => {
        list = [expiredOne];
        return null;
      },
    });
    const pendingList = await screen.findByRole('list', { name: 'Pending invitations' });
    const row = (await within(pendingList).findByText('wren@example.com')).closest('li')!;
    expect(within(row).getByText('Author')).toBeTruthy();
    expect(within(row).getByText(/^Works until .* · invited by Ada Admin$/)).toBeTruthy();
    expect(within(row).queryByText('Expired')).toBeNull();
    const late = within(pendingList).getByText('late@example.com').closest('li')!;
    expect(within(late).getByText('Expired')).toBeTruthy();
    expect(within(late).getByText(/^Expired on /)).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: 'Revoke invitation: wren@example.com' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this invitation?' });
    expect(within(dialog).getByText(/wren@example.com stops working at once/)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await screen.findByText('Invitation revoked');
    expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/admin/invitations/inv-1');
    await waitFor(() => expect(screen.queryByText('wren@example.com')).toBeNull());
    // Focus moved to the row that stays, not lost to the page.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Revoke invitation: late@example.com' }),
    );
  });
});
