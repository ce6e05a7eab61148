import { LIMITS } from '@site/shared';

// Query keys are the URL (architecture.md), so the server prefetch and the page read the same entry.
export const categoriesKey = () => ['/api/product-categories'] as const;

/** Spec §7/§9: all products with limit 300, one category with limit 500. */
export const productsKey = (categoryId?: number) =>
  categoryId
    ? (['/api/products', { categoryId, limit: LIMITS.shopPerCategory }] as const)
    : (['/api/products', { limit: LIMITS.shopAll }] as const);

export const productKey = (id: number | string) => [`/api/products/${id}`] as const;

/** Related products: 4 from the same category, the product itself left out by the server. */
export const relatedProductsKey = (categoryId: number, exclude: number) =>
  ['/api/products', { categoryId, limit: LIMITS.relatedProducts, exclude }] as const;

/** A route param as a positive integer id, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** Sign-in link that brings the reader back to this page afterwards. */
export const loginHref = (returnTo: string) => `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
