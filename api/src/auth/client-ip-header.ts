/** Header our app sets from the socket (or trusted proxy) for better-auth's rate limiter and the audit log. */
export const CLIENT_IP_HEADER = 'x-site-client-ip';
