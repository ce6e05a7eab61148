import { ARTICLE_BODY_SIZES } from '@site/shared';

/**
 * `sizes` for every layout a reader sees a picture in (issue 39): how wide the `<img>` is at each
 * breakpoint, so the browser fetches the smallest rung that fills it. Each mirrors the Tailwind classes
 * named beside it; change one with the other. Same convention as `ARTICLE_BODY_SIZES` (shared): px,
 * widest layout first, Tailwind's default breakpoints (sm 640, md 768, lg 1024; `max-w-6xl` is 1152,
 * `max-w-4xl` 896, `max-w-3xl` 768; `px-4` is 16 a side, `gap-6` 24, `gap-10` 40). A card's 1 px
 * border is left out: a rung is never chosen by one pixel.
 */

/**
 * Card grids: `mx-auto max-w-6xl px-4` › `grid gap-6 sm:grid-cols-2 lg:grid-cols-3`, the picture the
 * card's full width. Home (Featured, Join the Challenge), news and category pages, shop, recipes.
 * One column on phones, two from sm, three from lg; from 1152 the container stops growing:
 * (1152 − 32 − 2 × 24) / 3 = 357.3.
 */
export const CARD_GRID_SIZES =
  '(min-width: 1152px) 358px, (min-width: 1024px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)';

/**
 * The article column, `mx-auto max-w-3xl px-4` with a `w-full` picture: the article's lead picture
 * and the challenge page's. The same column as the pictures in the body (the API writes those).
 */
export const ARTICLE_COLUMN_SIZES = ARTICLE_BODY_SIZES;

/**
 * Related Articles under an article: `max-w-3xl px-4` › `grid gap-6 sm:grid-cols-2`.
 * From 768: (768 − 32 − 24) / 2 = 356.
 */
export const RELATED_ARTICLE_SIZES =
  '(min-width: 768px) 356px, (min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)';

/** The recipe page's picture: `mx-auto max-w-4xl px-4` with a `w-full` picture (896 − 32 = 864). */
export const RECIPE_LEAD_SIZES = '(min-width: 896px) 864px, calc(100vw - 32px)';

/**
 * The product page's picture: `mx-auto max-w-6xl px-4` › `grid gap-10 md:grid-cols-2`, the picture
 * filling the first column. From 1152: (1152 − 32 − 40) / 2 = 540.
 */
export const PRODUCT_LEAD_SIZES =
  '(min-width: 1152px) 540px, (min-width: 768px) calc((100vw - 72px) / 2), calc(100vw - 32px)';

/**
 * You May Also Like under a product: `max-w-6xl px-4` › `grid grid-cols-1 gap-6 sm:grid-cols-2
 * lg:grid-cols-4`. From 1152: (1152 − 32 − 3 × 24) / 4 = 262.
 */
export const RELATED_PRODUCT_SIZES =
  '(min-width: 1152px) 262px, (min-width: 1024px) calc((100vw - 104px) / 4), (min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)';
