import { z } from 'zod';
import { text } from './common';
import { AI_CATEGORIES } from '../constants';
import { splitLines, splitTags } from '../helpers/text';

// Request bodies of the AI Content tab (spec §2, §5) and the answers we accept from the model.

export const aiCategory = z.enum(AI_CATEGORIES, { message: 'Please select a category' });

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/** Non-file fields of POST /api/admin/analyze-product-image (multipart). */
export const analyzeImageFields = z.object({
  category: aiCategory,
  priceRange: optionalText(60),
});
export type AnalyzeImageFields = z.input<typeof analyzeImageFields>;

export const AI_MAX_COMPARISON_PRODUCTS = 6;

/** Product review generator form: key features are typed comma-separated. */
export const aiReviewInput = z.object({
  productName: text().trim().min(1, 'Please enter a product name').max(120),
  category: aiCategory,
  priceRange: optionalText(60),
  targetAudience: optionalText(200),
  keyFeatures: text()
    .max(1000)
    .default('')
    .transform(splitTags)
    .pipe(z.array(text().max(120)).max(20, 'At most 20 key features')),
});
export type AiReviewInput = z.input<typeof aiReviewInput>;

/** Comparison generator form: one product per line, at least two. */
export const aiComparisonInput = z.object({
  category: aiCategory,
  products: text()
    .max(2000)
    .transform(splitLines)
    .pipe(
      z
        .array(text().max(120))
        .min(2, 'Enter at least two products, one per line')
        .max(AI_MAX_COMPARISON_PRODUCTS, `Compare at most ${AI_MAX_COMPARISON_PRODUCTS} products`),
    ),
});
export type AiComparisonInput = z.input<typeof aiComparisonInput>;

// --- Model answers (structured outputs). Kept free of transforms so they also describe the JSON schema sent to the model.

/** Spec §3: AI image review response. Also the answer of the review generator. */
export const aiReviewAnswer = z.object({
  productName: z.string().min(1).max(200),
  rating: z.number().min(1).max(5),
  title: z.string().min(1).max(200),
  excerpt: z.string().min(1).max(600),
  content: z.string().min(1).max(50_000),
});
export type AiReviewAnswer = z.infer<typeof aiReviewAnswer>;

/**
 * Every AI action (image review, review and comparison generators; every attempt together) stops
 * after this long, and its busy button counts up to it.
 */
export const AI_CAP_MS = 45_000;
/** The older name of AI_CAP_MS, from when only the image review was capped. */
export const AI_IMAGE_REVIEW_CAP_MS = AI_CAP_MS;

/**
 * The image review's answer. The model may say it cannot identify the product (identified false,
 * with why); then nothing else counts. Otherwise the review fields are checked as aiReviewAnswer.
 */
export const aiImageReviewAnswer = z.object({
  identified: z.boolean(),
  notIdentifiedReason: z.string().max(500),
  productName: z.string().max(200),
  rating: z.number().min(0).max(5),
  title: z.string().max(200),
  excerpt: z.string().max(600),
  content: z.string().max(50_000),
});

export const aiComparisonAnswer = z.object({
  title: z.string().min(1).max(200),
  excerpt: z.string().min(1).max(600),
  /** Introduction and verdict as HTML; the table is built from `table`. */
  introduction: z.string().min(1).max(20_000),
  table: z.object({
    criteria: z.array(z.string().min(1).max(80)).min(1).max(12),
    rows: z
      .array(z.object({ product: z.string().min(1).max(200), values: z.array(z.string().max(300)) }))
      .min(2)
      .max(AI_MAX_COMPARISON_PRODUCTS),
  }),
  verdict: z.string().min(1).max(20_000),
});
export type AiComparisonAnswer = z.infer<typeof aiComparisonAnswer>;

/** What the generator endpoints answer: the model's answer plus the draft article it became. */
export interface AiDraftRef {
  id: number;
  slug: string;
  title: string;
  status: 'draft';
}
export type AiReviewResult = AiReviewAnswer & { article: AiDraftRef };
export type AiComparisonResult = { title: string; excerpt: string; content: string; article: AiDraftRef };

export interface AiStatus {
  configured: boolean;
  status: 'Active' | 'Not configured';
  /** OPENAI_MODEL as configured. */
  model: string;
  /** The cap on one AI action on this server (AI_CAP_MS), for the busy buttons' countdown. */
  capMs: number;
  style: string;
  outputFormat: 'JSON';
}
