import {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_MAX,
  type AuditEntry,
  type AuditPage,
  auditFilter,
  formatDateTime,
  SKELETONS,
} from '@site/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { HttpError, keyToUrl, throwIfNotOk } from '../../lib/api';
import { DownloadLink } from '../insights/CsvLink';
import { usePlatform } from '../platform';
import { adminKeys } from '../query-keys';
import { Button, SelectField, Skeletons, TextField } from '../ui';
import { AUDIT_ACTION_LABELS, actionLabel, itemEditPath, itemLabel, roleLabel } from './labels';

/** The filters, as ?actor=…&action=… in the URL: Back goes to the previous ones, a link shares them. */
const FILTERS = ['actor', 'action', 'itemType', 'itemId', 'from', 'to'] as const;
type FilterName = (typeof FILTERS)[number];
type Filters = Partial<Record<FilterName, string>>;
export const AUDIT_PAGE_SIZE = 50;

const ACTION_OPTIONS = [
  { value: '', label: 'Any action' },
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] })),
];

function readFilters(params: URLSearchParams): Filters {
  const out: Filters = {};
  for (const n of FILTERS) {
    const v = params.get(n)?.trim();
    if (v) out[n] = v;
  }
  return out;
}

/**
 * The audit log (issue 42 §7), admins only: who did what to which item, when and from where. Filters by
 * person, action, item and days; "Older entries" pages back; "Export CSV" downloads the same filters.
 */
export function AuditTab() {
  const [params, setParams] = useSearchParams();
  const key = FILTERS.map((n) => params.get(n) ?? '').join('\u0000');
  // `key` holds exactly the values read, so the filters object changes only when they do.
  const applied = useMemo(() => readFilters(params), [key]);
  const filtered = Object.keys(applied).length > 0;

  function apply(next: Filters) {
    // A new entry in the history (not a replacement), so Back shows the filters before.
    setParams(() => {
      const p = new URLSearchParams({ tab: 'audit' });
      for (const n of FILTERS) if (next[n]) p.set(n, next[n]);
      return p;
    });
  }

  return (
    <div className="min-w-0">
      <h2 className="mb-4 font-serif text-2xl font-semibold">Audit log</h2>
      <p className="mb-4 text-sm text-stone-600">
        Every change made in the dashboard, and staff sign-ins: who, what, which item, when and from which
        address. Only the names of changed fields are kept, never their contents.
      </p>
      <AuditFilters applied={applied} onApply={apply} onClear={() => apply({})} />
      <AuditEntries filters={applied} filtered={filtered} />
    </div>
  );
}

