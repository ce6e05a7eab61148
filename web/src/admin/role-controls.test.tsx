import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminArticle, articleRead } from './test-fixtures';
import { adminUser, renderAdmin, setEditorText } from './test-utils';

/**
 * Issue 42: every control follows the server's rules (permissions.ts, api/src/auth/policy.ts). The
 * server refuses the rest anyway; here nobody is offered a button that can only fail.
 */

const me = { ...adminUser, id: 'staff-1', isAdmin: false };
const as = (role: 'contributor' | 'author' | 'editor') => ({ 'GET /api/auth/user': { ...me, role } });
const listed = (rows: unknown[]) =>
  Response.json(rows, { headers: { 'x-total-count': String(rows.length) } });

const ownDraft = { ...adminArticle, id: 1, title: 'My Draft', status: 'draft', createdBy: me.id };
const ownLive = { ...adminArticle, id: 2, title: 'My Live One', status: 'published', createdBy: me.id };
const ownScheduled = {
  ...adminArticle,
  id: 3,
  title: 'My Scheduled One',
  status: 'scheduled',
  publishedAt: '2027-01-05T09:00:00.000Z',
  createdBy: me.id,
};
const theirs = { ...adminArticle, id: 4, title: 'Their Piece', status: 'published', createdBy: 'staff-2' };
const imported = { ...adminArticle, id: 5, title: 'Imported Piece', status: 'draft', createdBy: null };
const rows = [ownDraft, ownLive, ownScheduled, theirs, imported];

const row = (title: string) => screen.getByRole('heading', { name: title, level: 3 }).closest('li')!;
const buttons = (title: string) =>
  within(row(title))
    .queryAllByRole('button')
    .map((b) => b.textContent)
    .concat(
      within(row(title))
        .queryAllByRole('link')
        .map((l) => `link:${l.textContent}`),
    );

beforeAll(() => import('./articles/ArticleEditor'), 30_000);

