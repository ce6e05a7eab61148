import type { AiCategory } from '@site/shared';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';

const CATEGORY_WORDS: Record<AiCategory, string> = {
  skincare: 'skincare',
  makeup: 'makeup',
  wellness: 'wellness',
  'home-decor': 'home decor',
  fashion: 'fashion',
  fitness: 'fitness',
};

const VOICE = `You write for "Bloom & Balance", a lifestyle and wellness magazine for women.
Write in warm, honest British English. Be specific and practical; mention drawbacks as well as strengths.
Make no medical claims and invent no certifications, prices or test results you cannot see or were not given.
Write "content" and other long text as simple HTML using only <p>, <h2>, <h3>, <ul>, <ol>, <li>, <strong>, <em> (no links, images, scripts or styles).
"excerpt" is one or two plain-text sentences (no HTML). "rating" is from 1 to 5 in half steps.
Answer only with JSON matching the given schema.`;

const details = (lines: Array<[string, string | undefined]>) =>
  lines
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

export function imageReviewMessages(opts: {
  category: AiCategory;
  priceRange?: string;
  dataUrl: string;
}): ChatCompletionMessageParam[] {
  return [
    { role: 'system', content: VOICE },
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: `Identify the product in this photo and write a product review article (500-800 words) with a title, excerpt, rating and the product's name.
If you cannot tell which product this is (brand and product), do not guess: set identified to false, say briefly in notIdentifiedReason what you can and cannot see, and leave the other fields empty (rating 0). Otherwise set identified to true and notIdentifiedReason to "".
The rating is only a suggestion for the editor, who has used the product; you have not.
${details([
  ['Category', CATEGORY_WORDS[opts.category]],
  ['Price range', opts.priceRange],
])}`,
        },
        { type: 'image_url', image_url: { url: opts.dataUrl, detail: 'auto' } },
      ],
    },
  ];
}

export function reviewMessages(opts: {
  productName: string;
  category: AiCategory;
  priceRange?: string;
  targetAudience?: string;
  keyFeatures: string[];
}): ChatCompletionMessageParam[] {
  return [
    { role: 'system', content: VOICE },
    {
      role: 'user',
      content: `Write a product review article (500-800 words) with a title, excerpt, rating and the product's name.
${details([
  ['Product', opts.productName],
  ['Category', CATEGORY_WORDS[opts.category]],
  ['Price range', opts.priceRange],
  ['Target audience', opts.targetAudience],
  ['Key features', opts.keyFeatures.join(', ') || undefined],
])}`,
    },
  ];
}

export function comparisonMessages(opts: {
  category: AiCategory;
  products: string[];
}): ChatCompletionMessageParam[] {
  return [
    { role: 'system', content: VOICE },
    {
      role: 'user',
      content: `Write a comparison article of these ${CATEGORY_WORDS[opts.category]} products.
Give a title, an excerpt, an HTML introduction, a comparison table (3-6 criteria; one row per product, in the order given, with one short value per criterion) and an HTML verdict saying who each product suits best.
Products:
${opts.products.map((p) => `- ${p}`).join('\n')}`,
    },
  ];
}
