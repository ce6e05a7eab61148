import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