describe('Articles tab by role (issue 42)', () => {
  it('a contributor: Edit on their own draft only, no Delete, Publish now, Reads or bulk; Preview for the rest', async () => {
    const { api } = renderAdmin('/admin', {
      ...as('contributor'),
      'GET /api/admin/content': () => listed(rows),
    });
    await screen.findByRole('heading', { name: 'My Draft' });
    expect(buttons('My Draft')).toEqual(['Edit']);
    // Live, even their own: editing it would change a published article, which needs an author.
    expect(buttons('My Live One')).toEqual(['link:Preview']);
    expect(buttons('My Scheduled One')).toEqual(['link:Preview']);
    expect(buttons('Their Piece')).toEqual(['link:Preview']);
    expect(buttons('Imported Piece')).toEqual(['link:Preview']);
    expect(
      within(row('Their Piece')).getByRole('link', { name: 'Preview Their Piece' }).getAttribute('href'),
    ).toBe('/admin/preview/4');
    expect(
      screen
        .queryAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label') ?? c.parentElement?.textContent),
    ).toEqual(['Mine only']);
    expect(screen.queryByRole('button', { name: 'Reading counts' })).toBeNull();
    expect(api.calls.some((c) => c.path.startsWith('/api/admin/insights'))).toBe(false);
  });

  it("a contributor's form saves a draft only: no Status choice, and the body says draft", async () => {
    const { api } = renderAdmin('/admin', {
      ...as('contributor'),
      'GET /api/admin/content': () => listed([]),
      'POST /api/content': (call: { body: unknown }) => ({ ...ownDraft, ...(call.body as object), id: 9 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Article' }));
    await userEvent.type(await screen.findByLabelText('Title'), 'First steps');
    await userEvent.type(screen.getByLabelText('Excerpt'), 'A short one');
    await setEditorText('The body');
    expect(screen.queryByLabelText('Status')).toBeNull();
    expect(screen.getByTestId('draft-only').textContent).toBe(
      'Saved as a draft. An author or an editor publishes it.',
    );
    expect(screen.queryByRole('button', { name: 'Create Article' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await screen.findByText('Article created successfully');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: 'First steps',
      status: 'draft',
      publishedAt: null,
    });
  });

  it('a contributor editing their own draft keeps it a draft', async () => {
    const { api } = renderAdmin('/admin', {
      ...as('contributor'),
      'GET /api/admin/content': () => listed([ownDraft]),
      ...articleRead(ownDraft),
      'PUT /api/content/1': ownDraft,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit My Draft' }));
    await userEvent.type(await screen.findByLabelText('Title'), '!');
    expect(screen.queryByLabelText('Status')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await screen.findByText('Article updated successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      title: 'My Draft!',
      status: 'draft',
    });
  });

  it('a link to edit an article the role may not change opens no form', async () => {
    renderAdmin(`/admin?tab=articles&edit=${theirs.id}`, {
      ...as('author'),
      'GET /api/admin/content': () => listed(rows),
      ...articleRead(theirs),
    });
    await screen.findByRole('heading', { name: 'Their Piece' });
    expect(screen.queryByRole('heading', { name: 'Edit Article' })).toBeNull();
  });

  it('an author: Edit and Delete on every article of their own, neither on anyone else’s nor an unowned one; still no bulk', async () => {
    renderAdmin('/admin', { ...as('author'), 'GET /api/admin/content': () => listed(rows) });
    await screen.findByRole('heading', { name: 'My Draft' });
    expect(buttons('My Draft')).toEqual(['Edit', 'Delete']);
    expect(buttons('My Live One')).toEqual(['Edit', 'Delete']);
    // "Publish now" and "Unschedule" are bulk actions on the server: an editor's.
    expect(buttons('My Scheduled One')).toEqual(['Edit', 'Delete']);
    expect(buttons('Their Piece')).toEqual(['link:Preview']);
    expect(buttons('Imported Piece')).toEqual(['link:Preview']);
    expect(screen.queryByRole('checkbox', { name: /^Select / })).toBeNull();
  });

  it('an author publishes their own: the form has the Status choice and starts as Published', async () => {
    renderAdmin('/admin', { ...as('author'), 'GET /api/admin/content': () => listed([]) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Article' }));
    expect(((await screen.findByLabelText('Status')) as HTMLSelectElement).value).toBe('published');
    expect(screen.getByRole('button', { name: 'Create Article' })).toBeTruthy();
  });

  it('an editor gets everything on every article: Edit, Delete, Publish now, Reads and bulk', async () => {
    renderAdmin('/admin', { ...as('editor'), 'GET /api/admin/content': () => listed(rows) });
    await screen.findByRole('heading', { name: 'My Draft' });
    expect(buttons('Their Piece')).toEqual(['Reads', 'Edit', 'Delete']);
    expect(buttons('Imported Piece')).toEqual(['Edit', 'Delete']);
    expect(buttons('My Scheduled One')).toEqual(['Publish now', 'Unschedule', 'Reads', 'Edit', 'Delete']);
    expect(screen.getByRole('checkbox', { name: 'Select Their Piece' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reading counts' })).toBeTruthy();
  });

  it('"Mine only" is in the URL (mine=true) and sent with the list; unticking takes it away', async () => {
    const { api, location } = renderAdmin('/admin?status=draft', {
      ...as('contributor'),
      'GET /api/admin/content': () => listed([ownDraft]),
    });
    await screen.findByRole('heading', { name: 'My Draft' });
    const mine = screen.getByRole('checkbox', { name: 'Mine only' }) as HTMLInputElement;
    expect(mine.checked).toBe(false);
    await userEvent.click(mine);
    await waitFor(() => expect(location()).toBe('/admin?status=draft&mine=true'));
    expect(mine.checked).toBe(true);
    await waitFor(() =>
      expect(api.calls.map((c) => c.path)).toContain(
        '/api/admin/content?status=draft&mine=true&limit=50&offset=0',
      ),
    );
    await userEvent.click(mine);
    await waitFor(() => expect(location()).toBe('/admin?status=draft'));
    expect(mine.checked).toBe(false);
  });

  it('a shared link with ?mine=true opens with the box ticked', async () => {
    renderAdmin('/admin?mine=true', { ...as('author'), 'GET /api/admin/content': () => listed([ownDraft]) });
    await screen.findByRole('heading', { name: 'My Draft' });
    expect((screen.getByRole('checkbox', { name: 'Mine only' }) as HTMLInputElement).checked).toBe(true);
  });
});

const preview = { subject: 'This week', html: '<p>Hi</p>', text: 'Hi', articleCount: 2 };
const settings = {
  digestEnabled: true,
  digestDay: 1,
  digestTime: '09:00',
  ratePerSecond: 5,
  transport: 'smtp',
  transportProblem: null,
  nextDigestAt: null,
  dkim: true,
  from: 'news@bloom.example',
};
const newsletterRoutes = {
  'GET /api/admin/newsletter/preview': preview,
  'GET /api/admin/newsletter/issues': [],
  'GET /api/admin/newsletter/settings': settings,
  'GET /api/admin/newsletter/sponsors': [],
  'GET /api/admin/newsletter/subscribers': [],
  'GET /api/admin/content': [],
  'POST /api/admin/newsletter/test': { message: 'Sent to you.' },
};

describe('Newsletter tab by role (issue 42)', () => {
  it('an editor: the preview, a test mail and the issues; no sending, subscribers, settings or sponsors, nor their calls', async () => {
    const { api } = renderAdmin('/admin?tab=newsletter', { ...as('editor'), ...newsletterRoutes });
    await screen.findByRole('heading', { name: 'Next digest' });
    expect(screen.getByRole('heading', { name: 'Issues' })).toBeTruthy();
    for (const gone of ['Sponsors', 'Subscribers', 'Schedule and rate']) {
      expect(screen.queryByRole('heading', { name: gone }), gone).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Send the digest now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send special issue' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send a test to me' }));
    await screen.findByText('Sent to you.');
    const asked = api.calls.map((c) => c.path.split('?')[0]);
    for (const refused of [
      '/api/admin/newsletter/settings',
      '/api/admin/newsletter/sponsors',
      '/api/admin/newsletter/subscribers',
      '/api/admin/newsletter/outbox',
    ]) {
      expect(asked, refused).not.toContain(refused);
    }
  });

  it('an admin still gets all of it', async () => {
    renderAdmin('/admin?tab=newsletter', newsletterRoutes);
    await screen.findByRole('heading', { name: 'Sponsors' });
    expect(screen.getByRole('heading', { name: 'Subscribers' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Schedule and rate' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Send the digest now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send special issue' })).toBeTruthy();
  });
});
