import {
  type AdminArticleFilter,
  ALL_ARTICLE_CATEGORIES,
  type AnyArticleCategory,
  type Article,
  BULK_FILTER_MAX,
  type BulkAction,
  CATEGORY_LABELS,
} from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { BulkSelection } from '../CrudTab';
import { adminKeys } from '../query-keys';
import { Button, ConfirmDialog } from '../ui';
import { articleCount, useBulkArticles } from './article-actions';

const VERB: Record<BulkAction, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  category: 'Move',
  delete: 'Delete',
};

/**
 * How many articles "all results" is, exactly: the list's total, or, when the list stopped counting
 * ("1000+"), the server's exact count up to BULK_FILTER_MAX. `tooMany` past that cap.
 */
function useAllCount(selection: BulkSelection<Article>, filter: AdminArticleFilter) {
  const all = selection.kind === 'all';
  const exact = useQuery<{ count: number; capped: boolean }>({
    queryKey: adminKeys.articles.count(filter),
    enabled: all && selection.capped,
  });
  if (!all) return { count: selection.items.length, tooMany: false, counting: false };
  if (!selection.capped) {
    return { count: selection.total, tooMany: selection.total > BULK_FILTER_MAX, counting: false };
  }
  return {
    count: exact.data?.count ?? selection.total,
    tooMany: exact.data?.capped ?? false,
    counting: !exact.data,
  };
}

/**
 * Publish, unpublish, change category or delete the selected articles, after one confirmation that
 * names the count. "All N results" is sent as the list's filter with that count: the server acts on
 * exactly those, or refuses if they changed meanwhile.
 */
export function ArticleBulkBar({
  selection,
  filter,
  clear,
}: {
  selection: BulkSelection<Article>;
  /** The list's search and filters (its sort left out). */
  filter: AdminArticleFilter;
  clear: () => void;
}) {
  const bulk = useBulkArticles();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [category, setCategory] = useState<AnyArticleCategory>('wellness');
  const id = useId();
  const bar = useRef<HTMLFieldSetElement>(null);
  const { count, tooMany, counting } = useAllCount(selection, filter);
  const n = articleCount(count);
  const blocked = bulk.isPending || counting || tooMany;
  const question =
    asking === 'category'
      ? `Move ${n} to ${CATEGORY_LABELS[category]}?`
      : asking
        ? `${VERB[asking]} ${n}?`
        : '';
  return (
    <fieldset
      ref={bar}
      aria-label="Bulk actions"
      className="m-0 flex min-w-0 flex-wrap items-center gap-2 border-0 p-0"
    >
      <span className="text-sm font-medium" aria-live="polite">
        {counting ? 'Counting results…' : `${n} selected`}
      </span>
      {tooMany && (
        <span role="note" className="text-sm text-amber-900">
          More than {BULK_FILTER_MAX} results: narrow the search to change them at once.
        </span>
      )}
      <Button onClick={() => setAsking('publish')} disabled={blocked}>
        Publish
      </Button>
      <Button variant="secondary" onClick={() => setAsking('unpublish')} disabled={blocked}>
        Unpublish
      </Button>
      <label htmlFor={id} className="sr-only">
        New category
      </label>
      <select
        id={id}
        value={category}
        onChange={(e) => setCategory(e.target.value as AnyArticleCategory)}
        className="rounded-md border border-stone-300 bg-white px-2 py-2 text-sm"
      >
        {ALL_ARTICLE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {CATEGORY_LABELS[c]}
          </option>
        ))}
      </select>
      <Button variant="secondary" onClick={() => setAsking('category')} disabled={blocked}>
        Change category
      </Button>
      <Button variant="danger" onClick={() => setAsking('delete')} disabled={blocked}>
        Delete
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={question}
        body={
          asking === 'delete' ? `${n} will be deleted. This cannot be undone.` : `This changes ${n} at once.`
        }
        confirmLabel={asking ? VERB[asking] : ''}
        onCancel={() => setAsking(null)}
        // The bar's buttons are disabled while the action runs and gone after it: the keyboard goes
        // back to the list's "Select all" box.
        focusAfterConfirm={() =>
          bar.current?.parentElement?.querySelector<HTMLElement>('input[type="checkbox"]')
        }
        onConfirm={() => {
          if (!asking) return;
          const target =
            selection.kind === 'all'
              ? { filter, expected: count }
              : { ids: selection.items.map((a) => a.id) };
          bulk.mutate(
            asking === 'category'
              ? { action: 'category', category, ...target }
              : { action: asking, ...target },
            { onSuccess: clear },
          );
          setAsking(null);
        }}
      />
    </fieldset>
  );
}
