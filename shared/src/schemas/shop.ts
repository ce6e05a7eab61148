import { z } from 'zod';
import { LIMITS } from '../constants';
import { httpUrl, idString, idValue, imageRef, loadedVersion, offsetQuery, tagList, text } from './common';

const money = z.coerce
  .number({ message: 'Price must be a number' })
  .nonnegative('Price cannot be negative')
  .max(1_000_000)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Use at most 2 decimals');

/** A product's fields without defaults (create: `productInput`; update: `productUpdate`, issue 31 §7). */
const productFields = {
  title: text().trim().min(1, 'Title is required').max(200),
  description: text().trim().min(1, 'Description is required').max(5000),
  price: money,
  originalPrice: money.nullish(),
  categoryId: idValue.nullish(),
  tags: tagList,
  features: z.array(text().trim().min(1).max(200)).max(30),
  imageUrl: imageRef.nullish(),
  vendor: text().trim().max(120).nullish(),
  affiliateUrl: httpUrl.nullish(),
  inStock: z.boolean(),
  rating: z.coerce.number().min(0).max(5).nullish(),
  reviewCount: z.coerce.number().int().min(0).max(10_000_000).nullish(),
  /** The updatedAt the form loaded: a save over a newer version is refused with 409. */
  updatedAt: loadedVersion,
};

export const productInput = z.object({
  ...productFields,
  tags: productFields.tags.default([]),
  features: productFields.features.default([]),
  inStock: productFields.inStock.default(true),
});
export type ProductInput = z.input<typeof productInput>;

/** PUT /api/products/:id: a field the body leaves out keeps its value. */
export const productUpdate = z.object(productFields).partial();

export const productListQuery = z.object({
  categoryId: idString.optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.productsMax).default(LIMITS.shopAll),
  offset: offsetQuery,
  exclude: idString.optional(),
});

export const productCategoryInput = z.object({
  name: text().trim().min(1, 'Name is required').max(100),
  description: text().trim().max(1000).nullish(),
});
export type ProductCategoryInput = z.input<typeof productCategoryInput>;

export interface ProductCategory {
  id: number;
  name: string;
  description: string | null;
}

export interface Product {
  id: number;
  title: string;
  description: string;
  price: string;
  originalPrice: string | null;
  imageUrl: string | null;
  vendor: string | null;
  rating: number | null;
  reviewCount: number;
  inStock: boolean;
  categoryId: number | null;
  tags: string[];
  features: string[];
  affiliateUrl: string | null;
  clickCount?: number;
  /** Admin list: the latest check of the current affiliate link failed (docs/insights.md). */
  linkBroken?: boolean;
  createdAt: string;
  updatedAt: string;
}
