import type { QueryClient } from '@tanstack/react-query';

/** A report's days, both included (YYYY-MM-DD, London). */
export type InsightsRange = { from: string; to: string };

/** Filters of an admin list (search, status, sort…): every variable is part of the key. */
export type ListFilters = Record<string, string | number | boolean | undefined>;

function resource<Path extends string>(path: Path) {
  return {
    /** The prefix every query of this resource starts with: invalidate by it. */
    all: [path] as const,
    list: (filters: ListFilters = {}) => [path, filters] as const,
  };
}

/**
 * Every admin query key, defined once (DESIGN.md §7). A key starts with the URL it reads, so a
 * resource's `all` is the prefix its lists share. Never write a key string anywhere else: three tabs
 * once invalidated three different keys for one list and the list went stale.
 */
export const adminKeys = {
  articles: {
    ...resource('/api/admin/content'),
    /** An article as readers will see it, whatever its status (/admin/preview/{id}). */
    preview: (id: string) => [`/api/admin/content/${encodeURIComponent(id)}/preview`] as const,
    /** The exact number of matches of a filter, for "Select all N results" when the list said "1000+". */
    count: (filter: ListFilters) => ['/api/admin/content/count', filter] as const,
  },
  products: resource('/api/admin/products'),
  recipes: resource('/api/admin/recipes'),
  categories: resource('/api/admin/product-categories'),
  users: resource('/api/admin/users'),
  invitations: resource('/api/admin/invitations'),
  alerts: ['/api/admin/alerts'] as const,
  messages: {
    ...resource('/api/admin/contact-messages'),
    counts: ['/api/admin/contact-messages/counts'] as const,
  },
  stories: { ...resource('/api/admin/stories'), counts: ['/api/admin/stories/counts'] as const },
  rss: { status: ['/api/admin/rss/status'] as const },
  ai: { status: ['/api/admin/ai/status'] as const },
  account: {
    /** The signed-in staff member as /admin's gate reads it (two-step sign-in state included). */
    me: ['/api/auth/user', 'admin-gate'] as const,
    /** Their signed-in devices (issue 42 §5). */
    sessions: ['/api/admin/account/sessions'] as const,
  },
  newsletter: {
    all: ['/api/admin/newsletter'] as const,
    subscribers: (filters: ListFilters = {}) => ['/api/admin/newsletter/subscribers', filters] as const,
    settings: ['/api/admin/newsletter/settings'] as const,
    preview: ['/api/admin/newsletter/preview'] as const,
    issues: ['/api/admin/newsletter/issues'] as const,
    sponsors: ['/api/admin/newsletter/sponsors'] as const,
    outbox: ['/api/admin/newsletter/outbox'] as const,
  },
  audit: {
    /** One filter's pages, newest first (each page's `before` is the query's page parameter). */
    list: (filters: ListFilters = {}) => ['/api/admin/audit', filters] as const,
    /** The CSV export's URL, with the same filters as the table. */
    csv: (filters: ListFilters = {}) => ['/api/admin/audit/export', filters] as const,
  },
  insights: {
    clicks: (range: InsightsRange & { productId?: number | undefined }) =>
      ['/api/admin/insights/clicks', range] as const,
    /** The CSV export's URL is a key too (a link, not a query), so its parameters match the chart's. */
    clicksCsv: (range: InsightsRange & { productId?: number | undefined }) =>
      ['/api/admin/insights/clicks.csv', range] as const,
    reads: (range: InsightsRange & { articleId?: number | undefined }) =>
      ['/api/admin/insights/reads', range] as const,
    linkHealth: ['/api/admin/insights/link-health'] as const,
  },
} as const;

/**
 * The public reads each admin write changes. In the web app the admin shares its QueryClient with
 * the public pages, so a new article must also refresh the news list, featured and search.
 */
const publicPaths = {
  articles: ['/api/content'],
  products: ['/api/products', '/api/product-categories'],
  recipes: ['/api/recipes'],
  categories: ['/api/product-categories', '/api/products'],
} as const;

type Changed = keyof typeof publicPaths;

const adminPrefix: Record<Changed, readonly [string]> = {
  articles: adminKeys.articles.all,
  products: adminKeys.products.all,
  recipes: adminKeys.recipes.all,
  categories: adminKeys.categories.all,
};

/** A key whose URL is `path` or lies below it (`/api/content` covers `/api/content/featured`). */
function underPath(key: readonly unknown[], paths: readonly string[]): boolean {
  const head = key[0];
  return (
    typeof head === 'string' &&
    paths.some((p) => head === p || head.startsWith(`${p}/`) || head.startsWith(`${p}?`))
  );
}

/** After a write: refetch the admin lists and the public reads of what changed. */
export function invalidateChanged(qc: QueryClient, ...changed: Changed[]): Promise<unknown> {
  const paths = changed.flatMap((c) => [...adminPrefix[c], ...publicPaths[c]]);
  return qc.invalidateQueries({ predicate: (q) => underPath(q.queryKey, paths) });
}
