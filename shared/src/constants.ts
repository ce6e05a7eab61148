// Business constants from product spec §9, written once.

export const BRAND = 'Bloom & Balance';

export const ARTICLE_CATEGORIES = ['wellness', 'style', 'nutrition', 'career', 'home', 'community'] as const;
/** RSS sports feeds use this extra category (spec §3); it has no listing page. */
export const ALL_ARTICLE_CATEGORIES = [...ARTICLE_CATEGORIES, 'sports'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
export type AnyArticleCategory = (typeof ALL_ARTICLE_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<AnyArticleCategory, string> = {
  wellness: 'Wellness & Self-Care',
  style: 'Style & Fashion',
  nutrition: 'Nutrition & Recipes',
  career: 'Career & Creativity',
  home: 'Home & Aesthetics',
  community: 'Community',
  sports: 'Sports',
};
/** Short names used by the News filter buttons. */
export const CATEGORY_SHORT_LABELS: Record<AnyArticleCategory, string> = {
  wellness: 'Wellness',
  style: 'Style',
  nutrition: 'Nutrition',
  career: 'Career',
  home: 'Home',
  community: 'Community',
  sports: 'Sports',
};

/** A scheduled article is public from its publishedAt on (DESIGN.md §7: the query decides, no job). */
export const ARTICLE_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

/** Where an article came from: written here, an RSS import, an AI draft or an approved reader story. */
export const ARTICLE_ORIGINS = ['editor', 'rss', 'ai', 'story'] as const;
export type ArticleOrigin = (typeof ARTICLE_ORIGINS)[number];
export const ARTICLE_ORIGIN_LABELS: Record<ArticleOrigin, string> = {
  editor: 'Written here',
  rss: 'RSS import',
  ai: 'AI draft',
  story: 'Reader story',
};

/** Admin list sort orders, per resource. */
export const ARTICLE_SORTS = ['newest', 'updated', 'title'] as const;
export const PRODUCT_SORTS = ['newest', 'price-asc', 'price-desc', 'clicks'] as const;
export const RECIPE_SORTS = ['newest', 'title'] as const;
export const SORT_LABELS: Record<string, string> = {
  newest: 'Newest',
  updated: 'Last updated',
  title: 'Title',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  clicks: 'Affiliate clicks',
};

export const CUISINES = ['italian', 'mexican', 'asian', 'american', 'mediterranean', 'indian'] as const;
export type Cuisine = (typeof CUISINES)[number];
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const MESSAGE_STATUSES = ['unread', 'read', 'replied'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A reader's story as editors review it: new → approved (a community draft is made) or rejected. */
export const STORY_STATUSES = ['new', 'approved', 'rejected'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

export const AI_CATEGORIES = ['skincare', 'makeup', 'wellness', 'home-decor', 'fashion', 'fitness'] as const;
export type AiCategory = (typeof AI_CATEGORIES)[number];

export const LIMITS = {
  featured: 3,
  challenges: 3,
  tagsPerCard: 3,
  relatedArticles: 2,
  relatedProducts: 4,
  loadMoreThreshold: 20,
  newsPageSize: 20,
  searchMinChars: 3,
  searchMaxResults: 50,
  searchCacheMs: 30_000,
  shopAll: 300,
  shopPerCategory: 500,
  productsMax: 500,
  adminList: 50,
  contentMax: 100,
  uploadMaxBytes: 5 * 1024 * 1024,
  uploadMaxPixels: 40_000_000,
  uploadMaxDimension: 10_000,
  rssRecentArticles: 5,
  rssRecentRecipes: 3,
} as const;

export const SKELETONS = { publicList: 6, publicGrid: 15, adminList: 5, users: 3 } as const;

export const DELAYS = {
  unauthorizedRedirectMs: 500,
  adminCheckRedirectMs: 1500,
  adminLoginRedirectMs: 2000,
  toastMs: 5000,
  tooltipMs: 700,
  menuTypeaheadMs: 1000,
} as const;

export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const UPLOAD_EXTENSIONS = ['.jpeg', '.jpg', '.png', '.gif', '.webp'] as const;

/** Asked before an admin form with unsaved changes is closed or left (web and desktop alike). */
export const LEAVE_QUESTION = 'You have unsaved changes. Leave without saving?';

export const RSS_INTERVAL_HOURS = 6;
export const WWE_TAG = 'WWE';
export const AI_MODEL_LABEL = 'GPT-4o';
export const CONTACT_REPLY_HOURS = 24;
export const SUPPORT_HOURS = 'Monday to Friday 9AM-6PM GMT';
export const COPYRIGHT_YEAR = 2025;

/** Insights (affiliate clicks, reads, link health): docs/insights.md. */
export const INSIGHTS = {
  /** Longest report range, in days (a year plus a leap day). */
  maxRangeDays: 366,
  /** The range buttons of the admin panels. */
  presets: [7, 30, 90] as const,
  /** Rows in the top products / top pages / most read lists. */
  topCount: 10,
  /** Reading beacons one client may send per hour before 429. */
  readsPerHour: 120,
} as const;

/**
 * The answer to every subscribe request, whatever the address's state (no account discovery). Here,
 * not beside the newsletter schemas: the footer's form shows it, and importing it from a module that
 * builds zod schemas put zod into every public page's first JavaScript (issue 41 §7, 11 KB over budget).
 */
export const NEWSLETTER_SUBSCRIBE_ANSWER =
  'Thanks! Check your inbox: we sent a link to confirm your subscription.';
