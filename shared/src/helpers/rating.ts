const formatRating = (r: number) => (Number.isInteger(r) ? String(r) : r.toFixed(1));

/** "Our rating: 4.5 out of 5", the line an editor adds to a review once she confirms its rating. */
export function ratingLineHtml(rating: number): string {
  return `<p><strong>Our rating: ${formatRating(rating)} out of 5</strong></p>`;
}
