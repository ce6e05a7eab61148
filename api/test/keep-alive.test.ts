import { request as httpRequest, Agent as HttpAgent, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env';
import { listen } from '../src/listen';

const app = new Hono().get('/', (c) => c.text('ok'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** GET / on a keep-alive agent; answers the socket the request went out on. */
function get(port: number, agent: HttpAgent) {
  return new Promise<Socket>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(req.socket as Socket));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('keep-alive connections a load balancer can reuse', () => {
  let server: Server | undefined;
  afterEach(async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  });
  const start = async (keepAliveMs: number) => {
    const env = loadEnv({ PORT: '0', HOST: '127.0.0.1', KEEP_ALIVE_TIMEOUT_MS: String(keepAliveMs) });
    await new Promise<void>((r) => {
      server = listen(app.fetch, env, () => r());
    });
    return (server!.address() as AddressInfo).port;
  };

  it('defaults to 65 s idle, above common balancers (60 s), with headers allowed 1 s more', () => {
    const env = loadEnv({});
    expect(env.KEEP_ALIVE_TIMEOUT_MS).toBe(65_000);
    const s = listen(app.fetch, { ...env, PORT: 0, HOST: '127.0.0.1' });
    try {
      expect(s.keepAliveTimeout).toBe(65_000);
      expect(s.headersTimeout).toBe(66_000);
    } finally {
      s.close();
    }
  });

  it("an idle connection outlives Node's 5 s default and is reused for the next request", async () => {
    const port = await start(8_000);
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    const first = await get(port, agent);
    await sleep(6_000);
    expect(first.destroyed).toBe(false);
    const second = await get(port, agent);
    expect(second).toBe(first);
    agent.destroy();
  }, 20_000);

  it('is closed by the server once KEEP_ALIVE_TIMEOUT_MS has passed', async () => {
    const port = await start(1_000);
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    const first = await get(port, agent);
    await sleep(2_000);
    expect(first.destroyed).toBe(true);
    agent.destroy();
  }, 10_000);
});
