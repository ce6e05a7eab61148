import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../components/toast/toast';
import type { Fetcher } from '../../lib/api';
import { createQueryClient } from '../../lib/query-client';
import { type AdminPlatform, type PickedFile, PlatformContext, webPlatform } from '../platform';
import { AiTab } from './AiTab';

type Call = { method: string; path: string; body: unknown };
type Handler = (call: Call) => Response | Promise<Response>;

const jsonRes = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const activeStatus = {
  configured: true,
  status: 'Active',
  model: 'gpt-4o',
  capMs: 45_000,
  style: 'product',
  outputFormat: 'JSON',
};
const review = (id: number) => ({
  productName: 'Rose Glow Serum',
  rating: 4.5,
  title: 'Rose Glow Serum Review',
  excerpt: 'Lovely.',
  content: '<p>Lovely.</p>',
  article: { id, slug: `rose-${id}`, title: 'Rose Glow Serum Review', status: 'draft' },
});

/** A fake API: status answers by default, POSTs go to the given handler; every call is recorded. */
function fakeApi(post: Handler = () => jsonRes(review(7), 201), status: unknown = activeStatus) {
  const calls: Call[] = [];
  const fetcher: Fetcher = async (path, init) => {
    const call = { method: init?.method ?? 'GET', path, body: init?.body };
    calls.push(call);
    if (path === '/api/admin/ai/status') return jsonRes(status);
    return post(call);
  };
  return { fetcher, calls, posts: () => calls.filter((c) => c.method === 'POST') };
}

function Location() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>;
}

function renderTab(fetcher: Fetcher, platform: Partial<AdminPlatform> = {}) {
  const queryClient = createQueryClient(fetcher);
  return render(
    <MemoryRouter initialEntries={['/admin?tab=ai']}>
      <PlatformContext.Provider value={{ ...webPlatform, fetcher, ...platform }}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <Routes>
              <Route
                path="*"
                element={
                  <>
                    <AiTab />
                    <Location />
                  </>
                }
              />
            </Routes>
          </ToastProvider>
        </QueryClientProvider>
      </PlatformContext.Provider>
    </MemoryRouter>,
  );
}

const card = (title: string) =>
  within(screen.getByRole('heading', { name: title }).closest('section') as HTMLElement);
