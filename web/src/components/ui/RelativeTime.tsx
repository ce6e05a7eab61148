import { formatDate, formatDateTime, timeAgo } from '@site/shared';
import { useEffect, useState } from 'react';

/**
 * "3 days ago", as readers expect. The server (and so a stored page, api: web/stored-pages.ts) writes
 * the absolute date, which never goes stale; the browser switches to the relative form once the page
 * has hydrated. Both renders before that agree, so hydration sees no mismatch.
 */
export function RelativeTime({ iso }: { iso: string }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {hydrated ? timeAgo(iso) : formatDate(iso)}
    </time>
  );
}
