import type { Database } from '../api/src/db/client';
import * as s from '../api/src/db/schema';
import { articles as demoArticles } from '../api/src/db/seed/data/articles';
import { products as demoProducts } from '../api/src/db/seed/data/products';
import { recipes as demoRecipes } from '../api/src/db/seed/data/recipes';
import { bodyHtmlFields } from '../api/src/routes/content/body-html';
import { num, option } from './cli-args';

export interface ScaleTarget {
  articles: number;
  products: number;
  recipes: number;
}

/**
 * `--scale=N` (issue 43: `pnpm bench -- --scale=1000000`): N articles, the products and recipes left
 * as they are. The archive grows every 6 hours with the RSS import; the shop is curated and grows
 * by hand, so the 1,000,000 run changes one thing against the 100,000 one. Undefined when not given.
 */
export const scaleFlag = (() => {
  const n = num('scale', 0);
  if (n === 0 && option('scale') === undefined) return undefined;
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--scale must be a whole number of articles, not "${option('scale')}"`);
  return n;
})();

/** The scale of the full bench, each overridable with --scale=N or --articles=N --products=N --recipes=N. */
export function scaleFromFlags(
  defaults: ScaleTarget = { articles: 100_000, products: 5_000, recipes: 2_000 },
): ScaleTarget {
  return {
    articles: num('articles', scaleFlag ?? defaults.articles),
    products: num('products', defaults.products),
    recipes: num('recipes', defaults.recipes),
  };
}

/** Deterministic PRNG (mulberry32) so every run seeds the same corpus. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Index into a non-empty list (the demo data always has entries). */
function at<T>(list: readonly T[], i: number): T {
  const v = list[i % list.length];
  if (v === undefined) throw new Error('empty demo data');
  return v;
}

const ANGLES = [
  'What the Research Says',
  'A Beginner’s Guide',
  'Five Things We Learned',
  'The Honest Version',
  'For Busy Weeks',
  'On a Budget',
  'Notes From Our Readers',
  'A Seasonal Update',
  'Questions Answered',
  'The Long Read',
];

/** Paragraph-level blocks of the demo bodies: HTML elements one per line, markdown split on blank lines. */
function blocksOf(content: string): string[] {
  const isHtml = content.trimStart().startsWith('<');
  return (isHtml ? content.split('\n') : content.split(/\n\s*\n/)).map((b) => b.trim()).filter(Boolean);
}

const published = demoArticles.filter((a) => a.status === 'published' && !a.isExternal);
const pools = published.map((a) => ({ article: a, blocks: blocksOf(a.content) }));

function words(text: string) {
  return text
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
}

/** One realistic article: a demo article's shape with paragraphs recombined from others of its category. */
export function scaleArticle(i: number) {
  const r = rng(i + 1);
  const base = at(pools, i % pools.length);
  const sameKind = pools.filter((p) => p.article.category === base.article.category);
  const isHtml = base.article.content.trimStart().startsWith('<');
  const pick = () => {
    const donor = at(sameKind, Math.floor(r() * sameKind.length));
    const donorHtml = donor.article.content.trimStart().startsWith('<');
    const from = donorHtml === isHtml ? donor : base;
    return at(from.blocks, Math.floor(r() * from.blocks.length));
  };
  const n = 5 + Math.floor(r() * 6);
  const body = [at(base.blocks, 0), ...Array.from({ length: n }, pick)].join(isHtml ? '\n' : '\n\n');
  const angle = at(ANGLES, Math.floor(r() * ANGLES.length));
  const title = `${base.article.title}: ${angle}`;
  const days = Math.floor(r() * 1100);
  const day = 24 * 3600 * 1000;
  const isDraft = i % 50 === 49;
  return {
    slug: `${base.article.slug}-${i}`,
    title,
    excerpt: base.article.excerpt,
    content: body,
    category: base.article.category,
    imageUrl: base.article.imageUrl,
    tags: base.article.tags,
    readTime: Math.max(1, Math.round(words(body) / 200)),
    // Stored as every writer stores it, so the crowd reads what production reads.
    ...bodyHtmlFields(body),
    author: base.article.author,
    description: base.article.description,
    status: isDraft ? ('draft' as const) : ('published' as const),
    publishedAt: isDraft ? null : new Date(Date.now() - (days + 40) * day),
    createdAt: new Date(Date.now() - (days + 41) * day),
  };
}

const VARIANTS = ['Mini', 'Travel Size', 'Refill', 'Gift Set', 'Large', 'Limited Edition', 'Duo', 'Classic'];

function scaleProduct(i: number, categoryIds: Map<string, number>) {
  const r = rng(1_000_000 + i);
  const { category, ...p } = at(demoProducts, i % demoProducts.length);
  const factor = 0.7 + r() * 0.8;
  const price = (Number(p.price) * factor).toFixed(2);
  return {
    ...p,
    title: `${p.title} ${VARIANTS[i % VARIANTS.length]} #${i}`,
    price,
    originalPrice: p.originalPrice ? (Number(p.originalPrice) * factor).toFixed(2) : null,
    rating: Math.round((3.5 + r() * 1.5) * 10) / 10,
    reviewCount: Math.floor(r() * 2000),
    categoryId: categoryIds.get(category) ?? null,
  };
}

