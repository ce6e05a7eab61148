import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminArticle, articleRead } from '../../test-fixtures';
import { findEditor, renderAdmin, setEditorText } from '../../test-utils';

const article = { ...adminArticle, content: 'Body words here' };
const listed = (rows: unknown[]) =>
  Response.json(rows, { headers: { 'x-total-count': String(rows.length) } });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const picked = (name = 'cat.png') => ({
  name,
  type: 'image/png',
  size: PNG.length,
  data: new Blob([PNG], { type: 'image/png' }),
});

beforeAll(() => import('../ArticleEditor'), 30_000);
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

async function openEdit(routes: Record<string, unknown> = {}, platform = {}) {
  const utils = renderAdmin(
    '/admin',
    { 'GET /api/admin/content': () => listed([article]), ...articleRead(article), ...routes },
    platform,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Morning Rituals' }));
  await findEditor();
  return utils;
}

describe('the rich editor in the article form (issue 31)', () => {
  it('a labelled toolbar with one Tab stop: arrows and Home/End move, each button names its shortcut, pressed ones say so', async () => {
    await openEdit();
    const bar = screen.getByRole('toolbar', { name: 'Formatting' });
    const buttons = within(bar).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Heading 2',
      'Heading 3',
      'Heading 4',
      'Bold',
      'Italic',
      'Link',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Divider',
      'Insert image',
      'Image details',
      'Undo',
      'Redo',
    ]);
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    expect(within(bar).getByRole('button', { name: 'Bold' }).getAttribute('aria-keyshortcuts')).toBe(
      'Control+B',
    );
    buttons[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[1]);
    await userEvent.keyboard('{End}');
    // Undo and Redo are disabled with nothing to undo: End lands on the last enabled one.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Insert image');
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(buttons[0]);

    const editor = await findEditor();
    act(() => {
      editor.commands.selectAll();
    });
    await userEvent.click(within(bar).getByRole('button', { name: 'Bold' }));
    expect(within(bar).getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(bar).getByRole('button', { name: 'Heading 2' }));
    expect(editor.getHTML()).toContain('<h2><strong>Body words here</strong></h2>');
  });

  it('the link popover accepts only a full http(s) address and links the selected words', async () => {
    const { api } = await openEdit({ 'PUT /api/content/7': article });
    const editor = await findEditor();
    act(() => {
      editor.commands.setTextSelection({ from: 1, to: 5 });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    const popover = screen.getByRole('dialog', { name: 'Add link' });
    const address = within(popover).getByLabelText('Link address');
    expect(document.activeElement).toBe(address);
    await userEvent.type(address, 'javascript:alert(1)');
    await userEvent.click(within(popover).getByRole('button', { name: 'Apply link' }));
    expect(within(popover).getByRole('alert').textContent).toBe(
      'Enter a full address that starts with http:// or https://',
    );
    await userEvent.clear(address);
    await userEvent.type(address, 'https://example.org/calm');
    await userEvent.click(within(popover).getByRole('button', { name: 'Apply link' }));
    expect(screen.queryByRole('dialog', { name: 'Add link' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Update Article' }));
    await screen.findByText('Article updated successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      content: '<p><a href="https://example.org/calm">Body</a> words here</p>',
    });
  });

  it('an image picked through the platform (the desktop dialog) uploads with progress, asks for alt text and lands as a figure', async () => {
    let finish: (r: Response) => void = () => undefined;
    const { api } = await openEdit(
      {
        'POST /api/upload': () => new Promise<Response>((r) => (finish = r)),
        'PUT /api/content/7': article,
      },
      { kind: 'desktop', apiBase: 'https://bloom.example', pickImage: async () => picked() },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    const ask = await screen.findByRole('dialog', { name: 'Describe this image' });
    expect(within(ask).getByText('cat.png')).toBeTruthy();
    expect(screen.getByText('Uploading cat.png…')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    // Saving while it uploads would leave it out: the button waits.
    expect((screen.getByRole('button', { name: 'Update Article' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(ask).getByLabelText('Alt text'), 'A ginger cat asleep');
    await userEvent.type(within(ask).getByLabelText('Caption (optional)'), 'Marmalade');
    await userEvent.click(within(ask).getByRole('button', { name: 'Save image details' }));
    await act(async () =>
      finish(Response.json({ imageUrl: 'https://bloom.example/uploads/cat.webp' }, { status: 201 })),
    );
    await waitFor(() => expect(screen.queryByText(/Uploading cat\.png/)).toBeNull());
    const editor = await findEditor();
    expect(editor.getHTML()).toContain(
      '<figure><img src="https://bloom.example/uploads/cat.webp" alt="A ginger cat asleep"><figcaption>Marmalade</figcaption></figure>',
    );
    expect(api.calls.find((c) => c.path === '/api/upload')?.body).toBeInstanceOf(FormData);
    await userEvent.click(screen.getByRole('button', { name: 'Update Article' }));
    await screen.findByText('Article updated successfully');
    expect(
      String((api.calls.find((c) => c.method === 'PUT')!.body as { content: string }).content),
    ).toContain('alt="A ginger cat asleep"');
  });

  it('a failed upload leaves a clear placeholder with Retry and Remove, and no image in what is saved', async () => {
    let attempts = 0;
    const { api } = await openEdit(
      {
        'POST /api/upload': () => {
          attempts++;
          return attempts === 1
            ? Response.json({ message: 'Please upload a JPEG, PNG, GIF, or WebP image.' }, { status: 415 })
            : Response.json({ imageUrl: '/uploads/dog.webp' }, { status: 201 });
        },
        'PUT /api/content/7': article,
      },
      { pickImage: async () => picked('dog.png') },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Describe this image' })).getByRole('button', {
        name: 'Skip for now',
      }),
    );
    const failed = await screen.findByText('Image not added: dog.png');
    expect(failed.closest('[role="alert"]')?.textContent).toContain(
      'Please upload a JPEG, PNG, GIF, or WebP image.',
    );
    expect((await findEditor()).getHTML()).not.toContain('<img');
    await userEvent.click(screen.getByRole('button', { name: 'Update Article' }));
    await screen.findByText('Article updated successfully');
    expect((api.calls.find((c) => c.method === 'PUT')!.body as { content: string }).content).toBe(
      '<p>Body words here</p>',
    );
  });

  it('Retry after a failure uploads the same file; Remove takes the placeholder away', async () => {
    let attempts = 0;
    await openEdit(
      {
        'POST /api/upload': () => {
          attempts++;
          return attempts === 1
            ? new Response('boom', { status: 500 })
            : Response.json({ imageUrl: '/uploads/dog.webp' }, { status: 201 });
        },
      },
      { pickImage: async () => picked('dog.png') },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Describe this image' })).getByRole('button', {
        name: 'Skip for now',
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Retry upload' }));
    await waitFor(async () =>
      expect((await findEditor()).getHTML()).toContain(
        '<figure><img src="/uploads/dog.webp" alt=""></figure>',
      ),
    );
    expect(attempts).toBe(2);

    attempts = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Describe this image' })).getByRole('button', {
        name: 'Skip for now',
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Image not added: dog.png')).toBeNull());
    expect((await findEditor()).getHTML().match(/<img/g)).toHaveLength(1);
  });

  it('writing aids count words and read time as you type, and warn about long titles and missing alt text', async () => {
    await openEdit();
    expect(screen.getByTestId('word-count').textContent).toBe('3 words · 1 min read');
    await setEditorText(Array.from({ length: 450 }, () => 'word').join(' '));
    expect(screen.getByTestId('word-count').textContent).toBe('450 words · 2 min read');
    const aids = screen.getByRole('complementary', { name: 'Writing aids' });
    expect(
      within(aids).getByText(/localhost:3000\/content\/morning-rituals|\/content\/morning-rituals/),
    ).toBeTruthy();
    await userEvent.type(
      screen.getByLabelText('Title'),
      ' for people who never quite manage mornings at all',
    );
    expect(
      within(aids).getByText(
        /The title with the site name is \d+ characters: search results show about 60\./,
      ),
    ).toBeTruthy();
    const editor = await findEditor();
    act(() => {
      editor.commands.setContent('<p>Hi</p><figure><img src="/uploads/x.webp" alt=""></figure>', {
        emitUpdate: true,
      });
    });
    expect(within(aids).getByText('1 image in the text has no alt text.')).toBeTruthy();
  });

  it('changing the slug of a published article warns and offers a 301 from the old address, sent with the save', async () => {
    const { api } = await openEdit({ 'PUT /api/content/7': article });
    expect(screen.queryByText(/breaks links to that address/)).toBeNull();
    await userEvent.clear(screen.getByLabelText('Slug'));
    await userEvent.type(screen.getByLabelText('Slug'), 'calm-mornings');
    const note = screen.getByText(/breaks links to that address/).closest('[role="note"]') as HTMLElement;
    expect(note.textContent).toContain('/content/morning-rituals');
    const redirect = within(note).getByRole('checkbox', {
      name: /Send \/content\/morning-rituals to the new address/,
    });
    expect((redirect as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Update Article' }));
    await screen.findByText('Article updated successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      slug: 'calm-mornings',
      redirectOldSlug: true,
    });
  });

  it('keeps the draft on the device at every change and autosaves it to the server after 3 s of quiet; reopening offers it back', async () => {
    const { api, unmount } = await openEdit({
      'PUT /api/admin/content/7/autosave': { savedAt: '2030-01-01T10:00:00.000Z' },
      'GET /api/admin/content/7/autosave': { autosave: null },
    });
    await userEvent.type(screen.getByLabelText('Title'), ' (draft)');
    const key = Object.keys(window.localStorage).find((k) => k.startsWith('bloom:article-draft:v1:'))!;
    expect(key).toMatch(/:admin-1:7$/);
    expect(JSON.parse(window.localStorage.getItem(key)!).draft.title).toBe('Morning Rituals (draft)');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await waitFor(
      () =>
        expect(api.calls.some((c) => c.path === '/api/admin/content/7/autosave' && c.method === 'PUT')).toBe(
          true,
        ),
      {
        timeout: 5000,
      },
    );
    const autosave = api.calls.find((c) => c.method === 'PUT')!;
    expect(autosave.body).toMatchObject({
      draft: { title: 'Morning Rituals (draft)' },
      baseUpdatedAt: article.updatedAt,
    });
    expect(await screen.findByText(/^Autosaved at /)).toBeTruthy();
    // The tab closes (no save); the next time the form opens, the draft is offered.
    Object.defineProperty(window, 'confirm', { value: () => true, configurable: true, writable: true });
    unmount();
    await openEdit({ 'GET /api/admin/content/7/autosave': { autosave: null } });
    const offer = await screen.findByText(/Unsaved changes from .* were kept on this device\./);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Morning Rituals');
    await userEvent.click(
      within(offer.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Restore unsaved changes',
      }),
    );
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Morning Rituals (draft)');
    expect(screen.queryByText(/were kept on this device/)).toBeNull();
  });

  it("offers the server's autosave when this device has none (another computer, a cleared browser)", async () => {
    await openEdit({
      'GET /api/admin/content/7/autosave': {
        autosave: {
          draft: {
            ...article,
            tags: '',
            content: '<p>Written on the laptop</p>',
            title: 'Laptop title',
            author: '',
            description: '',
            slug: 'morning-rituals',
            publishAt: '',
          },
          baseUpdatedAt: article.updatedAt,
          savedAt: '2030-01-01T10:00:00.000Z',
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Restore unsaved changes' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Laptop title');
    expect((await findEditor()).getHTML()).toContain('Written on the laptop');
  });

  it('offline, a save waits on the device and goes out when the connection returns', async () => {
    const { api } = await openEdit({ 'PUT /api/content/7': article });
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    await userEvent.type(screen.getByLabelText('Title'), ' offline');
    await userEvent.click(screen.getByRole('button', { name: 'Update Article' }));
    expect(
      await screen.findByText(/^Offline: your changes are kept on this device and will be saved/),
    ).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/content/7')).toBe(false);
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await screen.findByText('Article updated successfully');
    expect(api.calls.find((c) => c.path === '/api/content/7')?.body).toMatchObject({
      title: 'Morning Rituals offline',
    });
  });

  it('history lists revisions newest first, shows a word diff of two, and restores one as a new save', async () => {
    const revisions = [
      {
        id: 12,
        articleId: 7,
        kind: 'save',
        restoredFrom: null,
        title: 'Morning Rituals',
        authorName: 'Ada Admin',
        createdAt: '2026-01-02T10:00:00.123Z',
        words: 3,
      },
      {
        id: 11,
        articleId: 7,
        kind: 'create',
        restoredFrom: null,
        title: 'Morning Habits',
        authorName: 'Ada Admin',
        createdAt: '2026-01-01T00:00:00.000Z',
        words: 3,
      },
    ];
    const restored = {
      ...article,
      title: 'Morning Habits',
      content: 'Body words there',
      updatedAt: '2026-01-03T00:00:00.000Z',
    };
    let restoredYet = false;
    const { api } = await openEdit({
      'GET /api/admin/content/7/revisions': revisions,
      'GET /api/admin/content/7/revisions/12': { ...revisions[0], content: '<p>Body words here</p>' },
      'GET /api/admin/content/7/revisions/11': { ...revisions[1], content: '<p>Body words there</p>' },
      'POST /api/admin/content/7/revisions/11/restore': () => {
        restoredYet = true;
        return restored;
      },
      'GET /api/admin/content/7/preview': () => ({
        ...(restoredYet ? restored : article),
        contentHtml: `<p>${restoredYet ? restored.content : article.content}</p>`,
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revision history' });
    const list = within(dialog).getByRole('list', { name: 'Revisions, newest first' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual(['Morning Rituals', 'Morning Habits']);
    const diff = within(dialog).getByRole('region', { name: 'Differences' });
    await waitFor(() => expect(diff.querySelectorAll('ins').length).toBeGreaterThan(0));
    expect([...diff.querySelectorAll('del')].map((d) => d.textContent)).toEqual([
      '[removed: Habits]',
      '[removed: there]',
    ]);
    expect([...diff.querySelectorAll('ins')].map((d) => d.textContent)).toEqual([
      '[added: Rituals]',
      '[added: here]',
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore revision #11' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Restore revision #11?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await screen.findByText('Revision #11 restored and saved');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ updatedAt: article.updatedAt });
    await waitFor(() =>
      expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Morning Habits'),
    );
    expect((await findEditor()).getHTML()).toContain('Body words there');
  });

  it('an empty body says so on the editable area itself (described by the error, marked invalid)', async () => {
    renderAdmin('/admin', { 'GET /api/admin/content': () => listed([]) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Article' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create Article' }));
    const body = await screen.findByRole('textbox', { name: 'Content' });
    await waitFor(() => expect(body.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(body.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Content is required');
  });

  it('a new article can be written from scratch: markdown-like text is never needed, the body is HTML', async () => {
    const { api } = renderAdmin('/admin', {
      'GET /api/admin/content': () => listed([]),
      'POST /api/content': (c: { body: unknown }) => ({ id: 1, ...(c.body as object) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Article' }));
    await userEvent.type(await screen.findByLabelText('Title'), 'Fresh');
    await userEvent.type(screen.getByLabelText('Excerpt'), 'E');
    const editor = await findEditor();
    act(() => {
      editor.chain().setContent('<p>Intro</p>', { emitUpdate: true }).toggleHeading({ level: 2 }).run();
    });
    fireEvent.submit(screen.getByRole('button', { name: 'Create Article' }).closest('form')!);
    await screen.findByText('Article created successfully');
    expect((api.calls.find((c) => c.method === 'POST')!.body as { content: string }).content).toBe(
      '<h2>Intro</h2>',
    );
  });
});
