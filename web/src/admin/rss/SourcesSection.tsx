import {
  CATEGORY_LABELS,
  type RssSource,
  type RssSourceInput,
  type RssSourceTestInput,
  type RssSourceTestResult,
  formatDateTime,
} from '@site/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useToast } from '../../components/toast/toast';
import { apiRequest, HttpError } from '../../lib/api';
import { useFormFocus } from '../form-focus';
import { confirmLeave, useLeaveGuard } from '../list/use-leave-guard';
import { usePlatform } from '../platform';
import { Badge, Button, ConfirmDialog, Switch } from '../ui';
import { FeedError, FeedWarnings } from './FeedError';
import { SourceForm } from './SourceForm';
import { TestResult } from './TestResult';
import { RSS_STATUS_KEY } from './types';

const SOURCES_PATH = '/api/admin/rss/sources';
const categoryLabel = (c: string) => CATEGORY_LABELS[c as keyof typeof CATEGORY_LABELS] ?? c;
const editable = (s: RssSource): RssSourceInput => ({
  name: s.name,
  url: s.url,
  category: s.category,
  enabled: s.enabled,
  makeRecipes: s.makeRecipes,
  includeKeywords: s.includeKeywords,
  excludeKeywords: s.excludeKeywords,
});
const messageOf = (err: Error) => (err instanceof HttpError && err.serverMessage) || err.message;

