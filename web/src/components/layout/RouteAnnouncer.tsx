import { useRouteFocus } from '../../lib/route-focus';

/**
 * Moves focus to a new page's heading and says its title (lib/route-focus.ts). The live region is in
 * the server's HTML too: a region added at the moment it speaks is missed by some screen readers.
 */
export function RouteAnnouncer() {
  const message = useRouteFocus();
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}
