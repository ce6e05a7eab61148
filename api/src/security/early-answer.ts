import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { MiddlewareHandler } from 'hono';

/** What a socket may still bring in after an early answer before it is cut: bytes, then time. */
export const LINGER_MAX_BYTES = 16 * 1024 * 1024;
export const LINGER_MAX_MS = 5_000;
const LINGER_CHECK_MS = 10;

/** Whether the request body is still (partly) on the wire when the answer is ready. */
export function bodyStillArriving(incoming: Pick<IncomingMessage, 'complete'> | undefined): boolean {
  return Boolean(incoming && !incoming.complete);
}

const lingering = Symbol('lingering');
type LingeringSocket = Socket & { [lingering]?: boolean };

/**
 * A web server's lingering close. Node ends a `Connection: close` socket with destroySoon() as soon as
 * the answer is written; destroying a socket with unread bytes makes the kernel send a reset, and a
 * client still sending its body (Node fetch sends it all before it reads) lost the answer to EPIPE
 * (issue 25 §8). Here only our side is closed (FIN after the answer) and what still arrives is read
 * and thrown away (Node's parser drops a body nobody read), until the client closes its side or
 * LINGER_MAX_BYTES / LINGER_MAX_MS run out.
 */
export function lingerBeforeClose(incoming: IncomingMessage): void {
  const socket = incoming.socket as LingeringSocket | null;
  if (!socket || socket.destroyed || socket[lingering] !== undefined) return;
  socket[lingering] = false;
  // Own property: only this socket, which closes after this answer anyway, changes.
  socket.destroySoon = function lingerThenDestroy(this: LingeringSocket) {
    if (this[lingering]) return; // @hono/node-server's own drain timer calls it again
    this[lingering] = true;
    if (this.writable) this.end();
    const startBytes = this.bytesRead;
    const startMs = Date.now();
    // The HTTP parser reads the socket itself and drops the dumped body, so no 'data' event tells
    // how much came: look at the byte count instead.
    const watch = setInterval(() => {
      if (this.bytesRead - startBytes > LINGER_MAX_BYTES || Date.now() - startMs > LINGER_MAX_MS) stop();
    }, LINGER_CHECK_MS);
    watch.unref();
    const stop = () => {
      clearInterval(watch);
      if (!this.destroyed) this.destroy();
    };
    this.once('end', stop); // the client closed its side: it has nothing more to send
    this.once('close', () => clearInterval(watch));
  };
}

/**
 * An answer given before the request body was read (413 over the limit, 401/403 before an upload,
 * 415 before a multipart parse) says `Connection: close`, so the client sends its next request on a
 * new socket (issue 13 §6), and the socket lingers (above) so the answer reaches a client that is still
 * sending. Outermost middleware, so it sees every answer, errors included. Only on the Node server
 * (`c.env.incoming`); app.request() has no socket.
 */
export const closeAfterEarlyAnswer: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!bodyStillArriving(incoming)) return;
  lingerBeforeClose(incoming!);
  try {
    c.res.headers.set('connection', 'close');
  } catch {
    // Immutable headers (a fetched Response): copy it.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('connection', 'close');
  }
};
