import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Env } from './env';

/**
 * Listen with idle timeouts a load balancer can live with: the server keeps an idle keep-alive
 * connection open longer than the balancer does (KEEP_ALIVE_TIMEOUT_MS, 65 s by default, above the
 * 60 s of common balancers), so it is always the balancer that closes it. Were the server first, a
 * request the balancer sends on a connection the server is closing would come back as a 502.
 * Headers may take a little longer than that, or Node would cut a slow request's headers first.
 */
export function listen(
  fetch: (req: Request) => Response | Promise<Response>,
  env: Pick<Env, 'PORT' | 'HOST' | 'KEEP_ALIVE_TIMEOUT_MS'>,
  onListening: (info: AddressInfo) => void = () => undefined,
): Server {
  const server = serve({ fetch, port: env.PORT, hostname: env.HOST }, onListening) as Server;
  server.keepAliveTimeout = env.KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = env.KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}

/**
 * How long connections that are idle when the drain starts stay open. A request a client writes on
 * one just as the server closes it comes back as ECONNRESET (a 502 at a load balancer); kept open a
 * moment, such a request is answered (with `Connection: close`) instead.
 */
export const DRAIN_IDLE_GRACE_MS = 1_000;

/**
 * The drain on SIGTERM, set up with the server: `drain(timeoutMs)` stops accepting connections;
 * every response from then on (those in flight too) carries `Connection: close`, so a client sends
 * its next request elsewhere; connections still idle after DRAIN_IDLE_GRACE_MS are closed; at
 * timeoutMs the rest are cut. Resolves true when every connection closed by itself in time.
 */
export function drainer(server: Server) {
  let draining = false;
  const unanswered = new Set<ServerResponse>();
  // Before the app's own listener, so it holds for every response.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      res.shouldKeepAlive = false;
      return;
    }
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  });
  return (timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      draining = true;
      for (const res of unanswered) if (!res.headersSent) res.shouldKeepAlive = false;
      unanswered.clear();
      const grace = Math.min(DRAIN_IDLE_GRACE_MS, timeoutMs);
      let idle: NodeJS.Timeout | undefined;
      const closeIdle = setTimeout(() => {
        server.closeIdleConnections();
        // A connection whose last answer went before the drain may turn idle later.
        idle = setInterval(() => server.closeIdleConnections(), 100);
      }, grace);
      const cut = setTimeout(() => {
        clearTimeout(closeIdle);
        clearInterval(idle);
        server.closeAllConnections();
        resolve(false);
      }, timeoutMs);
      // net.Server's close, not http.Server's: that one closes idle connections at once, and a
      // request already on its way on one of them would be reset.
      net.Server.prototype.close.call(server, () => {
        clearTimeout(closeIdle);
        clearInterval(idle);
        clearTimeout(cut);
        resolve(true);
      });
    });
}
