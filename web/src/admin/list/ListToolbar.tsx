import { useEffect, useId, useState } from 'react';

export interface ToolbarSelect {
  name: string;
  label: string;
  value: string;
  /** The first option is the "any" choice (value ''). */
  options: { value: string; label: string }[];
}

/** A yes/no filter: in the URL as `name=true` when ticked, absent otherwise. */
export interface ToolbarToggle {
  name: string;
  label: string;
  checked: boolean;
}

const SEARCH_DELAY_MS = 300;
const controlClass =
  'w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm focus:border-rose-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700';

/**
 * Search box, filters and sort above an admin list, and the number of results. The search is sent
 * once typing pauses; every change lands in the URL through `onChange`.
 */
export function ListToolbar({
  searchLabel,
  search,
  selects,
  toggles = [],
  total,
  capped = false,
  onChange,
}: {
  searchLabel: string;
  search: string;
  selects: ToolbarSelect[];
  toggles?: ToolbarToggle[];
  total: number | undefined;
  /** The server stopped counting at `total`. */
  capped?: boolean;
  onChange: (name: string, value: string) => void;
}) {
  const [text, setText] = useState(search);
  const id = useId();
  // The URL changed elsewhere (back button, a shared link): show its search.
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    if (text.trim() === search) return;
    const t = setTimeout(() => onChange('q', text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [text, search, onChange]);
  return (
    <search
      className="mb-4 space-y-3 rounded-lg border border-stone-200 bg-white p-3"
      aria-label={searchLabel}
    >
      <div>
        <label htmlFor={`${id}-q`} className="sr-only">
          {searchLabel}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          placeholder={`${searchLabel}…`}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onChange('q', text.trim());
          }}
          className={controlClass}
        />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {selects.map((s) => (
          <div key={s.name}>
            <label htmlFor={`${id}-${s.name}`} className="block text-xs font-medium text-stone-600">
              {s.label}
            </label>
            <select
              id={`${id}-${s.name}`}
              value={s.value}
              onChange={(e) => onChange(s.name, e.target.value)}
              className={controlClass}
            >
              {s.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {toggles.length > 0 && (
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {toggles.map((t) => (
            <label key={t.name} className="flex items-center gap-2 text-sm font-medium text-stone-700">
              <input
                type="checkbox"
                className="h-5 w-5 accent-rose-700"
                checked={t.checked}
                onChange={(e) => onChange(t.name, e.target.checked ? 'true' : '')}
              />
              {t.label}
            </label>
          ))}
        </div>
      )}
      <p className="text-sm text-stone-600" aria-live="polite">
        {total === undefined
          ? '\u00a0'
          : `${total}${capped ? '+' : ''} result${total === 1 && !capped ? '' : 's'}`}
      </p>
    </search>
  );
}