function AuditFilters({
  applied,
  onApply,
  onClear,
}: {
  applied: Filters;
  onApply: (f: Filters) => void;
  onClear: () => void;
}) {
  const [draft, setDraft] = useState<Filters>(applied);
  const [errors, setErrors] = useState<Partial<Record<FilterName, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  // The URL changed elsewhere (Back, a shared link): the form shows what is applied.
  useEffect(() => {
    setDraft(applied);
    setErrors({});
  }, [applied]);
  const field = (name: FilterName) => ({
    name,
    value: draft[name] ?? '',
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = auditFilter.safeParse(draft);
    if (!checked.success) {
      const next: Partial<Record<FilterName, string>> = {};
      for (const issue of checked.error.issues) {
        const name = issue.path[0] as FilterName | undefined;
        if (name && !next[name]) next[name] = issue.message;
      }
      setErrors(next);
      // The first field in error takes the focus, so its message is read out with it.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    const out: Filters = {};
    for (const n of FILTERS) {
      const v = draft[n]?.trim();
      if (v) out[n] = v;
    }
    onApply(out);
  }

  return (
    <search aria-label="Filter the audit log" className="mb-4 block">
      <form
        ref={form}
        onSubmit={submit}
        noValidate
        className="space-y-3 rounded-lg border border-stone-200 bg-white p-3"
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Person (email or user id)" autoComplete="off" {...field('actor')} />
          <SelectField label="Action" options={ACTION_OPTIONS} {...field('action')} />
          <div className="grid grid-cols-2 gap-2">
            <TextField label="Item type" placeholder="article" autoComplete="off" {...field('itemType')} />
            <TextField label="Item id" autoComplete="off" {...field('itemId')} />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <TextField label="From" type="date" {...field('from')} />
            <TextField label="To" type="date" {...field('to')} />
          </div>
        </div>
        <p className="text-xs text-stone-600">Days run from midnight to midnight UTC, both included.</p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">Apply filters</Button>
          <Button
            variant="secondary"
            disabled={Object.keys(applied).length === 0 && !Object.values(draft).some(Boolean)}
            onClick={() => {
              setDraft({});
              setErrors({});
              onClear();
            }}
          >
            Clear filters
          </Button>
        </div>
      </form>
    </search>
  );
}

function useAuditPages(filters: Filters) {
  const { fetcher } = usePlatform();
  return useInfiniteQuery({
    queryKey: adminKeys.audit.list({ ...filters, limit: AUDIT_PAGE_SIZE }),
    // 0: the newest page; then the `nextBefore` of the page above.
    initialPageParam: 0,
    queryFn: async ({ queryKey, pageParam, signal }) => {
      const [path, query] = queryKey;
      const url = keyToUrl([path, { ...query, before: pageParam || undefined }]);
      const res = await throwIfNotOk(await fetcher(url, { signal }));
      return (await res.json()) as AuditPage;
    },
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    // A refused filter (400) says why at once; trying again would only repeat it.
    retry: false,
  });
}

function AuditEntries({ filters, filtered }: { filters: Filters; filtered: boolean }) {
  const pages = useAuditPages(filters);
  const captionId = useId();
  const region = useRef<HTMLElement>(null);
  const entries = pages.data?.pages.flatMap((p) => p.entries) ?? [];
  const csvUrl = keyToUrl(adminKeys.audit.csv(filters));

  let body: ReactNode;
  if (pages.isLoading) {
    body = <Skeletons count={SKELETONS.adminList} label="Loading the audit log" />;
  } else if (pages.error) {
    const refused = pages.error instanceof HttpError && pages.error.status === 400;
    const detail = pages.error instanceof HttpError ? pages.error.serverMessage : undefined;
    body = (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
        {refused
          ? `These filters cannot be used: ${detail ?? 'check them and try again.'}`
          : `The audit log could not be loaded${detail ? `: ${detail}` : '. Try again in a moment.'}`}
      </p>
    );
  } else if (entries.length === 0) {
    body = (
      <p className="py-8 text-center text-stone-600">
        {filtered ? 'No entries match these filters.' : 'No entries yet.'}
      </p>
    );
  } else {
    body = (
      // Wide on a phone: the table scrolls sideways in its own region, the page does not.
      <section
        ref={region}
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: axe requires keyboard access to a scrollable region
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-lg border border-stone-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
      >
        <table className="w-full min-w-[52rem] text-left text-sm">
          <caption id={captionId} className="px-3 pt-3 pb-1 text-left text-sm text-stone-600">
            Audit log, newest first: {entries.length} entr{entries.length === 1 ? 'y' : 'ies'} shown
          </caption>
          <thead className="text-stone-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Time
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Person
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Action
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Item
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Fields changed
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                IP address
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <AuditRow key={e.id} entry={e} />
            ))}
          </tbody>
        </table>
      </section>
    );
  }

  return (
    <section aria-label="Entries">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <DownloadLink url={csvUrl} name="audit-log.csv">
          Export CSV
        </DownloadLink>
        <span className="text-xs text-stone-600">
          The newest {AUDIT_EXPORT_MAX.toLocaleString('en-GB')} entries of these filters at most.
        </span>
      </div>
      {body}
      {pages.hasNextPage && !pages.error && (
        <div className="mt-4 text-center">
          <Button
            variant="secondary"
            disabled={pages.isFetchingNextPage}
            onClick={async () => {
              const next = await pages.fetchNextPage();
              // The button goes with the last page: the keyboard stays in the table, not at the page's top.
              if (!next.hasNextPage) region.current?.focus();
            }}
          >
            {pages.isFetchingNextPage ? 'Loading…' : 'Older entries'}
          </Button>
        </div>
      )}
      {pages.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-center text-sm text-red-700">
          Older entries could not be loaded. Try again.
        </p>
      )}
    </section>
  );
}

function AuditRow({ entry: e }: { entry: AuditEntry }) {
  const item = itemLabel(e);
  const edit = itemEditPath(e);
  const role = roleLabel(e.actorRole);
  return (
    <tr className="border-t border-stone-100 align-top" data-testid="audit-row">
      <td className="px-3 py-2 whitespace-nowrap">
        <time dateTime={e.at}>{formatDateTime(e.at)}</time>
      </td>
      <td className="px-3 py-2">
        <span className="block break-all text-stone-900">{e.actorEmail ?? e.actorId ?? 'Unknown'}</span>
        {role && <span className="block text-xs text-stone-600">{role}</span>}
      </td>
      <td className="px-3 py-2">{actionLabel(e.action)}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        {edit ? (
          <Link className="font-medium text-rose-800 underline" to={edit}>
            {item}
          </Link>
        ) : (
          item || '—'
        )}
        {e.count !== null && (
          <span className="block text-xs text-stone-600">
            {e.count} item{e.count === 1 ? '' : 's'}
          </span>
        )}
      </td>
      <td className="px-3 py-2">{e.fields.length ? e.fields.join(', ') : '—'}</td>
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">{e.ip ?? '—'}</td>
    </tr>
  );
}
