import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/** Whether the request body is still (partly) on the wire when the answer is ready. */
export function bodyStillArriving(incoming: Pick<IncomingMessage, 'complete'> | undefined): boolean {
  return Boolean(incoming && !incoming.complete);
}

/**
 * An answer given before the request body was read (413 over the limit, 401/403 before an upload,
 * 415 before a multipart parse) says `Connection: close`. The server then closes that socket after the
 * answer, and the client sends its next request on a new one: without it the client kept the socket,
 * the server dropped it, and the next request failed (issue 13 §6). Outermost middleware, so it sees
 * every answer, errors included. Only on the Node server (`c.env.incoming`); app.request() has no socket.
 */
export const closeAfterEarlyAnswer: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!bodyStillArriving(incoming)) return;
  try {
    c.res.headers.set('connection', 'close');
  } catch {
    // Immutable headers (a fetched Response): copy it.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('connection', 'close');
  }
};
