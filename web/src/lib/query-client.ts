import { QueryClient } from '@tanstack/react-query';
import { type Fetcher, keyToUrl, throwIfNotOk } from './api';

/**
 * Spec §7 defaults: no retries, no refetch on focus, no polling, data never stale.
 * The default query function fetches the URL the key names, through the given fetcher.
 */
export function createQueryClient(fetcher: Fetcher) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
        queryFn: async ({ queryKey, signal, meta }) => {
          const res = await throwIfNotOk(await fetcher(keyToUrl(queryKey), { signal }));
          // A keyset page (lib/content.ts, newsPageQuery): its rows and the next page's cursor.
          if (meta?.nextCursor) return { rows: await res.json(), next: res.headers.get('x-next-cursor') };
          return res.json();
        },
      },
      mutations: { retry: false },
    },
  });
}
