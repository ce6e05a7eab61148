/** Placeholder card shown while a list loads (spec §9: 6 on public lists). */
export function SkeletonCard() {
  return (
    <div
      data-testid="skeleton-card"
      aria-hidden="true"
      className="animate-pulse overflow-hidden rounded-xl bg-white shadow-sm"
    >
      <div className="aspect-video bg-stone-200" />
      <div className="space-y-3 p-4">
        <div className="h-3 w-1/4 rounded bg-stone-200" />
        <div className="h-5 w-3/4 rounded bg-stone-200" />
        <div className="h-3 w-full rounded bg-stone-200" />
      </div>
    </div>
  );
}

export function SkeletonGrid({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Loading" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <SkeletonCard key={i} />
      ))}
    </div>
  );
}