const imageCard = () => card('Generate Review from Product Image');
const png = () =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'serum.png', { type: 'image/png' });

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('AI Content tab: image review card', () => {
  it('without an image says "Please select an image file", without a category "Please select a category", and sends nothing', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderTab(api.fetcher);
    await user.click(imageCard().getByRole('button', { name: 'Generate Review from Image' }));
    expect(await screen.findByText('Please select an image file')).toBeTruthy();
    await user.upload(imageCard().getByLabelText('Product image'), png());
    await user.click(imageCard().getByRole('button', { name: 'Generate Review from Image' }));
    expect(await screen.findByText('Please select a category')).toBeTruthy();
    expect(api.posts()).toHaveLength(0);
  });

  it('the image input accepts image files only and refuses other types with "Invalid file type"', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderTab(fakeApi().fetcher);
    const input = imageCard().getByLabelText('Product image') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    await user.upload(input, new File(['%PDF'], 'x.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
  });

  it('shows "Analyzing Image..." disabled while busy, posts image, category and price range, then opens the draft', async () => {
    const gate = deferred<Response>();
    const api = fakeApi(() => gate.promise);
    const user = userEvent.setup();
    renderTab(api.fetcher);
    await user.upload(imageCard().getByLabelText('Product image'), png());
    await user.selectOptions(imageCard().getByLabelText('Category'), 'skincare');
    await user.type(imageCard().getByLabelText('Price range (optional)'), '£20-£40');
    await user.click(imageCard().getByRole('button', { name: 'Generate Review from Image' }));

    const busy = await imageCard().findByRole('button', { name: 'Analyzing Image...' });
    // Progress and the 45 s cap show in the busy button; its name stays the spec's text.
    expect(busy.textContent).toMatch(/^Analyzing Image\.\.\. \d+ s \(stops at 45 s\)$/);
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await user.click(busy);
    expect(api.posts()).toHaveLength(1);
    const [post] = api.posts();
    expect(post?.path).toBe('/api/admin/analyze-product-image');
    const form = post?.body as FormData;
    expect(form.get('category')).toBe('skincare');
    expect(form.get('priceRange')).toBe('£20-£40');
    expect((form.get('image') as File).name).toBe('serum.png');

    gate.resolve(jsonRes(review(42), 201));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin?tab=articles&edit=42'),
    );
    expect(
      screen.getByRole('link', { name: 'Edit draft: Rose Glow Serum Review' }).getAttribute('href'),
    ).toBe('/admin?tab=articles&edit=42');
  });

  it.each([
    [
      'the server message',
      jsonRes({ message: 'The AI service is busy (rate limited). Please try again in 30 seconds.' }, 429),
      'The AI service is busy (rate limited). Please try again in 30 seconds.',
    ],
    [
      '"Failed to analyze image" without one',
      new Response('upstream gone', { status: 502 }),
      'Failed to analyze image',
    ],
  ])('a failure toasts %s and re-enables the button', async (_, response, message) => {
    const api = fakeApi(() => response);
    const user = userEvent.setup();
    renderTab(api.fetcher);
    await user.upload(imageCard().getByLabelText('Product image'), png());
    await user.selectOptions(imageCard().getByLabelText('Category'), 'makeup');
    await user.click(imageCard().getByRole('button', { name: 'Generate Review from Image' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain(message);
    expect(
      (imageCard().getByRole('button', { name: 'Generate Review from Image' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(screen.getByTestId('location').textContent).toBe('/admin?tab=ai');
  });

  it('on the desktop app the native picker (pickImage) supplies the file', async () => {
    const picked: PickedFile = { name: 'native.webp', type: 'image/webp', size: 10, data: new Blob(['x']) };
    const api = fakeApi();
    const user = userEvent.setup();
    renderTab(api.fetcher, { kind: 'desktop', pickImage: async () => picked });
    expect(document.querySelector('input[type="file"]')).toBeNull();
    await user.click(imageCard().getByRole('button', { name: 'Product image' }));
    expect(await imageCard().findByText('Selected: native.webp')).toBeTruthy();
    await user.selectOptions(imageCard().getByLabelText('Category'), 'fashion');
    await user.click(imageCard().getByRole('button', { name: 'Generate Review from Image' }));
    await waitFor(() => expect(api.posts()).toHaveLength(1));
    const form = api.posts()[0]?.body as FormData;
    expect((form.get('image') as File).name).toBe('native.webp');
  });
});

describe('AI Content tab: generators and settings', () => {
  it('the review generator posts the form and links to its draft', async () => {
    const api = fakeApi(() => jsonRes(review(9), 201));
    const user = userEvent.setup();
    renderTab(api.fetcher);
    const c = card('Product Review Generator');
    await user.type(c.getByLabelText('Product name'), 'Cloud Yoga Mat');
    await user.selectOptions(c.getByLabelText('Category'), 'fitness');
    await user.type(c.getByLabelText('Price range'), '£30-£60');
    await user.type(c.getByLabelText('Target audience'), 'beginners');
    await user.type(c.getByLabelText('Key features'), 'non-slip, recycled');
    await user.click(c.getByRole('button', { name: 'Generate Review' }));
    const link = await c.findByRole('link', { name: /Edit draft/ });
    expect(link.getAttribute('href')).toBe('/admin?tab=articles&edit=9');
    expect(api.posts()).toEqual([
      {
        method: 'POST',
        path: '/api/admin/ai/review',
        body: JSON.stringify({
          productName: 'Cloud Yoga Mat',
          category: 'fitness',
          priceRange: '£30-£60',
          targetAudience: 'beginners',
          keyFeatures: 'non-slip, recycled',
        }),
      },
    ]);
  });

  it('the review generator needs a product name and a category (shared schema messages)', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderTab(api.fetcher);
    const c = card('Product Review Generator');
    await user.click(c.getByRole('button', { name: 'Generate Review' }));
    expect((await c.findByRole('alert')).textContent).toBe('Please enter a product name');
    await user.type(c.getByLabelText('Product name'), 'Mat');
    await user.click(c.getByRole('button', { name: 'Generate Review' }));
    expect((await c.findByRole('alert')).textContent).toBe('Please select a category');
    expect(api.posts()).toHaveLength(0);
  });

  it('the comparison generator needs two products, then posts them and links to the draft', async () => {
    const gate = deferred<Response>();
    const api = fakeApi(() => gate.promise);
    const user = userEvent.setup();
    renderTab(api.fetcher);
    const c = card('Product Comparison Generator');
    await user.selectOptions(c.getByLabelText('Category'), 'skincare');
    await user.type(c.getByLabelText('Products'), 'Serum A');
    await user.click(c.getByRole('button', { name: 'Generate Comparison' }));
    expect((await c.findByRole('alert')).textContent).toBe('Enter at least two products, one per line');
    expect(api.posts()).toHaveLength(0);

    await user.type(c.getByLabelText('Products'), '{Enter}Serum B');
    await user.click(c.getByRole('button', { name: 'Generate Comparison' }));
    expect(
      ((await c.findByRole('button', { name: 'Generating Comparison...' })) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(api.posts()[0]).toMatchObject({
      path: '/api/admin/ai/comparison',
      body: JSON.stringify({ category: 'skincare', products: 'Serum A\nSerum B' }),
    });
    gate.resolve(
      jsonRes(
        {
          title: 'Serums Compared',
          excerpt: 'x',
          content: '<table></table>',
          article: { id: 11, slug: 's', title: 'Serums Compared', status: 'draft' },
        },
        201,
      ),
    );
    expect((await c.findByRole('link', { name: 'Edit draft: Serums Compared' })).getAttribute('href')).toBe(
      '/admin?tab=articles&edit=11',
    );
  });

  it('the settings card shows Active, GPT-4o, the style and JSON', async () => {
    renderTab(fakeApi().fetcher);
    const c = card('AI Settings');
    expect(await c.findByText('Active')).toBeTruthy();
    expect(c.getByText('GPT-4o')).toBeTruthy();
    expect(c.getByText('product')).toBeTruthy();
    expect(c.getByText('JSON')).toBeTruthy();
  });

  it('the review and comparison generators count up to the one AI cap while they wait, like the image review', async () => {
    const gate = deferred<Response>();
    const api = fakeApi(() => gate.promise, { ...activeStatus, capMs: 30_000 });
    const user = userEvent.setup();
    renderTab(api.fetcher);
    const r = card('Product Review Generator');
    await user.type(r.getByLabelText('Product name'), 'Cloud Yoga Mat');
    await user.selectOptions(r.getByLabelText('Category'), 'fitness');
    await user.click(r.getByRole('button', { name: 'Generate Review' }));
    const busy = await r.findByRole('button', { name: 'Generating Review...' });
    expect(busy.textContent).toMatch(/^Generating Review\.\.\. \d+ s \(stops at 30 s\)$/);
    const c = card('Product Comparison Generator');
    await user.selectOptions(c.getByLabelText('Category'), 'skincare');
    await user.type(c.getByLabelText('Products'), 'Serum A{Enter}Serum B');
    await user.click(c.getByRole('button', { name: 'Generate Comparison' }));
    const busy2 = await c.findByRole('button', { name: 'Generating Comparison...' });
    expect(busy2.textContent).toMatch(/^Generating Comparison\.\.\. \d+ s \(stops at 30 s\)$/);
    gate.resolve(jsonRes(review(9), 201));
  });

  it('the settings card and the image card show the model as configured, not "GPT-4o"', async () => {
    renderTab(fakeApi(undefined, { ...activeStatus, model: 'gpt-4o-mini' }).fetcher);
    const c = card('AI Settings');
    expect(await c.findByText('gpt-4o-mini')).toBeTruthy();
    expect(screen.queryByText('GPT-4o')).toBeNull();
    expect(imageCard().getByText(/gpt-4o-mini writes a review draft/)).toBeTruthy();
    expect(screen.queryByText(/GPT-4o/)).toBeNull();
  });

  it('without a key the settings card shows "Not configured" instead of "Active"', async () => {
    renderTab(fakeApi(undefined, { ...activeStatus, configured: false, status: 'Not configured' }).fetcher);
    const c = card('AI Settings');
    expect(await c.findByText('Not configured')).toBeTruthy();
    expect(c.queryByText('Active')).toBeNull();
  });
});
