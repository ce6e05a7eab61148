/** The setup link's state, as GET /api/setup/:token tells it (the route prefetches it, the page reads it). */
export const setupLinkKey = (token: string) => [`/api/setup/${encodeURIComponent(token)}`] as const;
