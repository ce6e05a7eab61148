/** An uploaded original's address (`/uploads/{id}-{W}x{H}.webp`), one id per `n`: it has a ladder of sizes. */
export const uploadUrl = (n: number, width = 1200, height = 800) =>
  `/uploads/0b7c6a52-1b3f-4c1e-9d0a-${String(n).padStart(12, '0')}-${width}x${height}.webp`;

/** How a page shows one picture: its `sizes` (on the `<img>` and every `<source>`), and how it loads. */
export function shown(img: Element) {
  const picture = img.closest('picture');
  const sourceSizes = [...(picture?.querySelectorAll('source') ?? [])].map((s) => s.getAttribute('sizes'));
  return {
    picture: picture !== null,
    sizes: img.getAttribute('sizes'),
    sourceSizes,
    loading: img.getAttribute('loading'),
    fetchPriority: img.getAttribute('fetchpriority'),
  };
}

/** What a picture shown first looks like; `lazy(sizes)` every other. */
export const eager = (sizes: string) => ({
  picture: true,
  sizes,
  sourceSizes: [sizes],
  loading: 'eager',
  fetchPriority: 'high',
});
export const lazy = (sizes: string) => ({
  picture: true,
  sizes,
  sourceSizes: [sizes],
  loading: 'lazy',
  fetchPriority: null,
});
