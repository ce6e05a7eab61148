import { slugify } from '@site/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { articles } from '../../db/schema';

/** The database or a transaction on it: anything that can select. */
type Reader = Pick<Database, 'select'>;

export async function slugTaken(db: Reader, slug: string, exceptId?: number) {
  const where = exceptId ? and(eq(articles.slug, slug), ne(articles.id, exceptId)) : eq(articles.slug, slug);
  const [row] = await db.select({ id: articles.id }).from(articles).where(where).limit(1);
  return Boolean(row);
}

/** A free slug from the title: "title", then "title-2", "title-3"… */
export async function uniqueSlug(db: Reader, title: string, exceptId?: number) {
  const base = slugify(title) || 'article';
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 75)}-${n}`;
    if (!(await slugTaken(db, candidate, exceptId))) return candidate;
  }
  return `${base.slice(0, 60)}-${Date.now().toString(36)}`;
}
