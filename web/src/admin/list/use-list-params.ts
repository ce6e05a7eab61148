import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list's search, filters and sort, kept in the URL (?q=…&status=…) so a search can be shared and
 * survives a reload. Only the names given are read; blank values leave the URL.
 */
export function useListParams<Name extends string>(names: readonly Name[]) {
  const [params, setParams] = useSearchParams();
  // The URL as this hook last set it, until the router shows it: two changes before the list renders
  // again ("Any status", then Sports) each build on the one before. Built from the render's params,
  // the second put the first one's old value back (status=draft, 0 results: issue 26).
  const latest = useRef(params);
  const shown = useRef(params);
  if (shown.current !== params) {
    shown.current = params;
    latest.current = params;
  }
  const key = names.map((n) => `${n}=${params.get(n) ?? ''}`).join('&');
  // `key` holds exactly the values read here, so the filters object changes only when they do.
  const values = useMemo(() => {
    const out: Partial<Record<Name, string>> = {};
    for (const n of names) {
      const v = params.get(n);
      if (v) out[n] = v;
    }
    return out;
  }, [key]);
  const set = useCallback(
    (name: string, value: string) => {
      const next = new URLSearchParams(latest.current);
      if (value) next.set(name, value);
      else next.delete(name);
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return { values, set };
}
