import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../context';
import * as s from '../schema';
import { articles } from './data/articles';
import { challenges } from './data/challenges';
import { contactMessages } from './data/messages';
import { storySubmissions } from './data/stories';
import { productCategories, products } from './data/products';
import { recipes } from './data/recipes';
import { storedBody } from '../../routes/content/body-html';

import { DEMO_ADMIN } from './demo-admin';

export { DEMO_ADMIN };

export interface SeedReport {
  inserted: Record<string, number>;
  demoAdmin: { email: string; password: string } | null;
}

const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 3600 * 1000 - 3600 * 1000);

/**
 * Demo content for an empty site. Each table is filled only while it is empty, under one
 * transaction-scoped advisory lock, so running it twice (or on two instances at once) adds nothing.
 */
export async function seedDatabase(deps: AppDeps): Promise<SeedReport> {
  const inserted: Record<string, number> = {};
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(72071)`);
    const isEmpty = async (table: PgTable) => {
      const [row] = await tx.select({ n: count() }).from(table);
      return (row?.n ?? 0) === 0;
    };

    if (await isEmpty(s.articles)) {
      const rows = articles.map((a) => ({
        slug: a.slug,
        title: a.title,
        excerpt: a.excerpt,
        category: a.category,
        imageUrl: a.imageUrl,
        tags: a.tags,
        readTime: a.readTime,
        ...storedBody(a.title, a.content, deps.env.SITE_URL),
        author: a.author,
        description: a.description,
        status: a.status,
        publishedAt: a.publishedDaysAgo === null ? null : daysAgo(a.publishedDaysAgo),
        createdAt: daysAgo((a.publishedDaysAgo ?? 0) + 1),
        isExternal: a.isExternal ?? false,
        url: a.url ?? null,
        source: a.source ?? null,
        externalKey: a.isExternal && a.url ? a.url : null,
      }));
      await tx.insert(s.articles).values(rows);
      inserted.articles = rows.length;
    }

    if (await isEmpty(s.challenges)) {
      await tx.insert(s.challenges).values(challenges);
      inserted.challenges = challenges.length;
    }

    if (await isEmpty(s.productCategories)) {
      await tx.insert(s.productCategories).values(productCategories);
      inserted.productCategories = productCategories.length;
    }

    if (await isEmpty(s.products)) {
      const cats = await tx.select().from(s.productCategories);
      const byName = new Map(cats.map((c) => [c.name, c.id]));
      const rows = products.map(({ category, ...p }) => ({ ...p, categoryId: byName.get(category) ?? null }));
      await tx.insert(s.products).values(rows);
      inserted.products = rows.length;
    }

    if (await isEmpty(s.recipes)) {
      await tx.insert(s.recipes).values(recipes.map((r, i) => ({ ...r, createdAt: daysAgo(i * 3) })));
      inserted.recipes = recipes.length;
    }

    if (await isEmpty(s.contactMessages)) {
      await tx
        .insert(s.contactMessages)
        .values(contactMessages.map(({ daysAgo: d, ...m }) => ({ ...m, createdAt: daysAgo(d) })));
      inserted.contactMessages = contactMessages.length;
    }

    if (await isEmpty(s.storySubmissions)) {
      await tx
        .insert(s.storySubmissions)
        .values(storySubmissions.map(({ daysAgo: d, ...story }) => ({ ...story, createdAt: daysAgo(d) })));
      inserted.storySubmissions = storySubmissions.length;
    }

    // A few subscribers (consent recorded as demo data) and a sponsor running now, so the Newsletter
    // tab's preview and a first send show the whole flow (docs/newsletter.md).
    if (await isEmpty(s.newsletterSubscribers)) {
      const demo = [
        { email: 'amara.reader@example.com', firstName: 'Amara', status: 'subscribed' as const },
        { email: 'jo.reader@example.com', firstName: 'Jo', status: 'subscribed' as const },
        { email: 'sam.reader@example.com', firstName: null, status: 'subscribed' as const },
        { email: 'lee.pending@example.com', firstName: 'Lee', status: 'pending' as const },
        { email: 'kim.left@example.com', firstName: 'Kim', status: 'unsubscribed' as const },
      ];
      await tx.insert(s.newsletterSubscribers).values(
        demo.map((d, i) => ({
          ...d,
          source: 'demo',
          requestedAt: daysAgo(20 - i),
          consentAt: d.status === 'pending' ? null : daysAgo(19 - i),
          consentNote: d.status === 'pending' ? null : 'demo data',
          unsubscribedAt: d.status === 'unsubscribed' ? daysAgo(2) : null,
        })),
      );
      inserted.newsletterSubscribers = demo.length;
    }
    if (await isEmpty(s.newsletterSponsors)) {
      await tx.insert(s.newsletterSponsors).values({
        name: 'Stillwater Teas',
        body: 'Loose-leaf blends for slow evenings. Readers get 15% off their first order.',
        linkUrl: 'https://example.com/stillwater-teas',
        imageUrl: null,
        runsFrom: daysAgo(7).toISOString().slice(0, 10),
        runsUntil: daysAgo(-60).toISOString().slice(0, 10),
      });
      inserted.newsletterSponsors = 1;
    }
  });

  // Demo admin: development only, never in production.
  let demoAdmin: SeedReport['demoAdmin'] = null;
  if (!deps.env.isProduction) {
    const [existing] = await deps.db.select().from(s.user).where(eq(s.user.email, DEMO_ADMIN.email));
    if (!existing) {
      await deps.auth.api.signUpEmail({
        body: {
          email: DEMO_ADMIN.email,
          password: DEMO_ADMIN.password,
          name: `${DEMO_ADMIN.firstName} ${DEMO_ADMIN.lastName}`,
          firstName: DEMO_ADMIN.firstName,
          lastName: DEMO_ADMIN.lastName,
        },
      });
      inserted.users = 1;
    }
    await deps.db
      .update(s.user)
      .set({ isAdmin: true, role: 'admin' })
      .where(eq(s.user.email, DEMO_ADMIN.email));
    demoAdmin = { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password };
  }
  return { inserted, demoAdmin };
}
