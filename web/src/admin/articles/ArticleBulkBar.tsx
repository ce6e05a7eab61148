import { ALL_ARTICLE_CATEGORIES, type Article, type BulkAction, CATEGORY_LABELS } from '@site/shared';
import { useId, useState } from 'react';
import { Button, ConfirmDialog } from '../ui';
import { articleCount, useBulkArticles } from './article-actions';

const VERB: Record<BulkAction, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  category: 'Move',
  delete: 'Delete',
};

/** Publish, unpublish, change category or delete the selected articles, after one confirmation. */
export function ArticleBulkBar({ selected, clear }: { selected: Article[]; clear: () => void }) {
  const bulk = useBulkArticles();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [category, setCategory] = useState<string>('wellness');
  const id = useId();
  const n = articleCount(selected.length);
  const question =
    asking === 'category'
      ? `Move ${n} to ${CATEGORY_LABELS[category as keyof typeof CATEGORY_LABELS]}?`
      : asking
        ? `${VERB[asking]} ${n}?`
        : '';
  return (
    <fieldset
      aria-label="Bulk actions"
      className="m-0 flex min-w-0 flex-wrap items-center gap-2 border-0 p-0"
    >
      <span className="text-sm font-medium">{n} selected</span>
      <Button onClick={() => setAsking('publish')} disabled={bulk.isPending}>
        Publish
      </Button>
      <Button variant="secondary" onClick={() => setAsking('unpublish')} disabled={bulk.isPending}>
        Unpublish
      </Button>
      <label htmlFor={id} className="sr-only">
        New category
      </label>
      <select
        id={id}
        value={category}
        onChange={(e) => setCategory(e.target.value)}
        className="rounded-md border border-stone-300 bg-white px-2 py-2 text-sm"
      >
        {ALL_ARTICLE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {CATEGORY_LABELS[c]}
          </option>
        ))}
      </select>
      <Button variant="secondary" onClick={() => setAsking('category')} disabled={bulk.isPending}>
        Change category
      </Button>
      <Button variant="danger" onClick={() => setAsking('delete')} disabled={bulk.isPending}>
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
        onConfirm={() => {
          if (!asking) return;
          bulk.mutate(
            {
              action: asking,
              ids: selected.map((a) => a.id),
              ...(asking === 'category' ? { category } : {}),
            },
            { onSuccess: clear },
          );
          setAsking(null);
        }}
      />
    </fieldset>
  );
}
