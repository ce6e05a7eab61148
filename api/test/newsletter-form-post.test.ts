import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { newsletterSubscribers } from '../src/db/schema';
import { PRODUCTION_SECRET, testApp } from './helpers';

/** The subscribe form posted before the page's scripts ran (issue 41 §7): a real form post. */
const post = (booted: Booted, body: string, origin = 'http://localhost:3000', query = '') =>
  booted.app.request(`/api/newsletter/subscribe/form${query}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body,
  });

describe('newsletter form post without scripts (issue 41 §7)', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp('pglite', { env: { NODE_ENV: 'development' } });
  });
  afterAll(() => booted?.close());

  it('a good address: 303 to /newsletter?subscribe=sent (no address in it), and the subscriber is pending', async () => {
    const res = await post(
      booted,
      'email=form%40example.com&firstName=Ann&website=',
      undefined,
      '?form=footer',
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/newsletter?subscribe=sent');
    const rows = await booted.deps.db.select().from(newsletterSubscribers);
    expect(rows.map((r) => [r.email, r.status, r.source])).toContainEqual([
      'form@example.com',
      'pending',
      'footer',
    ]);
  });

  it('a malformed or empty address: 303 to ?subscribe=invalid, nothing stored', async () => {
    for (const body of ['email=not-an-address&form=page', 'email=&form=page', '']) {
      const res = await post(booted, body);
      expect(res.status, body).toBe(303);
      expect(res.headers.get('location')).toBe('/newsletter?subscribe=invalid');
    }
    const rows = await booted.deps.db.select().from(newsletterSubscribers);
    expect(rows.some((r) => r.email === 'not-an-address')).toBe(false);
  });

  it('a filled honeypot: the same "sent" answer, nothing stored', async () => {
    const res = await post(booted, 'email=bot%40example.com&website=http%3A%2F%2Fspam');
    expect(res.headers.get('location')).toBe('/newsletter?subscribe=sent');
    const rows = await booted.deps.db.select().from(newsletterSubscribers);
    expect(rows.some((r) => r.email === 'bot@example.com')).toBe(false);
  });

  it('from another site: refused by the Origin check like every write', async () => {
    const res = await post(booted, 'email=x%40example.com', 'https://evil.example');
    expect(res.status).toBe(403);
  });

  it('GET /api/newsletter/status: open where mail can be sent', async () => {
    const res = await booted.app.request('/api/newsletter/status');
    expect(await res.json()).toEqual({ open: true });
    expect(res.headers.get('cache-control')).toMatch(/^public/);
  });
});

describe('newsletter status without SMTP in production (issue 41 §7)', () => {
  it('status says closed, and the form post lands on ?subscribe=closed', async () => {
    const booted = await testApp('pglite', {
      env: { NODE_ENV: 'production', BETTER_AUTH_SECRET: PRODUCTION_SECRET, SITE_URL: 'https://bloom.test' },
    });
    try {
      expect(await (await booted.app.request('/api/newsletter/status')).json()).toEqual({ open: false });
      const res = await post(booted, 'email=p%40example.com', 'https://bloom.test');
      expect(res.headers.get('location')).toBe('/newsletter?subscribe=closed');
      expect(await booted.deps.db.select().from(newsletterSubscribers)).toHaveLength(0);
    } finally {
      await booted.close();
    }
  });
});
