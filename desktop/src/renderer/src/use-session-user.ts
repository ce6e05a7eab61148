import type { CurrentUser } from '@site/shared';
import { useFetcher } from '@site/web/fetcher-context';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

/** The signed-in user per the server; a 401 means the saved token has expired or was revoked. */
export function useSessionUser(onSessionEnded: () => void) {
  const fetcher = useFetcher();
  const q = useQuery<CurrentUser | null>({
    queryKey: ['/api/auth/user'],
    queryFn: async () => {
      const res = await fetcher('/api/auth/user');
      if (res.status === 401) return null;
      if (!res.ok) throw new Error(`${res.status}`);
      return (await res.json()) as CurrentUser;
    },
  });
  const ended = q.isSuccess && q.data === null;
  useEffect(() => {
    if (ended) onSessionEnded();
  }, [ended, onSessionEnded]);
  if (q.isPending || ended) return { user: null, status: 'loading' as const };
  if (q.isError) return { user: null, status: 'error' as const };
  return { user: q.data, status: 'ready' as const };
}
