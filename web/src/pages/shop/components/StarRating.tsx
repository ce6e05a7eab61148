import { starParts } from '@site/shared';
import { useId } from 'react';

// The outline of one star in a 20×20 box, as points.
const STAR_POINTS = [
  [10, 1.5],
  [12.6, 6.8],
  [18.5, 7.7],
  [14.2, 11.8],
  [15.2, 17.6],
  [10, 14.9],
  [4.8, 17.6],
  [5.8, 11.8],
  [1.5, 7.7],
  [7.4, 6.8],
] as const;
/** Five stars side by side as one path: a shop page shows dozens of ratings, so few elements each. */
const FIVE_STARS = Array.from(
  { length: 5 },
  (_, i) => `M${STAR_POINTS.map(([x, y]) => `${x + i * 20} ${y}`).join('L')}Z`,
).join('');

/** Rating out of 5 with half stars (spec §9), and the review count when given. */
export function StarRating({ rating, reviewCount }: { rating: number | null; reviewCount?: number }) {
  const { full, half } = starParts(rating);
  const filled = full + (half ? 0.5 : 0);
  const value = Math.round((rating ?? 0) * 10) / 10;
  // Unique per rating: many cards share one page, and SVG ids are document-wide.
  const clipId = useId();
  return (
    <div className="flex items-center gap-1">
      <span role="img" aria-label={`Rated ${value} out of 5`} className="flex text-amber-500">
        <svg viewBox="0 0 100 20" className="h-4 w-20" aria-hidden="true" data-filled-stars={filled}>
          <clipPath id={clipId}>
            <rect width={filled * 20} height="20" />
          </clipPath>
          <path d={FIVE_STARS} fill="none" stroke="currentColor" strokeWidth="1.2" />
          <path d={FIVE_STARS} fill="currentColor" clipPath={`url(#${clipId})`} />
        </svg>
      </span>
      {reviewCount !== undefined && (
        <span className="text-sm text-stone-600">
          ({reviewCount.toLocaleString('en-GB')} {reviewCount === 1 ? 'review' : 'reviews'})
        </span>
      )}
    </div>
  );
}
