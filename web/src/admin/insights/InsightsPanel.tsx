import { type ReactNode, useId, useState } from 'react';

/**
 * A report panel at the top of a tab, collapsed by default: nothing is fetched (and no chart code
 * loaded) until it is opened. Its heading is an h2 like the tab's list heading below it: an h3 straight
 * under the page's h1 broke axe's heading-order (issue 41 §8).
 */
export function InsightsPanel({ title, children }: { title: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section className="mb-6 rounded-lg border border-stone-200 bg-white" aria-label={title}>
      <h2 className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-left hover:bg-stone-50"
        >
          {title}
          <span aria-hidden="true">{open ? '▴' : '▾'}</span>
        </button>
      </h2>
      {open && (
        <div id={id} className="space-y-4 border-t border-stone-200 p-4">
          {children()}
        </div>
      )}
    </section>
  );
}

/** A short ranked list (top products, top pages, most read). */
export function RankedList({
  title,
  items,
  empty,
}: {
  title: string;
  items: { key: string | number; label: ReactNode; count: number }[];
  empty: string;
}) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-stone-600">{empty}</p>
      ) : (
        <ol className="space-y-1 text-sm">
          {items.map((i) => (
            <li key={i.key} className="flex justify-between gap-3">
              <span className="min-w-0 truncate">{i.label}</span>
              <span className="tabular-nums text-stone-700">{i.count}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
