import { idParam, productCategoryInput } from '@site/shared';
import { asc, count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { can } from '../../auth/policy';
import type { AppEnv } from '../../context';
import { productCategories, products } from '../../db/schema';
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/http/errors';
import { validate } from '../../lib/http/validate';
import { clears } from '../../lib/cache/write-clears';

/** The category chips and names of the shop, and the product lists that show them. */
const CATEGORY_LISTS = ['list:product-categories', 'list:products'];

const nameTaken = () => conflict('A product category with that name already exists.');

/** Product categories: create (spec §7), plus edit and delete, which the spec leaves out. */
export const productCategoriesAdminRoutes = new Hono<AppEnv>()
  .get('/admin/product-categories', can('catalog.manage'), async (c) => {
    // A join, not a correlated subquery: inside `(select … from products where "category_id" = "id")`
    // drizzle leaves the columns unqualified, so "id" was the product's own id and every count was 1.
    const rows = await c.var.deps.db
      .select({
        id: productCategories.id,
        name: productCategories.name,
        description: productCategories.description,
        productCount: count(products.id),
      })
      .from(productCategories)
      .leftJoin(products, eq(products.categoryId, productCategories.id))
      .groupBy(productCategories.id)
      .orderBy(asc(productCategories.name));
    return c.json(rows);
  })
  .post(
    '/product-categories',
    can('catalog.manage'),
    clears(CATEGORY_LISTS),
    validate('json', productCategoryInput),
    async (c) => {
      const input = c.req.valid('json');
      try {
        const [row] = await c.var.deps.db
          .insert(productCategories)
          .values({ name: input.name, description: input.description || null })
          .returning({
            id: productCategories.id,
            name: productCategories.name,
            description: productCategories.description,
          });
        if (!row) throw new Error('insert returned no row');
        return c.json(row, 201);
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      }
    },
  )
  .put(
    '/product-categories/:id',
    can('catalog.manage'),
    clears(CATEGORY_LISTS),
    validate('param', idParam),
    validate('json', productCategoryInput),
    async (c) => {
      const input = c.req.valid('json');
      try {
        const [row] = await c.var.deps.db
          .update(productCategories)
          .set({ name: input.name, description: input.description || null })
          .where(eq(productCategories.id, c.req.valid('param').id))
          .returning({
            id: productCategories.id,
            name: productCategories.name,
            description: productCategories.description,
          });
        if (!row) throw notFound('Product category not found');
        return c.json(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      }
    },
  )
  .delete(
    '/product-categories/:id',
    can('catalog.manage'),
    clears(CATEGORY_LISTS),
    validate('param', idParam),
    async (c) => {
      const { id } = c.req.valid('param');
      const db = c.var.deps.db;
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(products)
        .where(eq(products.categoryId, id));
      const inUse = () =>
        conflict(
          `This category still has ${n || 'some'} product${n === 1 ? '' : 's'}. Move or delete them first.`,
        );
      if (n > 0) throw inUse();
      try {
        const gone = await db
          .delete(productCategories)
          .where(eq(productCategories.id, id))
          .returning({ id: productCategories.id });
        if (!gone.length) throw notFound('Product category not found');
      } catch (err) {
        // A product added between the count and the delete: the foreign key still refuses.
        if (isForeignKeyViolation(err)) throw inUse();
        throw err;
      }
      return c.body(null, 204);
    },
  );
