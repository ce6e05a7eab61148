import type { StorySubmission } from '@site/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAdmin } from '../test-utils';

const stories = (): StorySubmission[] => [
  {
    id: 1,
    name: 'Priya Shah',
    email: 'priya@example.com',
    title: 'My morning walks',
    story: 'I started walking before work in January.',
    status: 'new',
    articleId: null,
    createdAt: new Date().toISOString(),
  },
  {
    id: 2,
    name: 'Jo Park',
    email: 'jo@example.com',
    title: 'Learning to rest',
    story: 'Rest is a skill.',
    status: 'rejected',
    articleId: null,
    createdAt: new Date().toISOString(),
  },
];
const counts = { new: 1, approved: 0, rejected: 1 };
const base = {
  'GET /api/admin/stories': stories(),
  'GET /api/admin/stories/counts': counts,
  'GET /api/admin/contact-messages/counts': { unread: 2, read: 0, replied: 0 },
};

describe('Messages tab: Community Stories', () => {
  it('the Messages tab shows how many messages and stories wait, without changing its name', async () => {
    renderAdmin('/admin', { 'GET /api/admin/content': [], ...base });
    const tab = await screen.findByRole('tab', { name: 'Messages' });
    await waitFor(() => expect(within(tab).getByTestId('inbox-badge').textContent).toBe('3'));
    const describedBy = tab.getAttribute('aria-describedby');
    expect(document.getElementById(describedBy!)?.textContent).toBe('2 unread messages and 1 new story');
  });

  it('switches to stories with ?view=stories, lists them with the new count and filters by status', async () => {
    const { api, location } = renderAdmin('/admin?tab=messages', {
      ...base,
      'GET /api/admin/contact-messages': [],
      'GET /api/admin/stories?status=rejected': [stories()[1]],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Community Stories' }));
    expect(location()).toBe('/admin?tab=messages&view=stories');
    expect(await screen.findByRole('heading', { name: /Community Stories/ })).toBeTruthy();
    expect((await screen.findByTestId('new-story-count')).textContent).toBe('(1 new)');
    expect(await screen.findByText('My morning walks')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'rejected' } });
    await waitFor(() => expect(screen.queryByText('My morning walks')).toBeNull());
    expect(api.calls.map((c) => c.path)).toContain('/api/admin/stories?status=rejected');
    await userEvent.click(screen.getByRole('button', { name: 'Contact Messages' }));
    expect(location()).toBe('/admin?tab=messages');
  });

  it('"Approve as Draft" makes the draft and opens it in the Articles editor: "Story Approved"', async () => {
    const { api, location } = renderAdmin('/admin?tab=messages&view=stories', {
      ...base,
      'POST /api/admin/stories/1/approve': { ...stories()[0], status: 'approved', articleId: 42 },
      'GET /api/admin/content': [],
      'GET /api/admin/content/42': { id: 42, title: 'My morning walks' },
    });
    await userEvent.click(await screen.findByText('My morning walks'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('I started walking before work in January.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve as Draft' }));
    expect(await screen.findByText('Story Approved')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/admin?tab=articles&edit=42'));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/admin/stories/1/approve',
    ]);
  });

  it('Reject and Mark as New set the status; a refusal shows the server message', async () => {
    const { api } = renderAdmin('/admin?tab=messages&view=stories', {
      ...base,
      'PATCH /api/admin/stories/1': (c: { body: unknown }) => ({ ...stories()[0], ...(c.body as object) }),
      'PATCH /api/admin/stories/2': () =>
        Response.json({ message: 'This story is already approved.' }, { status: 409 }),
    });
    await userEvent.click(await screen.findByText('My morning walks'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Status Updated')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')).toMatchObject({ body: { status: 'rejected' } });
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));

    await userEvent.click(await screen.findByText('Learning to rest'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as New' }));
    expect(await screen.findByText('This story is already approved.')).toBeTruthy();
  });

  it('an approved story links to its draft and offers no second approval; Delete asks first', async () => {
    const approved = { ...stories()[0], status: 'approved' as const, articleId: 7 };
    const { api } = renderAdmin('/admin?tab=messages&view=stories', {
      ...base,
      'GET /api/admin/stories': [approved],
      'DELETE /api/admin/stories/1': null,
    });
    await userEvent.click(await screen.findByText('My morning walks'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Edit its draft' }).getAttribute('href')).toBe(
      '/admin?tab=articles&edit=7',
    );
    expect(within(dialog).queryByRole('button', { name: 'Approve as Draft' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete story?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Story Deleted')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/admin/stories/1');
  });
});
