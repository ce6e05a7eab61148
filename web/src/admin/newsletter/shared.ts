import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from '../query-keys';

/** After a newsletter write: every newsletter query (all keys start with its path). */
export const refreshNewsletter = (qc: QueryClient) =>
  qc.invalidateQueries({
    predicate: (q) =>
      typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(adminKeys.newsletter.all[0]),
  });

export const section = 'rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5';
export const h2 = 'mb-3 font-serif text-xl font-bold text-stone-900';
