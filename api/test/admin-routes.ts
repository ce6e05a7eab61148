import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { StaffRole } from '@site/shared';
import { asc } from 'drizzle-orm';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';

/** Rows every admin route can act on; made once per test app. */
export interface AdminFixture {
  articleId: number;
  /** A stored revision of that article (issue 31 §5). */
  revisionId: number;
  productId: number;
  recipeId: number;
  categoryId: number;
  emptyCategoryId: number;
  messageId: number;
  /** Two stories: one to approve, one to reject and then delete. */
  storyIds: [number, number];
  userId: string;
  /** One of the RSS sources seeded from the test env's loopback RSS_SOURCES. */
  rssSourceId: number;
  /** A newsletter subscriber, sponsor and development-outbox mail. */
  subscriberId: number;
  sponsorId: number;
  outboxId: number;
  /** A pending staff invitation (issue 42 §6). */
  invitationId: string;
}

export async function makeAdminFixture(booted: Booted, userId: string): Promise<AdminFixture> {
  const db = booted.deps.db;
  const [cat] = await db
    .insert(s.productCategories)
    .values({ name: 'Skincare', description: 'Glow' })
    .returning();
  const [empty] = await db.insert(s.productCategories).values({ name: 'Empty' }).returning();
  const [article] = await db
    .insert(s.articles)
    .values({ slug: 'fixture', title: 'Fixture', excerpt: 'E', content: 'C', category: 'wellness' })
    .returning();
  const [revision] = await db
    .insert(s.articleRevisions)
    .values({ articleId: article!.id, kind: 'create', title: 'Fixture', content: 'C' })
    .returning();
  const [product] = await db
    .insert(s.products)
    .values({ title: 'Serum', description: 'D', price: '10.00', categoryId: cat!.id })
    .returning();
  const [recipe] = await db
    .insert(s.recipes)
    .values({ title: 'Soup', ingredients: ['a'], instructions: ['b'] })
    .returning();
  const [message] = await db
    .insert(s.contactMessages)
    .values({ firstName: 'A', lastName: 'B', email: 'a@b.co', subject: 'Hi', message: 'Hello' })
    .returning();
  const stories = await db
    .insert(s.storySubmissions)
    .values(
      [1, 2].map((n) => ({
        name: 'Reader',
        email: 'r@example.com',
        title: `Story ${n}`,
        story: 'A long enough story about a morning walk that changed my week.',
      })),
    )
    .returning();
  const [source] = await db.select({ id: s.rssSources.id }).from(s.rssSources).limit(1);
  const [subscriber] = await db
    .insert(s.newsletterSubscribers)
    .values({ email: 'fixture-subscriber@example.com', source: 'fixture' })
    .returning();
  const [sponsor] = await db
    .insert(s.newsletterSponsors)
    .values({
      name: 'Fixture sponsor',
      body: 'B',
      linkUrl: 'https://sponsor.example/',
      runsFrom: '2026-01-01',
      runsUntil: '2026-12-31',
    })
    .returning();
  const [mail] = await db
    .insert(s.newsletterOutbox)
    .values({ to: 'r@example.com', subject: 'S', kind: 'test', headers: [], html: '<p>x</p>', text: 'x' })
    .returning();
  const [invitation] = await db
    .insert(s.staffInvitations)
    .values({
      id: randomUUID(),
      email: 'fixture-invitee@example.com',
      role: 'author',
      tokenHash: randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return {
    invitationId: invitation!.id,
    subscriberId: subscriber!.id,
    sponsorId: sponsor!.id,
    outboxId: mail!.id,
    rssSourceId: source!.id,
    articleId: article!.id,
    revisionId: revision!.id,
    productId: product!.id,
    recipeId: recipe!.id,
    categoryId: cat!.id,
    emptyCategoryId: empty!.id,
    messageId: message!.id,
    storyIds: [stories[0]!.id, stories[1]!.id],
    userId,
  };
}

/** Everything an admin route could change, to prove a refused call changed nothing. */
export async function snapshot(booted: Booted) {
  const db = booted.deps.db;
  const files = await readdir(booted.deps.env.UPLOAD_DIR).catch(() => []);
  return JSON.stringify({
    articles: await db.select().from(s.articles).orderBy(asc(s.articles.id)),
    products: await db.select().from(s.products).orderBy(asc(s.products.id)),
    recipes: await db.select().from(s.recipes).orderBy(asc(s.recipes.id)),
    categories: await db.select().from(s.productCategories).orderBy(asc(s.productCategories.id)),
    messages: await db.select().from(s.contactMessages).orderBy(asc(s.contactMessages.id)),
    stories: await db.select().from(s.storySubmissions).orderBy(asc(s.storySubmissions.id)),
    rssSources: await db.select().from(s.rssSources).orderBy(asc(s.rssSources.id)),
    admins: await db
      .select({ id: s.user.id, isAdmin: s.user.isAdmin, role: s.user.role })
      .from(s.user)
      .orderBy(asc(s.user.id)),
    sessions: (await db.select({ id: s.session.id }).from(s.session)).length,
    subscribers: await db.select().from(s.newsletterSubscribers).orderBy(asc(s.newsletterSubscribers.id)),
    sponsors: await db.select().from(s.newsletterSponsors).orderBy(asc(s.newsletterSponsors.id)),
    issues: (await db.select({ id: s.newsletterIssues.id }).from(s.newsletterIssues)).length,
    invitations: await db.select().from(s.staffInvitations).orderBy(asc(s.staffInvitations.id)),
    files: files.length,
  });
}

/** A tiny valid PNG for the upload route (1×1). */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export function imageForm(bytes: Uint8Array = PNG_1PX, name = 'a.png', type = 'image/png') {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type }), name);
  return form;
}

