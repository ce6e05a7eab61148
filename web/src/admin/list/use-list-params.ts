import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list's search, filters and sort, kept in the URL (?q=…&status=…) so a search can be shared and
 * survives a reload. Only the names given are read; blank values leave the URL.
 */
export function useListParams<Name extends string>(names: readonly Name[]) {
  const [params, setParams] = useSearchParams();
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
    (name: string, value: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { values, set };
}
