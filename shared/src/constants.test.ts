import { describe, expect, it } from 'vitest';
import {
  ALL_ARTICLE_CATEGORIES,
  AI_MODEL_LABEL,
  ARTICLE_CATEGORIES,
  BRAND,
  CATEGORY_LABELS,
  CATEGORY_SHORT_LABELS,
  LIMITS,
  SUPPORT_HOURS,
  UPLOAD_EXTENSIONS,
  UPLOAD_MIME_TYPES,
  WWE_TAG,
} from './constants';

// The texts and limits the product spec (§9) fixes; the UI and API read them from here.
describe('spec constants', () => {
  it('brand and the labels readers see', () => {
    expect(BRAND).toBe('Bloom & Balance');
    expect(CATEGORY_LABELS).toEqual({
      wellness: 'Wellness & Self-Care',
      style: 'Style & Fashion',
      nutrition: 'Nutrition & Recipes',
      career: 'Career & Creativity',
      home: 'Home & Aesthetics',
      community: 'Community',
      sports: 'Sports',
    });
    expect(CATEGORY_SHORT_LABELS).toEqual({
      wellness: 'Wellness',
      style: 'Style',
      nutrition: 'Nutrition',
      career: 'Career',
      home: 'Home',
      community: 'Community',
      sports: 'Sports',
    });
    expect(ALL_ARTICLE_CATEGORIES).toEqual([...ARTICLE_CATEGORIES, 'sports']);
    expect(WWE_TAG).toBe('WWE');
    expect(AI_MODEL_LABEL).toBe('GPT-4o');
    expect(SUPPORT_HOURS).toBe('Monday to Friday 9AM-6PM GMT');
  });

  it('upload limits: 5 MB, 10000 px a side, 40 million pixels, four image types', () => {
    expect(LIMITS.uploadMaxBytes).toBe(5_242_880);
    expect(LIMITS.uploadMaxDimension).toBe(10_000);
    expect(LIMITS.uploadMaxPixels).toBe(40_000_000);
    expect(UPLOAD_MIME_TYPES).toEqual(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
    expect(UPLOAD_EXTENSIONS).toEqual(['.jpeg', '.jpg', '.png', '.gif', '.webp']);
  });
});
