const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 });

/** "£24.99" from a decimal string or number; "" when not a number. */
export function formatGBP(value: string | number | null | undefined): string {
  const n = typeof value === 'string' ? Number.parseFloat(value) : value;
  return n === null || n === undefined || !Number.isFinite(n) ? '' : gbp.format(n);
}

/** Whole-number discount percent, or null when there is no real discount. */
export function discountPercent(
  price: string | number,
  originalPrice: string | number | null | undefined,
): number | null {
  const p = Number(price);
  const o = Number(originalPrice);
  if (!originalPrice || !Number.isFinite(p) || !Number.isFinite(o) || o <= 0 || o <= p) return null;
  return Math.round(((o - p) / o) * 100);
}

/** Amount saved, as a decimal string with 2 places, or null. */
export function savingAmount(
  price: string | number,
  originalPrice: string | number | null | undefined,
): string | null {
  const p = Number(price);
  const o = Number(originalPrice);
  if (!originalPrice || !Number.isFinite(p) || !Number.isFinite(o) || o <= p) return null;
  return (Math.round((o - p) * 100) / 100).toFixed(2);
}

/** Star breakdown out of 5: whole stars, then a half star when the rest is .5 or more (4.3 → 4; 4.5 and 4.8 → 4½). */
export function starParts(rating: number | null | undefined): { full: number; half: boolean; empty: number } {
  const r = Math.min(5, Math.max(0, Number(rating) || 0));
  const full = Math.floor(r);
  const half = r - full >= 0.5;
  return { full, half, empty: 5 - full - (half ? 1 : 0) };
}
