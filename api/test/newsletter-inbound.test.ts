import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { newsletterSubscribers } from '../src/db/schema';
import { listLinks } from '../src/newsletter/send';
import { unsubscribeToken } from '../src/newsletter/tokens';
import { dbTargets, testApp } from './helpers';

const SECRET = 'inbound-secret-of-at-least-24-chars';

/** What a reader's mail program sends to the List-Unsubscribe mailto:, as raw MIME (RFC 2369). */
async function unsubscribeMail(mailto: string, from: string) {
  const url = new URL(mailto);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = (await transport.sendMail({
    from,
    to: url.pathname,
    subject: url.searchParams.get('subject') ?? '',
    text: 'Sent from my phone — désolée, trop de mails.',
  })) as unknown as { message: Buffer };
  return info.message.toString('utf8');
}

/** Issue 30: the List-Unsubscribe mailto: works, once the mail server passes such mail on. */
describe.each(dbTargets)('unsubscribe by mail on %s', (kind) => {
  let booted: Booted;
  const post = (body: string | FormData, headers: Record<string, string>) =>
    booted.app.request('/newsletter/inbound', { method: 'POST', body, headers });
  const status = async (id: number) =>
    (await booted.deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)))[0]
      ?.status;
  const subscriber = async (email: string) => {
    const [row] = await booted.deps.db
      .insert(newsletterSubscribers)
      .values({ email, status: 'subscribed', source: 'import', consentAt: new Date(), consentNote: 'test' })
      .returning();
    return row!;
  };
  beforeAll(async () => {
    booted = await testApp(kind, {
      env: { NEWSLETTER_INBOUND_TOKEN: SECRET, SITE_URL: 'https://bloom.test', MAIL_FROM: 'news@bloom.test' },
    });
  });
  afterAll(async () => booted?.close());

  it('a raw message to the mailto: (the subject the header set) unsubscribes its reader at once', async () => {
    const sub = await subscriber('mailer@example.com');
    const raw = await unsubscribeMail(listLinks(booted.deps, sub.id).mailto, sub.email);
    // No cookie, no Origin: a mail server piping the message through curl.
    const res = await post(raw, { authorization: `Bearer ${SECRET}`, 'content-type': 'message/rfc822' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: 'unsubscribed' });
    expect(await status(sub.id)).toBe('unsubscribed');
  });

  it("a provider's inbound webhook: the raw MIME in a form field, the secret as Basic auth", async () => {
    const sub = await subscriber('webhook@example.com');
    const form = new FormData();
    form.set('email', await unsubscribeMail(listLinks(booted.deps, sub.id).mailto, sub.email));
    const res = await post(form, {
      authorization: `Basic ${Buffer.from(`inbound:${SECRET}`).toString('base64')}`,
    });
    expect(await res.json()).toEqual({ result: 'unsubscribed' });
    expect(await status(sub.id)).toBe('unsubscribed');
  });

  it('without the secret: 401 and nothing changes; a mail naming no one or a forged token: 200, nothing changes', async () => {
    const sub = await subscriber('kept@example.com');
    const raw = await unsubscribeMail(listLinks(booted.deps, sub.id).mailto, sub.email);
    expect((await post(raw, {})).status).toBe(401);
    expect((await post(raw, { authorization: 'Bearer wrong-secret-wrong-secret-xx' })).status).toBe(401);
    const forged = unsubscribeToken({ BETTER_AUTH_SECRET: 'another-server-secret-another-secret' }, sub.id);
    const res = await post(
      await unsubscribeMail(`mailto:u@bloom.test?subject=unsubscribe ${forged}`, sub.email),
      {
        authorization: `Bearer ${SECRET}`,
      },
    );
    expect(await res.json()).toEqual({ result: 'unknown token' });
    const none = await post(await unsubscribeMail('mailto:u@bloom.test?subject=hello', sub.email), {
      authorization: `Bearer ${SECRET}`,
    });
    expect(await none.json()).toEqual({ result: 'no token' });
    expect(await status(sub.id)).toBe('subscribed');
  });

  it('a body past 256 KB is refused with 413', async () => {
    const res = await post('x'.repeat(300 * 1024), { authorization: `Bearer ${SECRET}` });
    expect(res.status).toBe(413);
  });
});

describe('unsubscribe by mail, not set up', () => {
  it('answers 404 without NEWSLETTER_INBOUND_TOKEN', async () => {
    const booted = await testApp('pglite');
    try {
      const res = await booted.app.request('/newsletter/inbound', { method: 'POST', body: 'x' });
      expect(res.status).toBe(404);
    } finally {
      await booted.close();
    }
  });
});
