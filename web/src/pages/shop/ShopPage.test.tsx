import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_GRID_SIZES } from '../../components/ui/picture-sizes';
import { eager, lazy, shown, uploadUrl } from '../../test/pictures';
import { renderAt, tableFetcher } from '../../test/render';
import { anonymous, categories, product, signedInUser } from './fixtures';

const all = [
  product(),
  product({
    id: 11,
    title: 'Yoga Mat',
    categoryId: 2,
    price: '45',
    originalPrice: null,
    vendor: null,
    rating: 4.3,
    reviewCount: 1,
  }),
  product({ id: 12, title: 'Sold Out Serum', inStock: false, originalPrice: '20.00', price: '15.00' }),
];

function shop(user: unknown = signedInUser, extra: Record<string, unknown> = {}) {
  return tableFetcher({
    '/api/auth/user': user,
    '/api/product-categories': categories,
    '/api/products?limit=300': all,
    '/api/products?categoryId=2&limit=500': [all[1]],
    '/api/products?categoryId=1&limit=500': [],
    ...extra,
  });
}

const card = (title: string) => screen.getByText(title).closest('article') as HTMLElement;

describe('Shop page', () => {
  it('lists every product with "Showing N products across all categories" and the category buttons', async () => {
    const f = shop();
    renderAt('/shop', f);
    expect(await screen.findByText('Showing 3 products across all categories')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Curated Shop' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Product categories' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['All Categories', 'Skincare', 'Fitness']);
    expect(within(nav).getByRole('link', { name: 'All Categories' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(f.calls).toContain('GET /api/products?limit=300');
  });

  it('/shop/{categoryId} fetches that category with limit 500 and says "Showing 1 product in {category}" with its description', async () => {
    const f = shop();
    renderAt('/shop/2', f);
    expect(await screen.findByText('Showing 1 product in Fitness')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Fitness' })).toBeTruthy();
    expect(screen.getByText('Move more, feel better.')).toBeTruthy();
    expect(f.calls).toContain('GET /api/products?categoryId=2&limit=500');
    expect(screen.getByRole('link', { name: 'Fitness' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows "No Products Available" for an empty category', async () => {
    renderAt('/shop/1', shop());
    expect(await screen.findByText('No Products Available')).toBeTruthy();
  });

  it('a card shows the rounded discount badge, vendor, GBP price, struck original price and "Save £x.xx"', async () => {
    renderAt('/shop', shop());
    await screen.findByText('Oat Milk Cream Cleanser');
    const c = card('Oat Milk Cream Cleanser');
    // (29.99 - 19.99) / 29.99 = 33.3% → 33
    expect(within(c).getByText('33% OFF')).toBeTruthy();
    expect(within(c).getByText('Glow Lab')).toBeTruthy();
    expect(within(c).getByText('£19.99')).toBeTruthy();
    expect(within(c).getByText('£29.99').tagName).toBe('S');
    expect(within(c).getByText('Save £10.00')).toBeTruthy();
    expect(within(c).getByText('(1,284 reviews)')).toBeTruthy();
  });

  it('a card without a vendor says "Featured"; prices always have 2 decimals; no discount, no badge', async () => {
    renderAt('/shop', shop());
    await screen.findByText('Yoga Mat');
    const c = card('Yoga Mat');
    expect(within(c).getByText('Featured')).toBeTruthy();
    expect(within(c).getByText('£45.00')).toBeTruthy();
    expect(within(c).queryByText(/% OFF/)).toBeNull();
    expect(within(c).queryByText(/^Save/)).toBeNull();
    expect(within(c).getByText('(1 review)')).toBeTruthy();
  });

  it('star ratings use half stars: 4.5 → 4 full + 1 half; 4.3 → 4 full, no half', async () => {
    renderAt('/shop', shop());
    await screen.findByText('Yoga Mat');
    // How many stars are filled: whole stars plus a half when the rating's fraction is .5 or more.
    const filled = (title: string) =>
      Number(card(title).querySelector('[data-filled-stars]')?.getAttribute('data-filled-stars'));
    const clipWidth = (title: string) =>
      Number(card(title).querySelector('clipPath rect')?.getAttribute('width'));
    expect(filled('Oat Milk Cream Cleanser')).toBe(4.5);
    expect(clipWidth('Oat Milk Cream Cleanser')).toBe(90); // 4½ of 5 stars, 20 units each
    expect(filled('Yoga Mat')).toBe(4);
    expect(clipWidth('Yoga Mat')).toBe(80);
    expect(within(card('Yoga Mat')).getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeTruthy();
  });

  it('signed in: "View Details" links to /product/{id}; out of stock: overlay and a disabled "Out of Stock" button', async () => {
    renderAt('/shop', shop());
    await screen.findByText('Yoga Mat');
    expect(within(card('Yoga Mat')).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(
      '/product/11',
    );
    const sold = card('Sold Out Serum');
    const outs = within(sold).getAllByText('Out of Stock');
    expect(outs).toHaveLength(2);
    expect((within(sold).getByRole('button', { name: 'Out of Stock' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.queryByText('Sign In to Shop')).toBeNull();
  });

  it('anonymous: the "Sign In to Shop" prompt and "Login to Purchase" buttons leading to sign-in', async () => {
    renderAt('/shop', shop(anonymous));
    expect(await screen.findByText('Sign In to Shop')).toBeTruthy();
    await screen.findByText('Yoga Mat');
    const btn = within(card('Yoga Mat')).getByRole('link', { name: 'Login to Purchase' });
    expect(btn.getAttribute('href')).toBe(`/api/login?returnTo=${encodeURIComponent('/product/11')}`);
    expect(screen.queryByText('View Details')).toBeNull();
  });

  it('shows 6 skeleton cards while loading', async () => {
    const never = () => new Promise<Response>(() => undefined);
    const f = tableFetcher({ '/api/auth/user': signedInUser, '/api/product-categories': categories });
    const slow = (async (path: string, init?: RequestInit) =>
      path.startsWith('/api/products') ? never() : f(path, init)) as typeof f;
    renderAt('/shop', slow);
    await screen.findByText('All Categories');
    expect(screen.getAllByTestId('skeleton')).toHaveLength(6);
  });

  it('an unknown category says "Category not found"', async () => {
    renderAt('/shop/99', shop(signedInUser, { '/api/products?categoryId=99&limit=500': [] }));
    expect(await screen.findByText('Category not found')).toBeTruthy();
  });

  it('product pictures are offered in the sizes of the grid; only the first card is fetched first (issue 39)', async () => {
    const pictured = [1, 2, 3, 4].map((n) =>
      product({ id: 30 + n, title: `Pictured ${n}`, imageUrl: uploadUrl(n, 800, 800) }),
    );
    renderAt('/shop', shop(signedInUser, { '/api/products?limit=300': pictured }));
    await screen.findByText('Pictured 4');
    expect(shown(within(card('Pictured 1')).getByAltText('Pictured 1'))).toEqual(eager(CARD_GRID_SIZES));
    expect(shown(within(card('Pictured 2')).getByAltText('Pictured 2'))).toEqual(lazy(CARD_GRID_SIZES));
    expect(shown(within(card('Pictured 4')).getByAltText('Pictured 4'))).toEqual(lazy(CARD_GRID_SIZES));
  });
});
