import type { MessageStatus, StoryStatus } from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api';

import { adminKeys } from '../query-keys';

export const messageCountsKey = adminKeys.messages.counts;
export const storyCountsKey = adminKeys.stories.counts;

/** Rechecked every minute, so a message that arrives while an editor works still shows up. */
const REFRESH_MS = 60_000;

/** Contact messages per status. One query shared by the tab badge and the Contact Messages panel. */
export function useMessageCounts(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: messageCountsKey,
    queryFn: () => api<Record<MessageStatus, number>>('GET', messageCountsKey[0]),
    refetchInterval: REFRESH_MS,
    enabled,
  });
}

/** Stories per status. One query shared by the tab badge and the Community Stories panel. */
export function useStoryCounts(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: storyCountsKey,
    queryFn: () => api<Record<StoryStatus, number>>('GET', storyCountsKey[0]),
    refetchInterval: REFRESH_MS,
    enabled,
  });
}

/**
 * What waits for an editor in the Messages tab: unread contact messages and new stories. Opening a
 * message or approving a story invalidates these keys, so the badge follows at once.
 */
export function useInbox(enabled = true) {
  // Off for roles without the Messages tab: they may not read its counts.
  const unread = useMessageCounts(enabled).data?.unread ?? 0;
  const newStories = useStoryCounts(enabled).data?.new ?? 0;
  return { unread, newStories, total: unread + newStories };
}

/** "3 unread messages and 1 new story", for screen readers. */
export function inboxDescription({ unread, newStories }: { unread: number; newStories: number }) {
  const parts = [];
  if (unread) parts.push(`${unread} unread message${unread === 1 ? '' : 's'}`);
  if (newStories) parts.push(`${newStories} new stor${newStories === 1 ? 'y' : 'ies'}`);
  return parts.join(' and ');
}
