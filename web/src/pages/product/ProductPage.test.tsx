import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_LEAD_SIZES, RELATED_PRODUCT_SIZES } from '../../components/ui/picture-sizes';
import { eager, lazy, shown, uploadUrl } from '../../test/pictures';
import { renderAt, tableFetcher } from '../../test/render';
import { browserNav } from '../shop/components/LoginRequired';
import { anonymous, product, signedInUser } from '../shop/fixtures';

const related = [
  product({ id: 20, title: 'Rose Toner' }),
  product({ id: 21, title: 'Night Balm' }),
  product({ id: 22, title: 'Clay Mask' }),
  product({ id: 23, title: 'Lip Oil' }),
];

function api(p = product(), user: unknown = signedInUser) {
  return tableFetcher({
    '/api/auth/user': user,
    [`/api/products/${p.id}`]: p,
    [`/api/products?categoryId=1&limit=4&exclude=${p.id}`]: related,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const e of document.head.querySelectorAll('[data-seo]')) e.remove();
});

describe('Product page', () => {
  it('anonymous: "Login Required", noindex, no product call, then a redirect to sign-in with returnTo', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const go = vi.spyOn(browserNav, 'go').mockImplementation(() => undefined);
    const f = api(product(), anonymous);
    renderAt('/product/10', f);
    expect(await screen.findByRole('heading', { name: 'Login Required' })).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
        'noindex, nofollow',
      ),
    );
    await vi.advanceTimersByTimeAsync(600);
    expect(go).toHaveBeenCalledWith(`/api/login?returnTo=${encodeURIComponent('/product/10')}`);
    expect(f.calls.some((c) => c.includes('/api/products/10'))).toBe(false);
    vi.useRealTimers();
  });

  it('shows title, rating, price, discount percent, description, Key Features, "Sold by" vendor and In Stock', async () => {
    renderAt('/product/10', api());
    expect(await screen.findByRole('heading', { level: 1, name: 'Oat Milk Cream Cleanser' })).toBeTruthy();
    const main = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(within(main).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(within(main).getByText('£19.99')).toBeTruthy();
    expect(within(main).getByText('33% OFF')).toBeTruthy();
    expect(within(main).getByText('A soft cleanser for every skin type.')).toBeTruthy();
    expect(within(main).getByRole('heading', { name: 'Key Features' })).toBeTruthy();
    expect(within(main).getByText('Fragrance free')).toBeTruthy();
    expect(within(main).getByText('Glow Lab').parentElement?.textContent).toBe('Sold by Glow Lab');
    expect(within(main).getByText('In Stock')).toBeTruthy();
    expect(within(main).getByText(/may earn a commission/)).toBeTruthy();
  });

  it('the picture is offered in its sizes for half the page and fetched first; related products lazily at a quarter (issue 39)', async () => {
    const f = tableFetcher({
      '/api/auth/user': signedInUser,
      '/api/products/10': product({ imageUrl: uploadUrl(10, 1000, 1000) }),
      '/api/products?categoryId=1&limit=4&exclude=10': related.map((p, i) => ({
        ...p,
        imageUrl: uploadUrl(20 + i, 800, 800),
      })),
    });
    renderAt('/product/10', f);
    const lead = await screen.findByAltText('Oat Milk Cream Cleanser');
    expect(shown(lead)).toEqual(eager(PRODUCT_LEAD_SIZES));
    expect(PRODUCT_LEAD_SIZES).toBe(
      '(min-width: 1152px) 540px, (min-width: 768px) calc((100vw - 72px) / 2), calc(100vw - 32px)',
    );
    await screen.findByText('Lip Oil');
    const cards = screen.getAllByTestId('product-card');
    expect(cards).toHaveLength(4);
    for (const c of cards)
      expect(shown(c.querySelector('img') as Element)).toEqual(lazy(RELATED_PRODUCT_SIZES));
    expect(RELATED_PRODUCT_SIZES).toBe(
      '(min-width: 1152px) 262px, (min-width: 1024px) calc((100vw - 104px) / 4), (min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)',
    );
  });

  it('Buy Now opens /go/{id} in a new tab with rel="sponsored nofollow noopener noreferrer"', async () => {
    renderAt('/product/10', api());
    const buy = await screen.findByRole('link', { name: 'Buy Now' });
    expect(buy.getAttribute('href')).toBe(`/go/10?from=${encodeURIComponent('/product/10')}`);
    expect(buy.getAttribute('target')).toBe('_blank');
    expect(buy.getAttribute('rel')).toBe('sponsored nofollow noopener noreferrer');
  });

  it('without an affiliate link, Buy Now alerts "Affiliate link not available for this product."', async () => {
    const alert = vi.fn();
    window.alert = alert; // happy-dom has no alert dialog
    renderAt('/product/10', api(product({ affiliateUrl: null, vendor: null })));
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(alert).toHaveBeenCalledWith('Affiliate link not available for this product.');
    expect(screen.getByText('Trusted Partner').parentElement?.textContent).toBe('Sold by Trusted Partner');
  });

  it('related products: 4 from the same category, itself excluded, shown as cards', async () => {
    const f = api();
    renderAt('/product/10', f);
    expect(await screen.findByRole('heading', { name: 'You May Also Like' })).toBeTruthy();
    expect(await screen.findByText('Lip Oil')).toBeTruthy();
    expect(screen.getAllByTestId('product-card')).toHaveLength(4);
    expect(f.calls).toContain('GET /api/products?categoryId=1&limit=4&exclude=10');
  });

  it('JSON-LD Product with an Offer in GBP and availability; the page is noindex', async () => {
    renderAt('/product/10', api(product({ inStock: false })));
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.querySelector('script[type="application/ld+json"]')).toBeTruthy());
    const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Oat Milk Cream Cleanser',
      offers: {
        '@type': 'Offer',
        price: '19.99',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/OutOfStock',
      },
      aggregateRating: { ratingValue: 4.5, reviewCount: 1284 },
    });
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
  });

  it('a missing product: "Product Not Available", "Product not found" and links to /shop', async () => {
    renderAt('/product/999', tableFetcher({ '/api/auth/user': signedInUser }));
    expect(await screen.findByRole('heading', { name: 'Product Not Available' })).toBeTruthy();
    expect(screen.getByText('Product not found')).toBeTruthy();
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href') === '/shop');
    expect(links.length).toBeGreaterThanOrEqual(2);
  });

  it('a server failure: "Product Not Available" with "Failed to load product"', async () => {
    renderAt(
      '/product/10',
      tableFetcher({
        '/api/auth/user': signedInUser,
        '/api/products/10': () => new Response('boom', { status: 500 }),
      }),
    );
    expect(await screen.findByText('Failed to load product')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Product Not Available' })).toBeTruthy();
  });
});
