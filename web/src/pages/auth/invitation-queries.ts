/** What an invitation link offers, as GET /api/invitations/:token tells it (the route prefetches it). */
export const invitationKey = (token: string) => [`/api/invitations/${encodeURIComponent(token)}`] as const;
