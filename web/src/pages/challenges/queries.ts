/** Every challenge, active and finished (GET /api/challenges, ordered by id): the /challenges list. */
export const allChallengesKey = ['/api/challenges'] as const;
