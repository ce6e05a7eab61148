import { randomUUID } from 'node:crypto';
import {
  aiImageReviewAnswer,
  type AiComparisonResult,
  type AiReviewResult,
  type AiStatus,
  aiComparisonAnswer,
  aiComparisonInput,
  aiReviewAnswer,
  aiReviewInput,
  analyzeImageFields,
} from '@site/shared';
import { Hono, type MiddlewareHandler } from 'hono';
import { AI_NOT_CONFIGURED_MESSAGE, aiCapMs, aiConfigured } from '../../ai/client';
import { completeStructured } from '../../ai/complete';
import { AiAnswerError, mapAiError } from '../../ai/errors';
import { ARTICLE_CATEGORY_FOR, authorName, createDraft } from '../../ai/drafts';
import { cleanArticleHtml, comparisonTableHtml, roundRating } from '../../ai/html';
import { imageDataUrl } from '../../ai/image';
import { comparisonMessages, imageReviewMessages, reviewMessages } from '../../ai/prompts';
import { currentUser } from '../../auth/middleware';
import { can } from '../../auth/policy';
import type { AppEnv } from '../../context';
import { ApiError, badRequest } from '../../lib/http/errors';
import { storeUpload } from '../../lib/storage/storage';
import { validate } from '../../lib/http/validate';
import { checkUpload } from '../../uploads/image-check';
import { fileField, imageBodyLimit, readMultipart } from '../../uploads/multipart';
import { clearsNothing } from '../../lib/cache/write-clears';

/** 503 before any body is read when no key is set (issue 7). */
const requireAi: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!aiConfigured(c.var.deps.env)) return c.json({ message: AI_NOT_CONFIGURED_MESSAGE }, 503);
  await next();
};

/** A 429 also carries the standard Retry-After header (the body has the same hint in words). */
const retryAfterHeader: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status !== 429) return;
  const body = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { retryAfter?: unknown } | null;
  if (typeof body?.retryAfter === 'number') c.res.headers.set('Retry-After', String(body.retryAfter));
};

/**
 * A review answer as the article body: the model's (sanitised) HTML. Its rating is not in the body:
 * the draft keeps it as suggestedRating until an editor who knows the product confirms it.
 */
function reviewBody(answer: { content: string }) {
  const content = cleanArticleHtml(answer.content);
  if (!content) throw new ApiError(502, 'The AI service returned an empty review. Nothing was saved.');
  return content;
}

/** AI content tools (spec §2 AI Content tab, §7). Every generated article is saved as a draft. */
export const adminAiRoutes = new Hono<AppEnv>()
  .use('/admin/analyze-product-image', retryAfterHeader)
  .use('/admin/ai/*', retryAfterHeader)
  .get('/admin/ai/status', can('ai.use'), (c) => {
    const { env } = c.var.deps;
    const configured = aiConfigured(env);
    return c.json({
      configured,
      status: configured ? 'Active' : 'Not configured',
      model: env.OPENAI_MODEL,
      capMs: aiCapMs(env),
      style: 'product',
      outputFormat: 'JSON',
    } satisfies AiStatus);
  })
  .post(
    '/admin/analyze-product-image',
    can('ai.use'),
    clearsNothing('returns a draft; saving it is another write'),
    requireAi,
    imageBodyLimit,
    async (c) => {
      const { db, storage } = c.var.deps;
      const form = await readMultipart(c.req.raw);
      const fields = analyzeImageFields.safeParse({
        category: form.get('category') ?? undefined,
        priceRange: form.get('priceRange') ?? undefined,
      });
      if (!fields.success) throw badRequest(fields.error.issues[0]?.message ?? 'Invalid input');
      // The same checks as /api/upload, re-encode included, before any AI call: a refused image costs
      // nothing and gets the upload's answer (issue 27 §6).
      const { image, file } = await checkUpload(
        await fileField(form, 'image', 'Please select an image file'),
      );

      const seen = await completeStructured(c.var.deps, {
        name: 'product_image_review',
        schema: aiImageReviewAnswer,
        messages: imageReviewMessages({ ...fields.data, dataUrl: await imageDataUrl(image) }),
      });
      // The model may not know the product: say so (422) rather than save a review of a guess.
      if (!seen.identified) {
        const why = seen.notIdentifiedReason.trim();
        throw new ApiError(
          422,
          `The AI could not identify the product in this photo${why ? `: ${why.replace(/[.!]?$/, '.')}` : '.'} Nothing was saved. Try a clearer photo that shows the brand or label.`,
        );
      }
      const checked = aiReviewAnswer.safeParse(seen);
      if (!checked.success) {
        const first = checked.error.issues[0];
        throw mapAiError(
          new AiAnswerError(`${first?.path.join('.') || 'answer'}: ${first?.message ?? 'invalid'}`),
        );
      }
      const answer = checked.data;
      const rating = roundRating(answer.rating);
      const content = reviewBody(answer);

      // The photo becomes the article's image (re-encoded above, like any upload).
      const name = `ai-${randomUUID()}.${file.ext}`;
      await storeUpload(c.var.deps, name, file.data, file.mime);
      let article: Awaited<ReturnType<typeof createDraft>>;
      try {
        article = await createDraft(db, {
          title: answer.title,
          excerpt: answer.excerpt,
          content,
          category: 'style',
          tags: ['product review', fields.data.category],
          author: authorName(await currentUser(c)),
          imageUrl: storage.publicPath(name),
          suggestedRating: rating,
        });
      } catch (err) {
        await storage.delete(name).catch(() => undefined);
        throw err;
      }
      return c.json({ ...answer, rating, content, article } satisfies AiReviewResult, 201);
    },
  )
  .post(
    '/admin/ai/review',
    can('ai.use'),
    clearsNothing('returns a draft text'),
    requireAi,
    validate('json', aiReviewInput),
    async (c) => {
      const { db } = c.var.deps;
      const input = c.req.valid('json');
      const answer = await completeStructured(c.var.deps, {
        name: 'product_review',
        schema: aiReviewAnswer,
        messages: reviewMessages(input),
      });
      const rating = roundRating(answer.rating);
      const content = reviewBody(answer);
      const article = await createDraft(db, {
        title: answer.title,
        excerpt: answer.excerpt,
        content,
        category: ARTICLE_CATEGORY_FOR[input.category],
        tags: ['product review', input.category],
        author: authorName(await currentUser(c)),
        suggestedRating: rating,
      });
      return c.json({ ...answer, rating, content, article } satisfies AiReviewResult, 201);
    },
  )
  .post(
    '/admin/ai/comparison',
    can('ai.use'),
    clearsNothing('returns a draft text'),
    requireAi,
    validate('json', aiComparisonInput),
    async (c) => {
      const { db } = c.var.deps;
      const input = c.req.valid('json');
      const answer = await completeStructured(c.var.deps, {
        name: 'product_comparison',
        schema: aiComparisonAnswer,
        messages: comparisonMessages(input),
      });
      const content = [
        cleanArticleHtml(answer.introduction),
        '<h2>At a glance</h2>',
        comparisonTableHtml(answer.table),
        '<h2>Our verdict</h2>',
        cleanArticleHtml(answer.verdict),
      ].join('\n');
      const article = await createDraft(db, {
        title: answer.title,
        excerpt: answer.excerpt,
        content,
        category: ARTICLE_CATEGORY_FOR[input.category],
        tags: ['comparison', input.category],
        author: authorName(await currentUser(c)),
      });
      return c.json(
        { title: answer.title, excerpt: answer.excerpt, content, article } satisfies AiComparisonResult,
        201,
      );
    },
  );