export interface AdminRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (f: AdminFixture) => string;
  body?: (f: AdminFixture) => unknown;
  /** Status an admin gets (the route works). */
  adminStatus: number;
  /**
   * The lowest role the route lets through on the fixture's rows, none of which a contributor or author
   * wrote (docs/security.md "Roles"); permissions.test.ts checks every role against it.
   */
  minRole: StaffRole;
}

/**
 * Every admin endpoint. The RSS and AI work add their routes here, so the access test walks them too.
 * Order matters only for the admin pass: deletes come last.
 */
export const adminRoutes: AdminRoute[] = [
  // RSS (the test env points RSS_SOURCES at loopback only).
  { method: 'GET', path: () => '/api/admin/rss/status', adminStatus: 200, minRole: 'editor' },
  { method: 'POST', path: () => '/api/admin/pictures/retry', adminStatus: 202, minRole: 'editor' },
  { method: 'POST', path: () => '/api/admin/rss/process', adminStatus: 202, minRole: 'editor' },
  { method: 'GET', path: () => '/api/admin/rss/sources', adminStatus: 200, minRole: 'editor' },
  {
    method: 'POST',
    path: () => '/api/admin/rss/sources',
    body: () => ({ name: 'Access test', url: 'http://127.0.0.1:9/access.xml', category: 'wellness' }),
    adminStatus: 201,
    minRole: 'editor',
  },
  {
    method: 'PUT',
    path: (f) => `/api/admin/rss/sources/${f.rssSourceId}`,
    body: () => ({ name: 'Renamed', url: 'http://127.0.0.1:9/renamed.xml', category: 'sports' }),
    adminStatus: 200,
    minRole: 'editor',
  },
  // Loopback is refused without RSS_ALLOW_PRIVATE: the test answers 200 with the reason, fetching nothing.
  {
    method: 'POST',
    path: () => '/api/admin/rss/sources/test',
    body: () => ({ url: 'http://127.0.0.1:9/feed.xml' }),
    adminStatus: 200,
    minRole: 'editor',
  },
  // AI: without OPENAI_API_KEY an admin gets 503 "not configured"; others never get that far.
  { method: 'GET', path: () => '/api/admin/ai/status', adminStatus: 200, minRole: 'editor' },
  {
    method: 'POST',
    path: () => '/api/admin/ai/review',
    body: () => ({
      productName: 'Glow Serum',
      category: 'skincare',
      priceRange: '£20-£30',
      targetAudience: 'busy mums',
      keyFeatures: 'vitamin C, fragrance free',
    }),
    adminStatus: 503,
    minRole: 'editor',
  },
  {
    method: 'POST',
    path: () => '/api/admin/ai/comparison',
    body: () => ({ category: 'skincare', products: 'Serum A\nSerum B' }),
    adminStatus: 503,
    minRole: 'editor',
  },
  {
    method: 'POST',
    path: () => '/api/admin/analyze-product-image',
    body: () => imageForm(),
    adminStatus: 503,
    minRole: 'editor',
  },
  // Insights (docs/insights.md).
  {
    method: 'GET',
    path: () => '/api/admin/insights/clicks?from=2026-01-01&to=2026-01-31',
    adminStatus: 200,
    minRole: 'editor',
  },
  {
    method: 'GET',
    path: (f) => `/api/admin/insights/clicks.csv?from=2026-01-01&to=2026-01-31&productId=${f.productId}`,
    adminStatus: 200,
    minRole: 'editor',
  },
  {
    method: 'GET',
    path: () => '/api/admin/insights/reads?from=2026-01-01&to=2026-01-31',
    adminStatus: 200,
    minRole: 'editor',
  },
  {
    method: 'GET',
    path: (f) => `/api/admin/insights/reads?from=2026-01-01&to=2026-01-31&articleId=${f.articleId}`,
    adminStatus: 200,
    minRole: 'editor',
  },
  { method: 'GET', path: () => '/api/admin/insights/link-health', adminStatus: 200, minRole: 'editor' },
  { method: 'POST', path: () => '/api/admin/insights/link-health/run', adminStatus: 202, minRole: 'editor' },
  {
    method: 'GET',
    path: () => '/api/admin/products?limit=50&broken=true',
    adminStatus: 200,
    minRole: 'editor',
  },
  { method: 'GET', path: () => '/api/admin/content?limit=50', adminStatus: 200, minRole: 'contributor' },
  {
    method: 'GET',
    path: (f) => `/api/admin/content/${f.articleId}`,
    adminStatus: 200,
    minRole: 'contributor',
  },
  {
    method: 'GET',
    path: (f) => `/api/admin/content/${f.articleId}/preview`,
    adminStatus: 200,
    minRole: 'contributor',
  },
  {
    method: 'GET',
    path: () => '/api/admin/content?q=fixture&status=all&category=wellness&origin=editor&sort=title',
    adminStatus: 200,
    minRole: 'contributor',
  },
  {
    method: 'POST',
    path: () => '/api/admin/content/bulk',
    body: (f) => ({ action: 'category', ids: [f.articleId], category: 'home' }),
    adminStatus: 200,
    minRole: 'editor',
  },
  // "Select all N results": the exact count, then the action sent as the list's filter.
  {
    method: 'GET',
    path: () => '/api/admin/content/count?q=fixture&category=home',
    adminStatus: 200,
    minRole: 'editor',
  },
  {
    method: 'POST',
    path: () => '/api/admin/content/bulk',
    body: () => ({
      action: 'category',
      filter: { q: 'fixture', category: 'home' },
      expected: 1,
      category: 'style',
    }),
    adminStatus: 200,
    minRole: 'editor',
  },
  {
    method: 'POST',
    path: () => '/api/content',
    body: () => ({ title: 'New', excerpt: 'E', content: 'C', category: 'style' }),
    adminStatus: 201,
    minRole: 'author',
  },
  {
    method: 'PUT',
    path: (f) => `/api/content/${f.articleId}`,
    body: () => ({ title: 'Changed', excerpt: 'E', content: 'C', category: 'style' }),
    adminStatus: 200,
    minRole: 'editor',
  },
  // Revision history and autosave (issue 31).
  {
    method: 'GET',
    path: (f) => `/api/admin/content/${f.articleId}/revisions`,
    adminStatus: 200,
    minRole: 'contributor',
  },
  {
    method: 'GET',
    path: (f) => `/api/admin/content/${f.articleId}/revisions/${f.revisionId}`,
    adminStatus: 200,
    minRole: 'contributor',
  },
  {
    method: 'POST',
    path: (f) => `/api/admin/content/${f.articleId}/revisions/${f.revisionId}/restore`,
    body: () => ({}),
    adminStatus: 200,
    minRole: 'editor',
  },
  {
    method: 'PUT',
    path: (f) => `/api/admin/content/${f.articleId}/autosave`,
    body: () => ({ draft: { title: 'Autosaved', content: '<p>x</p>' } }),
    adminStatus: 200,
    minRole: 'editor',
  },
  {
    method: 'GET',
    path: (f) => `/api/admin/content/${f.articleId}/autosave`,
    adminStatus: 200,
    minRole: 'contributor',
  },
  {
    method: 'PUT',
    path: () => '/api/admin/content/new/autosave',
    body: () => ({ draft: { title: 'New autosave' } }),
    adminStatus: 200,
    minRole: 'contributor',
  },
  {
    method: 'DELETE',
    path: () => '/api/admin/content/new/autosave',
    adminStatus: 204,
    minRole: 'contributor',
  },
  { method: 'GET', path: () => '/api/admin/products?limit=50', adminStatus: 200, minRole: 'editor' },
  {
    method: 'GET',
    path: () => '/api/admin/products?q=serum&stock=in&sort=clicks',
    adminStatus: 200,
    minRole: 'editor',
  },
  {
    method: 'POST',
    path: () => '/api/products',
    body: (f) => ({ title: 'P', description: 'D', price: 5, categoryId: f.categoryId }),
    adminStatus: 201,
    minRole: 'editor',
  },
  {
    method: 'PUT',
    path: (f) => `/api/products/${f.productId}`,
    body: () => ({ title: 'P2', description: 'D', price: 6 }),
    adminStatus: 200,
    minRole: 'editor',
  },
  { method: 'GET', path: () => '/api/admin/recipes?limit=50', adminStatus: 200, minRole: 'editor' },
  {
    method: 'GET',
    path: () => '/api/admin/recipes?q=soup&wwe=false&sort=title',
    adminStatus: 200,
    minRole: 'editor',
  },
  {
    method: 'POST',
    path: () => '/api/recipes',
    body: () => ({ title: 'R', ingredients: ['x'], instructions: ['y'] }),
    adminStatus: 201,
    minRole: 'editor',
  },
  {
    method: 'PUT',
    path: (f) => `/api/recipes/${f.recipeId}`,
    body: () => ({ title: 'R2', ingredients: ['x'], instructions: ['y'] }),
    adminStatus: 200,
    minRole: 'editor',
  },
  { method: 'GET', path: () => '/api/admin/product-categories', adminStatus: 200, minRole: 'editor' },
  {
    method: 'POST',
    path: () => '/api/product-categories',
    body: () => ({ name: 'New cat' }),
    adminStatus: 201,
    minRole: 'editor',
  },
  {
    method: 'PUT',
    path: (f) => `/api/product-categories/${f.categoryId}`,
    body: () => ({ name: 'Renamed' }),
    adminStatus: 200,
    minRole: 'editor',
  },
  { method: 'GET', path: () => '/api/admin/users', adminStatus: 200, minRole: 'admin' },
  { method: 'GET', path: () => '/api/admin/audit?action=article.create', adminStatus: 200, minRole: 'admin' },
  { method: 'GET', path: () => '/api/admin/audit/export', adminStatus: 200, minRole: 'admin' },
  { method: 'GET', path: () => '/api/admin/invitations', adminStatus: 200, minRole: 'admin' },
  {
    method: 'POST',
    path: () => '/api/admin/invitations',
    body: () => ({ email: 'walk-invitee@example.com', role: 'author' }),
    adminStatus: 201,
    minRole: 'admin',
  },
  // Every staff member's own devices (issue 42 §5). A session id nobody has: 404, and nothing ends.
  { method: 'GET', path: () => '/api/admin/account/sessions', adminStatus: 200, minRole: 'contributor' },
  {
    method: 'DELETE',
    path: () => '/api/admin/account/sessions/no-such-session',
    adminStatus: 404,
    minRole: 'contributor',
  },
  {
    method: 'PUT',
    path: (f) => `/api/admin/users/${f.userId}/admin`,
    body: () => ({ isAdmin: true }),
    adminStatus: 200,
    minRole: 'admin',
  },
  { method: 'GET', path: () => '/api/admin/contact-messages', adminStatus: 200, minRole: 'editor' },
  {
    method: 'GET',
    path: () => '/api/admin/contact-messages?status=unread',
    adminStatus: 200,
    minRole: 'editor',
  },
  { method: 'GET', path: () => '/api/admin/contact-messages/counts', adminStatus: 200, minRole: 'editor' },
  {
    method: 'PATCH',
    path: (f) => `/api/admin/contact-messages/${f.messageId}`,
    body: () => ({ status: 'read' }),
    adminStatus: 200,
    minRole: 'editor',
  },
  { method: 'GET', path: () => '/api/admin/stories', adminStatus: 200, minRole: 'editor' },
  { method: 'GET', path: () => '/api/admin/stories?status=new', adminStatus: 200, minRole: 'editor' },
  { method: 'GET', path: () => '/api/admin/stories/counts', adminStatus: 200, minRole: 'editor' },
  {
    method: 'POST',
    path: (f) => `/api/admin/stories/${f.storyIds[0]}/approve`,
    adminStatus: 201,
    minRole: 'editor',
  },
  {
    method: 'PATCH',
    path: (f) => `/api/admin/stories/${f.storyIds[1]}`,
    body: () => ({ status: 'rejected' }),
    adminStatus: 200,
    minRole: 'editor',
  },
  // The newsletter (issue 30).
  {
    method: 'GET',
    path: () => '/api/admin/newsletter/subscribers?status=pending&q=a',
    adminStatus: 200,
    minRole: 'admin',
  },
  { method: 'GET', path: () => '/api/admin/newsletter/subscribers.csv', adminStatus: 200, minRole: 'admin' },
  { method: 'GET', path: () => '/api/admin/newsletter/settings', adminStatus: 200, minRole: 'admin' },
  {
    method: 'PUT',
    path: () => '/api/admin/newsletter/settings',
    body: () => ({ digestEnabled: false, digestDay: 2, digestTime: '09:15', ratePerSecond: 5 }),
    adminStatus: 200,
    minRole: 'admin',
  },
  { method: 'GET', path: () => '/api/admin/newsletter/issues', adminStatus: 200, minRole: 'editor' },
  { method: 'GET', path: () => '/api/admin/newsletter/sponsors', adminStatus: 200, minRole: 'admin' },
  {
    method: 'POST',
    path: () => '/api/admin/newsletter/sponsors',
    body: () => ({
      name: 'Tea',
      body: 'Slow evenings.',
      linkUrl: 'https://tea.example/',
      runsFrom: '2026-01-01',
      runsUntil: '2026-12-31',
    }),
    adminStatus: 201,
    minRole: 'admin',
  },
  {
    method: 'POST',
    path: () => '/api/admin/newsletter/import',
    body: () => ({ csv: 'email,consent\nfixture-reader@example.com,2026-01-02 at the fair\n' }),
    adminStatus: 200,
    minRole: 'admin',
  },
  { method: 'GET', path: () => '/api/admin/newsletter/outbox', adminStatus: 200, minRole: 'admin' },
  { method: 'GET', path: () => '/api/admin/newsletter/preview', adminStatus: 200, minRole: 'editor' },
  // Roles and sessions (issue 42).
  { method: 'GET', path: () => '/api/admin/alerts', adminStatus: 200, minRole: 'editor' },
  {
    method: 'PUT',
    path: (f) => `/api/admin/users/${f.userId}/role`,
    body: () => ({ role: 'editor' }),
    adminStatus: 200,
    minRole: 'admin',
  },
  { method: 'GET', path: () => '/api/admin/newsletter/preview/html', adminStatus: 200, minRole: 'editor' },
  { method: 'POST', path: () => '/api/admin/newsletter/test', adminStatus: 200, minRole: 'editor' },
  { method: 'POST', path: () => '/api/admin/newsletter/digest', adminStatus: 202, minRole: 'admin' },
  {
    method: 'POST',
    path: () => '/api/admin/newsletter/special',
    body: (f) => ({ articleId: f.articleId }),
    adminStatus: 202,
    minRole: 'admin',
  },
  {
    method: 'GET',
    path: (f) => `/api/admin/newsletter/subscribers/${f.subscriberId}/export`,
    adminStatus: 200,
    minRole: 'admin',
  },
  {
    method: 'PUT',
    path: (f) => `/api/admin/newsletter/sponsors/${f.sponsorId}`,
    body: () => ({
      name: 'Tea 2',
      body: 'Slow evenings.',
      linkUrl: 'https://tea.example/',
      runsFrom: '2026-01-01',
      runsUntil: '2026-12-31',
    }),
    adminStatus: 200,
    minRole: 'admin',
  },
  {
    method: 'GET',
    path: (f) => `/api/admin/newsletter/outbox/${f.outboxId}/html`,
    adminStatus: 200,
    minRole: 'admin',
  },
  {
    method: 'POST',
    path: () => '/api/upload',
    body: () => imageForm(),
    adminStatus: 201,
    minRole: 'contributor',
  },
  {
    method: 'DELETE',
    path: (f) => `/api/admin/rss/sources/${f.rssSourceId}`,
    adminStatus: 204,
    minRole: 'editor',
  },
  { method: 'DELETE', path: (f) => `/api/content/${f.articleId}`, adminStatus: 204, minRole: 'editor' },
  { method: 'DELETE', path: (f) => `/api/products/${f.productId}`, adminStatus: 204, minRole: 'editor' },
  { method: 'DELETE', path: (f) => `/api/recipes/${f.recipeId}`, adminStatus: 204, minRole: 'editor' },
  {
    method: 'DELETE',
    path: (f) => `/api/product-categories/${f.emptyCategoryId}`,
    adminStatus: 204,
    minRole: 'editor',
  },
  {
    method: 'DELETE',
    path: (f) => `/api/admin/contact-messages/${f.messageId}`,
    adminStatus: 204,
    minRole: 'editor',
  },
  {
    method: 'DELETE',
    path: (f) => `/api/admin/stories/${f.storyIds[1]}`,
    adminStatus: 204,
    minRole: 'editor',
  },
  {
    method: 'DELETE',
    path: (f) => `/api/admin/newsletter/subscribers/${f.subscriberId}`,
    adminStatus: 204,
    minRole: 'admin',
  },
  {
    method: 'DELETE',
    path: (f) => `/api/admin/newsletter/sponsors/${f.sponsorId}`,
    adminStatus: 204,
    minRole: 'admin',
  },
  {
    method: 'DELETE',
    path: (f) => `/api/admin/invitations/${f.invitationId}`,
    adminStatus: 204,
    minRole: 'admin',
  },
  // Last: it signs the fixture's user out everywhere.
  {
    method: 'DELETE',
    path: (f) => `/api/admin/users/${f.userId}/sessions`,
    adminStatus: 200,
    minRole: 'admin',
  },
];