function scaleRecipe(i: number) {
  const r = rng(2_000_000 + i);
  const base = at(demoRecipes, i % demoRecipes.length);
  return {
    ...base,
    title: `${base.title} (${ANGLES[Math.floor(r() * ANGLES.length)]}) #${i}`,
    prepTime: base.prepTime + Math.floor(r() * 10),
    createdAt: new Date(Date.now() - Math.floor(r() * 900) * 24 * 3600 * 1000),
  };
}

async function countOf(db: Database, table: typeof s.articles | typeof s.products | typeof s.recipes) {
  return Number(await db.$count(table));
}

/**
 * The GIN search indexes slow bulk inserts tenfold, and the narrow copy's admin indexes add five
 * inserts a row; drop them and rebuild each once (same definition).
 */
async function withoutSearchIndexes<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const found = (await db.execute(
    `select indexname, indexdef from pg_indexes where indexname = 'articles_search_vector_idx'
      or (tablename = 'article_search' and indexname <> 'article_search_pkey')`,
  )) as unknown as { rows: Array<{ indexname: string; indexdef: string }> };
  for (const ix of found.rows) await db.execute(`drop index ${ix.indexname}`);
  try {
    return await work();
  } finally {
    for (const ix of found.rows) await db.execute(ix.indexdef);
  }
}

/**
 * Tops the (demo-seeded) database up to the target counts in batches, so a rerun on the same
 * database inserts nothing. Returns what it inserted and how long it took.
 */
export async function seedScale(db: Database, target: ScaleTarget, log: (m: string) => void) {
  const started = performance.now();
  const inserted = { articles: 0, products: 0, recipes: 0 };

  const haveArticles = await countOf(db, s.articles);
  if (haveArticles < target.articles) {
    const batch = 500;
    await withoutSearchIndexes(db, async () => {
      for (let i = haveArticles; i < target.articles; i += batch) {
        const rows = [];
        for (let j = i; j < Math.min(i + batch, target.articles); j++) rows.push(scaleArticle(j));
        await db.insert(s.articles).values(rows).onConflictDoNothing();
        inserted.articles += rows.length;
        if (inserted.articles % 10_000 < batch) log(`  articles ${i + rows.length}/${target.articles}`);
      }
      log('  rebuilding the search indexes…');
    });
  }

  const haveProducts = await countOf(db, s.products);
  if (haveProducts < target.products) {
    const cats = await db.select().from(s.productCategories);
    const ids = new Map(cats.map((c) => [c.name, c.id]));
    for (let i = haveProducts; i < target.products; i += 1000) {
      const rows = [];
      for (let j = i; j < Math.min(i + 1000, target.products); j++) rows.push(scaleProduct(j, ids));
      await db.insert(s.products).values(rows);
      inserted.products += rows.length;
    }
  }

  const haveRecipes = await countOf(db, s.recipes);
  if (haveRecipes < target.recipes) {
    for (let i = haveRecipes; i < target.recipes; i += 500) {
      const rows = [];
      for (let j = i; j < Math.min(i + 500, target.recipes); j++) rows.push(scaleRecipe(j));
      await db.insert(s.recipes).values(rows);
      inserted.recipes += rows.length;
    }
  }
  await db.execute('analyze');
  return { inserted, ms: Math.round(performance.now() - started) };
}
