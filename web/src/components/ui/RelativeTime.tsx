import { formatDate, formatDateTime, timeAgo } from '@site/shared';
import { useEffect, useRef } from 'react';

/**
 * "3 days ago", as readers expect. The server (and so a stored page, api: web/stored-pages.ts) writes
 * the absolute date, which never goes stale; the browser switches to the relative form once the element
 * is in the page. The text is set on the element, not through state: a state change would render every
 * card again right after hydration (blocking time on a phone). React renders the same absolute text
 * each time, so it never overwrites the relative one; a new date renders and is made relative again.
 */
export function RelativeTime({ iso }: { iso: string }) {
  const ref = useRef<HTMLTimeElement>(null);
  useEffect(() => {
    // The text node React made (not textContent, which would replace it behind React's back).
    const text = ref.current?.firstChild;
    if (text) text.nodeValue = timeAgo(iso);
  }, [iso]);
  return (
    <time ref={ref} dateTime={iso} title={formatDateTime(iso)}>
      {formatDate(iso)}
    </time>
  );
}