/** The feeds a run imports: add, edit, test, switch on and off, delete (Admin → RSS Feeds). */
export function SourcesSection({ sources }: { sources: RssSource[] }) {
  const { fetcher } = usePlatform();
  const queryClient = useQueryClient();
  const toast = useToast();
  // null: closed; 'new': the add form; a source: editing it.
  const [form, setForm] = useState<RssSource | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<RssSource | null>(null);
  // The open form holds typed text: closing it, opening another or leaving asks first.
  const [dirty, setDirty] = useState(false);
  // Into the first field when the form opens; a refused save to the first field in error (form-focus.ts).
  const formBox = useRef<HTMLDivElement>(null);
  useFormFocus(formBox, form === null ? null : form === 'new' ? 'new' : String(form.id));
  useLeaveGuard(form !== null && dirty);
  const openForm = (next: RssSource | 'new' | null) => {
    if (!confirmLeave(form !== null && dirty)) return;
    setDirty(false);
    setTested(null);
    setForm(next);
  };
  const [tested, setTested] = useState<{
    url: string;
    at: 'form' | number;
    result: RssSourceTestResult;
  } | null>(null);
  // The status read carries the sources with their last results.
  const refresh = () => queryClient.invalidateQueries({ queryKey: RSS_STATUS_KEY });
  const failed = (title: string) => (err: Error) =>
    toast({ title, description: messageOf(err), variant: 'destructive' });

  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RssSourceInput }) =>
      id
        ? apiRequest<RssSource>(fetcher, 'PUT', `${SOURCES_PATH}/${id}`, body)
        : apiRequest<RssSource>(fetcher, 'POST', SOURCES_PATH, body),
    onSuccess: (row, { id }) => {
      toast({ title: 'Success', description: id ? `"${row.name}" saved` : `"${row.name}" added` });
      setDirty(false);
      setForm(null);
      setTested(null);
      void refresh();
    },
    onError: failed('Could not save the source'),
  });
  const toggle = useMutation({
    mutationFn: (s: RssSource) =>
      apiRequest<RssSource>(fetcher, 'PUT', `${SOURCES_PATH}/${s.id}`, {
        ...editable(s),
        enabled: !s.enabled,
      }),
    onSuccess: () => void refresh(),
    onError: failed('Could not change the source'),
  });
  const remove = useMutation({
    mutationFn: (s: RssSource) => apiRequest<null>(fetcher, 'DELETE', `${SOURCES_PATH}/${s.id}`),
    onSuccess: (_r, s) => {
      toast({ title: 'Success', description: `"${s.name}" deleted. Its articles stay.` });
      void refresh();
    },
    onError: failed('Could not delete the source'),
  });
  // A test runs with the source's keywords, so it shows what a run would import and skip. A new test
  // clears the last result at once: a refused test never leaves another URL's result on screen.
  const test = useMutation({
    mutationFn: ({ body }: { body: RssSourceTestInput; at: 'form' | number }) =>
      apiRequest<RssSourceTestResult>(fetcher, 'POST', `${SOURCES_PATH}/test`, body),
    onMutate: () => setTested(null),
    onSuccess: (result, { body, at }) => setTested({ url: body.url, at, result }),
    onError: (err: Error) => {
      setTested(null);
      failed('Could not test the feed')(err);
    },
  });
  const testSource = (s: RssSource) =>
    test.mutate({
      body: { url: s.url, includeKeywords: s.includeKeywords, excludeKeywords: s.excludeKeywords },
      at: s.id,
    });

  const enabledCount = sources.filter((s) => s.enabled).length;
  return (
    <section
      aria-labelledby="rss-sources-heading"
      className="rounded-lg border border-stone-200 bg-white p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="rss-sources-heading" className="text-lg font-semibold text-stone-900">
          Active RSS Sources ({enabledCount})
        </h3>
        <Button variant="secondary" onClick={() => openForm(form === 'new' ? null : 'new')}>
          Add Source
        </Button>
      </div>
      {sources.length > enabledCount && (
        <p className="mt-1 text-sm text-stone-600">{sources.length - enabledCount} switched off.</p>
      )}

      {form && (
        <div ref={formBox} className="mt-4 rounded-md border border-stone-200 p-4">
          <SourceForm
            key={form === 'new' ? 'new' : form.id}
            initial={form === 'new' ? null : form}
            pending={save.isPending}
            testing={test.isPending}
            onSubmit={(body) => save.mutate({ id: form === 'new' ? null : form.id, body })}
            onTest={(body) => test.mutate({ body, at: 'form' })}
            onCancel={() => openForm(null)}
            onDirtyChange={setDirty}
          />
          {tested?.at === 'form' && <TestResult url={tested.url} result={tested.result} />}
        </div>
      )}

      {sources.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">No sources yet. Add one to start importing.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-100">
          {sources.map((s) => (
            <li key={s.id} className="py-3" aria-label={s.name}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                {/* At least 16rem for the text: on a phone the controls move below it. */}
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-medium text-stone-900">{s.name}</p>
                  <p className="break-all text-xs text-stone-500">{s.url}</p>
                  <div className="mt-1 flex flex-wrap gap-2">
                    <Badge>{categoryLabel(s.category)}</Badge>
                    {s.makeRecipes && <Badge tone="amber">WWE recipes</Badge>}
                    {s.enabled ? <Badge tone="green">Active</Badge> : <Badge>Off</Badge>}
                    {s.includeKeywords.length > 0 && <Badge>Only: {s.includeKeywords.join(', ')}</Badge>}
                    {s.excludeKeywords.length > 0 && <Badge>Skip: {s.excludeKeywords.join(', ')}</Badge>}
                  </div>
                  <LastResult source={s} />
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Switch
                    checked={s.enabled}
                    label={`Import ${s.name}`}
                    disabled={toggle.isPending}
                    onChange={() => toggle.mutate(s)}
                  />
                  <Button
                    variant="ghost"
                    aria-label={`Test ${s.name}`}
                    disabled={test.isPending}
                    onClick={() => testSource(s)}
                  >
                    Test
                  </Button>
                  <Button variant="ghost" aria-label={`Edit ${s.name}`} onClick={() => openForm(s)}>
                    Edit
                  </Button>
                  <Button variant="ghost" aria-label={`Delete ${s.name}`} onClick={() => setToDelete(s)}>
                    Delete
                  </Button>
                </div>
              </div>
              {tested?.at === s.id && <TestResult url={tested.url} result={tested.result} />}
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        removesRow
        title="Delete source?"
        body={`"${toDelete?.name ?? ''}" will no longer be imported. Articles already imported from it stay on the site.`}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
          setToDelete(null);
        }}
      />
    </section>
  );
}

function LastResult({ source: s }: { source: RssSource }) {
  if (!s.lastRunAt) return <p className="mt-1 text-xs text-stone-500">Not imported yet.</p>;
  return (
    <div className="mt-1 text-xs">
      <p className="text-stone-600">
        Last run {formatDateTime(s.lastRunAt)}
        {s.lastError ? '' : ` · ${s.lastCreated ?? 0} new of ${s.lastFetched ?? 0} fetched`}
      </p>
      {s.lastError && <FeedError problem={s.lastProblem} error={s.lastError} />}
      {!s.lastError && <FeedWarnings warnings={s.lastWarnings} />}
    </div>
  );
}
