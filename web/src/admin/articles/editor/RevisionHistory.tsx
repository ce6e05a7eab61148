import {
  type Article,
  type ArticleRevision,
  type ArticleRevisionSummary,
  formatDateTime,
} from '@site/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useToast } from '../../../components/toast/toast';
import { isUnauthorized, serverMessage, useApi } from '../../api';
import { invalidateChanged } from '../../query-keys';
import { articleEditorKeys } from './keys';
import { Button, ConfirmDialog, Dialog } from '../../ui';
import { type DiffPart, revisionDiff } from './revision-diff';

const KIND_LABEL = { create: 'Created', save: 'Saved', restore: 'Restored' } as const;

function describe(r: ArticleRevisionSummary) {
  const kind = r.kind === 'restore' && r.restoredFrom ? `Restored #${r.restoredFrom}` : KIND_LABEL[r.kind];
  return `#${r.id} · ${formatDateTime(r.createdAt)} · ${kind}${r.authorName ? ` by ${r.authorName}` : ''}`;
}

function Parts({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.kind === 'same' ? (
          <span key={i}>{p.text}</span>
        ) : p.kind === 'added' ? (
          <ins key={i} className="rounded bg-green-100 text-green-900 no-underline">
            <span className="sr-only">[added: </span>
            {p.text}
            <span className="sr-only">]</span>
          </ins>
        ) : (
          <del key={i} className="rounded bg-red-100 text-red-900">
            <span className="sr-only">[removed: </span>
            {p.text}
            <span className="sr-only">]</span>
          </del>
        ),
      )}
    </>
  );
}

/**
 * An article's revisions (issue 31 §5): newest first, any two compared word by word, and any one
 * restored as a new save (after a confirmation; the form then reopens on the restored article).
 */
export function RevisionHistory({
  article,
  dirty,
  onClose,
  onRestored,
}: {
  article: Article;
  /** The form holds unsaved changes, which a restore replaces. */
  dirty: boolean;
  onClose: () => void;
  onRestored: (restored: Article) => void;
}) {
  const api = useApi();
  const qc = useQueryClient();
  const toast = useToast();
  const fromId = useId();
  const toId = useId();
  const list = useQuery({
    queryKey: articleEditorKeys.revisions(article.id),
    queryFn: () => api<ArticleRevisionSummary[]>('GET', `/api/admin/content/${article.id}/revisions`),
  });
  const rows = list.data ?? [];
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const older = from ?? rows[1]?.id ?? rows[0]?.id ?? null;
  const newer = to ?? rows[0]?.id ?? null;
  const read = (id: number | null) => ({
    queryKey: articleEditorKeys.revision(article.id, id ?? 0),
    queryFn: () => api<ArticleRevision>('GET', `/api/admin/content/${article.id}/revisions/${id}`),
    enabled: id !== null,
  });
  const a = useQuery(read(older));
  const b = useQuery(read(newer));
  const diff = a.data && b.data ? revisionDiff(a.data, b.data) : null;
  const [confirming, setConfirming] = useState<ArticleRevisionSummary | null>(null);
  const restore = useMutation({
    mutationFn: (rev: ArticleRevisionSummary) =>
      api<Article>('POST', `/api/admin/content/${article.id}/revisions/${rev.id}/restore`, {
        updatedAt: article.updatedAt,
      }),
    onSuccess: async (restored, rev) => {
      toast({ title: 'Success', description: `Revision #${rev.id} restored and saved` });
      await invalidateChanged(qc, 'articles');
      onRestored(restored);
    },
    onError: (err) => {
      if (isUnauthorized(err)) return;
      const detail = serverMessage(err);
      toast({
        title: 'Error',
        description: `Failed to restore the revision${detail ? `: ${detail}` : ''}`,
        variant: 'destructive',
      });
    },
  });

  const options = rows.map((r) => ({ value: String(r.id), label: describe(r) }));
  return (
    <Dialog open onClose={onClose} title="Revision history">
      {list.isLoading ? (
        <p role="status">Loading revisions…</p>
      ) : list.error ? (
        <p role="alert">Error: {list.error.message}</p>
      ) : rows.length === 0 ? (
        <p>No revisions yet: the next save stores the first.</p>
      ) : (
        <div className="space-y-4">
          <ol aria-label="Revisions, newest first" className="max-h-48 space-y-2 overflow-y-auto pr-1">
            {rows.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded border border-stone-200 p-2 text-sm"
              >
                <span className="min-w-0 break-words">
                  <strong className="block">{r.title}</strong>
                  {describe(r)} · {r.words.toLocaleString('en-GB')} words
                </span>
                <Button
                  variant="secondary"
                  aria-label={`Restore revision #${r.id}`}
                  disabled={restore.isPending}
                  onClick={() => setConfirming(r)}
                >
                  Restore
                </Button>
              </li>
            ))}
          </ol>
          <div className="grid gap-2 sm:grid-cols-2">
            <RevisionSelect id={fromId} label="Compare" value={older} options={options} onPick={setFrom} />
            <RevisionSelect id={toId} label="with" value={newer} options={options} onPick={setTo} />
          </div>
          <section
            aria-label="Differences"
            aria-busy={!diff}
            className="max-h-72 overflow-y-auto rounded border border-stone-200 bg-stone-50 p-3 text-sm"
          >
            {diff ? (
              <>
                <p className="mb-2 font-semibold">
                  <Parts parts={diff.title} />
                </p>
                <p className="whitespace-pre-wrap break-words">
                  <Parts parts={diff.body} />
                </p>
              </>
            ) : (
              <p role="status">Loading the two revisions…</p>
            )}
          </section>
          <p className="text-xs text-stone-600">
            <ins className="bg-green-100 no-underline">Added</ins> and{' '}
            <del className="bg-red-100">removed</del> words, from the first revision to the second.
          </p>
        </div>
      )}
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={`Restore revision #${confirming?.id ?? ''}?`}
        body={`The title and body of revision #${confirming?.id ?? ''} become the article's, saved as a new revision. The current version stays in the history.${dirty ? ' Your unsaved changes in the form will be lost.' : ''}`}
        confirmLabel="Restore"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) restore.mutate(confirming);
          setConfirming(null);
        }}
      />
    </Dialog>
  );
}

/** One side of the comparison: a labelled list of the revisions. */
function RevisionSelect({
  id,
  label,
  value,
  options,
  onPick,
}: {
  id: string;
  label: string;
  value: number | undefined | null;
  options: Array<{ value: string; label: string }>;
  onPick: (revisionId: number) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onPick(Number(e.target.value))}
        className="mt-1 w-full rounded-md border border-stone-300 px-2 py-2 text-sm"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
