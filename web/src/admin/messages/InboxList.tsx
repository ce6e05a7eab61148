import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Badge, SelectField, Skeletons } from '../ui';

type Tone = 'stone' | 'rose' | 'green' | 'amber';

/** One list of what readers sent (contact messages or stories): heading, status filter, rows. */
export function InboxList<T extends { id: number }, S extends string>(props: {
  heading: string;
  /** "(2 unread)", shown beside the heading once known. */
  count?: { text: string; testId: string } | undefined;
  statuses: readonly S[];
  statusLabel: (s: S) => string;
  allLabel: string;
  filter: S | '';
  onFilter: (s: S | '') => void;
  query: UseQueryResult<T[]>;
  /** "messages", "stories": for the loading label and the empty state. */
  noun: string;
  row: (item: T) => { title: ReactNode; meta: ReactNode; status: S; tone: Tone; waiting: boolean };
  onOpen: (item: T) => void;
}) {
  const { query } = props;
  const items = query.data ?? [];
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <h2 className="font-serif text-2xl font-semibold">
          {props.heading}{' '}
          {props.count && (
            <span
              className="align-middle text-base font-normal text-rose-700"
              data-testid={props.count.testId}
            >
              {props.count.text}
            </span>
          )}
        </h2>
        <div className="w-48">
          <SelectField
            label="Filter by status"
            value={props.filter}
            onChange={(e) => props.onFilter(e.target.value as S | '')}
            options={[
              { value: '', label: props.allLabel },
              ...props.statuses.map((s) => ({ value: s, label: props.statusLabel(s) })),
            ]}
          />
        </div>
      </div>
      {query.isLoading ? (
        <Skeletons count={3} label={`Loading ${props.noun}`} />
      ) : query.error ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
          Error: {query.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="py-8 text-center text-stone-600">No {props.noun}.</p>
      ) : (
        <ul className="space-y-2">
          {items.map((item) => {
            const r = props.row(item);
            return (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => props.onOpen(item)}
                  className={`flex w-full items-start justify-between gap-4 rounded-lg border p-4 text-left hover:bg-stone-50 ${r.waiting ? 'border-rose-300 bg-rose-50/50 font-semibold' : 'border-stone-200 bg-white'}`}
                >
                  <span className="min-w-0">
                    <span className="block">{r.title}</span>
                    <span className="block text-sm font-normal text-stone-600">{r.meta}</span>
                  </span>
                  <Badge tone={r.tone}>{props.statusLabel(r.status)}</Badge>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
