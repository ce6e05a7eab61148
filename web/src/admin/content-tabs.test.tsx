import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminArticle, adminProduct, adminRecipe, articleRead } from './test-fixtures';
import { pending, renderAdmin, setEditorText } from './test-utils';

const article = { ...adminArticle, tags: ['calm', 'sleep'], updatedAt: '2026-01-01T00:00:00.000Z' };
const fill = async (label: string, value: string) => {
  if (label === 'Content') return setEditorText(value);
  const el = await screen.findByLabelText(label);
  await userEvent.clear(el);
  if (value) await userEvent.type(el, value);
};

// The form and its editor are a lazy chunk: load it once up front so each test's form opens at once.
beforeAll(() => import('./articles/ArticleEditor'), 30_000);

describe('Articles tab', () => {
  it('shows 5 skeletons while loading; lists load with limit 50', async () => {
    const { api } = renderAdmin('/admin', { 'GET /api/admin/content': pending });
    await screen.findByRole('heading', { name: 'Articles' });
    expect(screen.getAllByTestId('skeleton')).toHaveLength(5);
    expect(api.calls.map((c) => c.path)).toContain('/api/admin/content?limit=50&offset=0');
  });

  it('rows show title, excerpt, category badge and tag badges', async () => {
    renderAdmin('/admin', {
      'GET /api/admin/content': [article, { ...article, id: 8, title: 'Draft', status: 'draft', tags: [] }],
    });
    const row = (await screen.findByText('Morning Rituals')).closest('li')!;
    for (const text of ['Start the day well', 'Wellness & Self-Care', 'calm', 'sleep']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(
      within(screen.getByText('Draft', { selector: 'h3' }).closest('li')!).getByText('Draft', {
        selector: 'span',
      }),
    ).toBeTruthy();
  });

  it('Add toggles "Create New Article"; required fields; tags split and trimmed; "Article created successfully"; form closes', async () => {
    const { api } = renderAdmin('/admin', {
      'GET /api/admin/content': [],
      'POST /api/content': (c: { body: unknown }) => ({ id: 1, ...(c.body as object) }),
    });
    const add = await screen.findByRole('button', { name: 'Add Article' });
    await userEvent.click(add);
    expect(screen.getByRole('heading', { name: 'Create New Article' })).toBeTruthy();
    await userEvent.click(add);
    expect(screen.queryByRole('heading', { name: 'Create New Article' })).toBeNull();
    await userEvent.click(add);

    await userEvent.click(await screen.findByRole('button', { name: 'Create Article' }));
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Excerpt is required')).toBeTruthy();
    expect(screen.getByText('Content is required')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    // The body is a rich text editor now (issue 31): a multi-line text box named Content.
    expect((await screen.findByRole('textbox', { name: 'Content' })).getAttribute('aria-multiline')).toBe(
      'true',
    );
    await fill('Title', 'New Dawn');
    await fill('Excerpt', 'Short');
    await fill('Content', 'Long body');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'career' } });
    await fill('Tags (comma-separated)', ' focus , ,goals ');
    await userEvent.click(screen.getByRole('button', { name: 'Create Article' }));
    await screen.findByText('Article created successfully');
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/content');
    expect(post.body).toMatchObject({
      title: 'New Dawn',
      content: '<p>Long body</p>',
      category: 'career',
      tags: ['focus', 'goals'],
      imageUrl: null,
      status: 'published',
    });
    expect(screen.queryByRole('heading', { name: 'Create New Article' })).toBeNull();
  });

  it('Edit opens "Edit Article" prefilled and submits an update (PUT); Cancel closes', async () => {
    const { api } = renderAdmin('/admin', {
      'GET /api/admin/content': [article],
      ...articleRead(article),
      'PUT /api/content/7': article,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Morning Rituals' }));
    expect(screen.getByRole('heading', { name: 'Edit Article' })).toBeTruthy();
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('Morning Rituals');
    expect((screen.getByLabelText('Tags (comma-separated)') as HTMLInputElement).value).toBe('calm, sleep');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Edit Article' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Morning Rituals' }));
    await fill('Title', 'Evening Rituals');
    expect((await screen.findByRole('textbox', { name: 'Content' })).textContent).toBe('Body');
    await userEvent.click(screen.getByRole('button', { name: 'Update Article' }));
    await screen.findByText('Article updated successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      title: 'Evening Rituals',
      slug: 'morning-rituals',
      content: '<p>Body</p>',
    });
  });

  it('a saved update closes the form at once, while the list still refetches (no open form after the toast)', async () => {
    let lists = 0;
    renderAdmin('/admin', {
      // The first list answers; the refetch after the save hangs, as a slow one would.
      'GET /api/admin/content': () => (lists++ === 0 ? [article] : pending()),
      ...articleRead(article),
      'PUT /api/content/7': article,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Morning Rituals' }));
    await fill('Title', 'Evening Rituals');
    await userEvent.click(screen.getByRole('button', { name: 'Update Article' }));
    await screen.findByText('Article updated successfully');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Edit Article' })).toBeNull());
    expect(lists).toBeGreaterThan(1);
  });

  it('a link with ?edit={id} (from the AI tools) opens that draft in "Edit Article"', async () => {
    renderAdmin('/admin?tab=articles&edit=8', {
      'GET /api/admin/content': [article, { ...article, id: 8, title: 'AI Draft', status: 'draft' }],
      ...articleRead({ ...article, id: 8, title: 'AI Draft', status: 'draft' }),
    });
    const form = await screen.findByRole('region', { name: 'Article form' });
    expect(within(form).getByText('Edit Article')).toBeTruthy();
    expect(((await within(form).findByLabelText('Title')) as HTMLInputElement).value).toBe('AI Draft');
  });

  it('Add while editing clears the item being edited', async () => {
    renderAdmin('/admin', { 'GET /api/admin/content': [article], ...articleRead(article) });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Morning Rituals' }));
    await screen.findByLabelText('Title');
    await userEvent.click(screen.getByRole('button', { name: 'Add Article' }));
    expect(screen.getByRole('heading', { name: 'Create New Article' })).toBeTruthy();
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('');
  });

  it('the submit button is disabled while the create is pending', async () => {
    renderAdmin('/admin', { 'GET /api/admin/content': [], 'POST /api/content': pending });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Article' }));
    await fill('Title', 'T');
    await fill('Excerpt', 'E');
    await fill('Content', 'C');
    const submit = screen.getByRole('button', { name: 'Create Article' }) as HTMLButtonElement;
    await userEvent.click(submit);
    await waitFor(() => expect(submit.disabled).toBe(true));
  });

  it('delete asks first, then "Article deleted successfully"; a failure says "Failed to create article"', async () => {
    const { api } = renderAdmin('/admin', {
      'GET /api/admin/content': [article],
      'DELETE /api/content/7': null,
      'POST /api/content': () => Response.json({ message: 'That slug is already used' }, { status: 409 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Morning Rituals' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText(/"Morning Rituals" will be deleted/)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Article deleted successfully');
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/content/7')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Add Article' }));
    await fill('Title', 'T');
    await fill('Excerpt', 'E');
    await fill('Content', 'C');
    await userEvent.click(screen.getByRole('button', { name: 'Create Article' }));
    expect(await screen.findByText('Failed to create article: That slug is already used')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Create New Article' })).toBeTruthy();
  });

  it('a full page offers "Load more", which fetches the next 50', async () => {
    const page = Array.from({ length: 50 }, (_, i) => ({ ...article, id: i + 1, title: `A${i + 1}` }));
    const { api } = renderAdmin('/admin', {
      'GET /api/admin/content?limit=50&offset=0': page,
      'GET /api/admin/content?limit=50&offset=50': [{ ...article, id: 99, title: 'Last one' }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Last one')).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toContain('/api/admin/content?limit=50&offset=50');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('"Load more" reads on from the cursor the server sent, and the first page\'s "1000+" total stays (issue 43)', async () => {
    const page = Array.from({ length: 50 }, (_, i) => ({ ...article, id: i + 1, title: `A${i + 1}` }));
    const { api } = renderAdmin('/admin', {
      'GET /api/admin/content?limit=50&offset=0': () =>
        Response.json(page, {
          headers: { 'x-total-count': '1000', 'x-total-count-capped': 'true', 'x-next-cursor': 'after-50' },
        }),
      'GET /api/admin/content?limit=50&cursor=after-50': [{ ...article, id: 99, title: 'Last one' }],
    });
    expect(await screen.findByText('1000+ results')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Last one')).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toContain('/api/admin/content?limit=50&cursor=after-50');
    expect(api.calls.some((c) => c.path.includes('offset=50'))).toBe(false);
    expect(screen.getByText('1000+ results')).toBeTruthy();
  });
});

describe('Products tab', () => {
  const categories = [
    { id: 3, name: 'Skincare', description: null, productCount: 1 },
    { id: 4, name: 'Fitness', description: null, productCount: 0 },
  ];
  const product = {
    ...adminProduct,
    categoryId: 3,
    tags: ['glow'],
    clickCount: 12,
    createdAt: '',
    updatedAt: '',
  };

  it('rows show price, category, tags and click count; price sent as a number and category as an integer', async () => {
    const { api } = renderAdmin('/admin?tab=products', {
      'GET /api/admin/products': [product],
      'GET /api/admin/product-categories': categories,
      'POST /api/products': product,
    });
    const row = (await screen.findByText('Rose Serum')).closest('li')!;
    expect(within(row).getByText('£24.50')).toBeTruthy();
    expect(await within(row).findByText('Skincare')).toBeTruthy();
    expect(within(row).getByText('glow')).toBeTruthy();
    expect(within(row).getByText('12 clicks')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByRole('heading', { name: 'Create New Product' })).toBeTruthy();
    expect(screen.getByLabelText('Description').getAttribute('rows')).toBe('5');
    const price = screen.getByLabelText('Price (£)');
    expect(price.getAttribute('step')).toBe('0.01');
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(screen.getByText('Price must be a number')).toBeTruthy();

    await fill('Title', 'Yoga Mat');
    await fill('Description', 'Grippy');
    await fill('Price (£)', '19.99');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '4' } });
    await fill('Features (one per line)', 'Non-slip\n\nEco');
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await screen.findByText('Product created successfully');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: 'Yoga Mat',
      price: 19.99,
      categoryId: 4,
      features: ['Non-slip', 'Eco'],
      inStock: true,
    });
  });

  it('an affiliate URL must be http(s)', async () => {
    renderAdmin('/admin?tab=products', {
      'GET /api/admin/products': [],
      'GET /api/admin/product-categories': [],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Product' }));
    await fill('Title', 'X');
    await fill('Description', 'Y');
    await fill('Price (£)', '1');
    fireEvent.change(screen.getByLabelText('Affiliate URL'), { target: { value: 'javascript:alert(1)' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByText('Must be an http(s) URL')).toBeTruthy();
  });
});

describe('Recipes tab', () => {
  it('badges for difficulty, cuisine, tags; lines with blanks dropped; times as integers or null', async () => {
    const recipe = {
      ...adminRecipe,
      cuisine: 'italian',
      difficulty: 'easy',
      tags: ['vegan'],
      createdAt: '',
    };
    const { api } = renderAdmin('/admin?tab=recipes', {
      'GET /api/admin/recipes': [recipe],
      'POST /api/recipes': recipe,
    });
    const row = (await screen.findByText('Green Soup')).closest('li')!;
    for (const t of ['Easy', 'Italian', 'vegan']) expect(within(row).getByText(t)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add Recipe' }));
    expect(screen.getByLabelText('Ingredients (one per line)').getAttribute('rows')).toBe('8');
    expect(screen.getByLabelText('Instructions (one per line)').getAttribute('rows')).toBe('8');
    await userEvent.click(screen.getByRole('button', { name: 'Create Recipe' }));
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText('At least one ingredient is required')).toBeTruthy();
    expect(screen.getByText('At least one instruction is required')).toBeTruthy();

    await fill('Title', 'Toast');
    fireEvent.change(screen.getByLabelText('Ingredients (one per line)'), {
      target: { value: 'bread\n\n  butter  \n' },
    });
    fireEvent.change(screen.getByLabelText('Instructions (one per line)'), {
      target: { value: 'toast\n\nspread' },
    });
    fireEvent.change(screen.getByLabelText('Prep time (minutes)'), { target: { value: '5' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Recipe' }));
    await screen.findByText('Recipe created successfully');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Toast',
      description: null,
      ingredients: ['bread', 'butter'],
      instructions: ['toast', 'spread'],
      prepTime: 5,
      cookTime: null,
      servings: null,
      difficulty: null,
      cuisine: null,
      imageUrl: null,
      tags: [],
    });
  });
});
