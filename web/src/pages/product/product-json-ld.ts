import type { Product } from '@site/shared';
import { absoluteUrl } from '../../lib/seo';

/** schema.org Product with an Offer in GBP (and the rating when there are reviews). */
export function productJsonLd(p: Product, siteUrl: string): Record<string, unknown> {
  const url = absoluteUrl(siteUrl, `/product/${p.id}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.title,
    description: p.description,
    sku: String(p.id),
    ...(p.imageUrl ? { image: absoluteUrl(siteUrl, p.imageUrl) } : {}),
    ...(p.vendor ? { brand: { '@type': 'Brand', name: p.vendor } } : {}),
    ...(p.rating && p.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.rating,
            reviewCount: p.reviewCount,
            bestRating: 5,
          },
        }
      : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: Number(p.price).toFixed(2),
      priceCurrency: 'GBP',
      availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
}
