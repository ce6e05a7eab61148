import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import type { RouteHandle } from '../../routes';
import { allChallengesKey } from './queries';

const ChallengesPage = lazyPage(() =>
  import('./ChallengesPage').then((m) => ({ default: m.ChallengesPage })),
);

/** /challenges (issue 41 §5): its own chunk, its list fetched on the server. One line in routes.tsx. */
export const challengesRoute: RouteObject = {
  path: '/challenges',
  element: <ChallengesPage />,
  handle: { page: ChallengesPage, prefetch: () => [{ queryKey: allChallengesKey }] } satisfies RouteHandle,
};
