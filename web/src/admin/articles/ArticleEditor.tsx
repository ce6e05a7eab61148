import type { Article, ArticleInput } from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '../api';
import { adminKeys } from '../query-keys';
import { ArticleForm, type EditableArticle, type SaveHooks } from './ArticleForm';

/**
 * The article form with its rich editor: the lazy chunk the Articles tab loads when a form opens, so
 * the list does not pay for the editor (issue 31 §1). An existing article is read afresh (with its
 * body as the site renders it) and the form keeps that copy until a restore replaces it: later list
 * refreshes do not reset what the editor is typing.
 */
export default function ArticleEditor({
  listed,
  pending,
  onSubmit,
  onCancel,
  onClose,
  onDirtyChange,
}: {
  listed: Article | null;
  pending: boolean;
  onSubmit: (body: ArticleInput, hooks: SaveHooks) => void;
  onCancel: () => void;
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const api = useApi();
  const id = listed?.id ?? 0;
  // The article as readers would get it, whatever its status: with the body rendered (contentHtml).
  const fresh = useQuery({
    queryKey: adminKeys.articles.preview(String(id)),
    queryFn: () => api<EditableArticle>('GET', `/api/admin/content/${id}/preview`),
    enabled: listed !== null,
    gcTime: 0,
  });
  const [opened, setOpened] = useState<EditableArticle | null>(null);
  // The first copy read since the form opened is the one it edits (see above). Not a copy left in the
  // cache by the form before: reopened right after a save, that one predates the save, and editing it
  // would show the old text and send the old version (409 on the next save or restore).
  const current = fresh.isFetchedAfterMount ? fresh.data : undefined;
  useEffect(() => {
    if (!opened && current) setOpened(current);
  }, [opened, current]);
  const article = opened ?? current ?? null;
  if (listed && !article) {
    return fresh.error ? (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
        Error: {fresh.error.message}
      </p>
    ) : (
      <p role="status" className="py-6 text-stone-600">
        Loading the article…
      </p>
    );
  }
  return (
    <ArticleForm
      key={article?.updatedAt ?? 'new'}
      initial={article}
      pending={pending}
      onSubmit={onSubmit}
      onCancel={onCancel}
      onClose={onClose}
      onDirtyChange={onDirtyChange}
      onRestored={async () => {
        const res = await fresh.refetch();
        if (res.data) setOpened(res.data);
      }}
    />
  );
}
