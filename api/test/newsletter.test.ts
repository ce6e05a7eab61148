import { generateKeyPairSync } from 'node:crypto';
import { NEWSLETTER_SUBSCRIBE_ANSWER } from '@site/shared';
import { eq, sql } from 'drizzle-orm';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import {
  articles,
  newsletterDeliveries,
  newsletterIssues,
  newsletterOutbox,
  newsletterSponsors,
  newsletterSubscribers,
} from '../src/db/schema';
import { bodyHtmlFields } from '../src/routes/content/body-html';
import { startJobWorkers } from '../src/queue/workers';
import { Agent, dbTargets, signUp, signUpAdmin, testApp, PRODUCTION_SECRET } from './helpers';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

// A DKIM key pair made here, and its TXT record answered by a local resolver: nothing leaves the machine.
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicB64 = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === 'mail2026._domainkey.bloom.test')
    return [[`v=DKIM1; k=rsa; p=${publicB64}`]];
  const err = new Error(`no ${type} record for ${name}`) as Error & { code: string };
  err.code = 'ENOTFOUND';
  throw err;
};

const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.each(dbTargets)('newsletter against a real SMTP server on %s (issue 30)', (kind) => {
  let booted: Booted;
  let sink: SmtpSink;
  let stopWorkers: () => Promise<void>;
  let admin: Agent;
  let adminEmail: string;

  const subscriber = async (email: string) =>
    (
      await booted.deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
    )[0];
  const mailsTo = (email: string) => sink.received.filter((m) => m.to === email);
  const subscribeAndConfirm = async (email: string, firstName?: string) => {
    const agent = new Agent(booted.app, undefined, 'https://bloom.test');
    const res = await agent.post('/api/newsletter/subscribe', { email, firstName, form: 'footer' });
    expect(res.status).toBe(202);
    await waitUntil(`confirmation to ${email}`, async () => mailsTo(email).length > 0);
    const link = /\/newsletter\/confirm\/([A-Za-z0-9_-]+)/.exec(mailsTo(email).at(-1)!.parsed.text ?? '')!;
    const ok = await agent.post('/api/newsletter/confirm', { token: link[1] });
    expect(ok.status).toBe(200);
    return link[1]!;
  };
  const addArticle = async (title: string, minutesAgo = 10) => {
    const [row] = await booted.deps.db
      .insert(articles)
      .values({
        slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        title,
        excerpt: `${title}: the short of it.`,
        content: `# ${title}\n\nBody.`,
        ...bodyHtmlFields(`# ${title}\n\nBody.`),
        category: 'wellness',
        imageUrl: '/uploads/picture.webp',
        status: 'published',
        publishedAt: new Date(Date.now() - minutesAgo * 60_000),
      })
      .returning();
    return row!;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    booted = await testApp(kind, {
      env: {
        SMTP_URL: sink.url,
        MAIL_FROM: '"Bloom & Balance" <news@bloom.test>',
        DKIM_DOMAIN: 'bloom.test',
        DKIM_SELECTOR: 'mail2026',
        DKIM_PRIVATE_KEY: privatePem,
        NEWSLETTER_RETRY_SECONDS: '1',
        NEWSLETTER_LEASE_SECONDS: '3',
        SITE_URL: 'https://bloom.test',
      },
      ...(process.env.NL_DEBUG ? { logger: (await import('pino')).default({ level: 'debug' }) } : {}),
    });
    const signed = await signUpAdminAt(booted, 'https://bloom.test');
    adminEmail = signed.email;
    admin = signed.agent;
    stopWorkers = await startJobWorkers(booted.deps, { pollSeconds: 0.5, cronSeconds: 1 });
  });
  afterEach(() => {
    sink.onRcpt = undefined;
  });
  afterAll(async () => {
    await stopWorkers?.();
    await booted?.close();
    await sink?.close();
  });

  it('subscribing answers the same for a new, pending, subscribed and bounced address, and only a new one is mailed', async () => {
    const anon = () => new Agent(booted.app, undefined, 'https://bloom.test');
    await booted.deps.db.insert(newsletterSubscribers).values([
      { email: 'already@example.com', status: 'subscribed', source: 'import', consentAt: new Date() },
      { email: 'bounced@example.com', status: 'bounced', source: 'import' },
    ]);
    const answers = [];
    for (const email of [
      'New.Reader@Example.com',
      'new.reader@example.com',
      'already@example.com',
      'bounced@example.com',
    ]) {
      const res = await anon().post('/api/newsletter/subscribe', { email, form: 'footer' });
      answers.push([res.status, await res.json()]);
    }
    for (const a of answers) expect(a).toEqual([202, { message: NEWSLETTER_SUBSCRIBE_ANSWER }]);
    await waitUntil('the confirmation', async () => mailsTo('new.reader@example.com').length > 0);
    await new Promise((r) => setTimeout(r, 1500));
    // One mail: the second request came within 10 minutes; subscribed and bounced get none.
    expect(mailsTo('new.reader@example.com')).toHaveLength(1);
    expect(mailsTo('already@example.com')).toHaveLength(0);
    expect(mailsTo('bounced@example.com')).toHaveLength(0);
    const row = await subscriber('new.reader@example.com');
    expect(row).toMatchObject({ status: 'pending', source: 'footer' });
    expect(row!.requestIpHash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('bad input is a 400 with a message and stores nothing; the honeypot is answered the same and stores nothing', async () => {
    const before = (await booted.deps.db.select().from(newsletterSubscribers)).length;
    const bad = await new Agent(booted.app, undefined, 'https://bloom.test').post(
      '/api/newsletter/subscribe',
      { email: 'not-an-address' },
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBeTruthy();
    const bot = await new Agent(booted.app, undefined, 'https://bloom.test').post(
      '/api/newsletter/subscribe',
      {
        email: 'bot@example.com',
        website: 'http://spam',
      },
    );
    expect(bot.status).toBe(400);
    const quiet = await new Agent(booted.app, undefined, 'https://bloom.test').post(
      '/api/newsletter/subscribe',
      {
        email: 'bot@example.com',
        website: '',
      },
    );
    expect(quiet.status).toBe(202);
    expect((await booted.deps.db.select().from(newsletterSubscribers)).length).toBe(before + 1);
  });

  it('a signed-in reader subscribes with one button: no email sent, the account address used', async () => {
    const res = await admin.post('/api/newsletter/subscribe', { form: 'footer' });
    expect(res.status).toBe(202);
    const row = await subscriber(adminEmail.toLowerCase());
    expect(row).toMatchObject({ status: 'pending', source: 'account' });
    expect(row!.userId).toBeTruthy();
    // Anonymous without an address: a clear 400, nothing stored.
    const anon = await new Agent(booted.app, undefined, 'https://bloom.test').post(
      '/api/newsletter/subscribe',
      {},
    );
    expect(anon.status).toBe(400);
    expect(((await anon.json()) as { message: string }).message).toBe('Email is required');
  });

  it('is rate-limited per connection like contact (429 after 5 an hour)', async () => {
    const agent = new Agent(booted.app, undefined, 'https://bloom.test');
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await agent.post('/api/newsletter/subscribe', { email: `rate${i}@example.com` })).status,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(await subscriber('rate5@example.com')).toBeUndefined();
  });

  it('double opt-in: the link opens a page (a GET confirms nothing), the POST confirms once, the token is stored only hashed', async () => {
    const agent = new Agent(booted.app, undefined, 'https://bloom.test');
    await agent.post('/api/newsletter/subscribe', {
      email: 'optin@example.com',
      firstName: 'Ola',
      form: 'article',
    });
    await waitUntil('the confirmation', async () => mailsTo('optin@example.com').length > 0);
    const mail = mailsTo('optin@example.com')[0]!;
    expect(mail.parsed.subject).toBe('Confirm your subscription to Bloom & Balance');
    // Greeted without the typed name: a stranger can send this mail to any address (issue 40).
    expect(mail.parsed.text).toContain('Hello,');
    expect(mail.parsed.text).not.toContain('Ola');
    const token = /https:\/\/bloom\.test\/newsletter\/confirm\/([A-Za-z0-9_-]+)/.exec(
      mail.parsed.text ?? '',
    )![1]!;
    expect(mail.parsed.html).toContain(`https://bloom.test/newsletter/confirm/${token}`);
    // Only the hash is kept.
    const stored = await subscriber('optin@example.com');
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.confirmExpiresAt!.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    // A mail scanner following the link: a page, and nothing changes.
    const page = await booted.app.request(`/newsletter/confirm/${token}`);
    await page.text();
    expect((await subscriber('optin@example.com'))!.status).toBe('pending');
    const ok = await agent.post('/api/newsletter/confirm', { token });
    expect(ok.status).toBe(200);
    const confirmed = await subscriber('optin@example.com');
    expect(confirmed).toMatchObject({ status: 'subscribed', source: 'article', confirmTokenHash: null });
    expect(confirmed!.consentAt).toBeInstanceOf(Date);
    expect(confirmed!.consentIpHash).toMatch(/^[0-9a-f]{32}$/);
    const again = await agent.post('/api/newsletter/confirm', { token });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      message: 'This confirmation link is not valid or was already used.',
    });
  });

  it('an expired confirmation link answers 410 and subscribes nobody', async () => {
    const agent = new Agent(booted.app, undefined, 'https://bloom.test');
    await agent.post('/api/newsletter/subscribe', { email: 'late@example.com' });
    await waitUntil('the confirmation', async () => mailsTo('late@example.com').length > 0);
    const token = /\/newsletter\/confirm\/([A-Za-z0-9_-]+)/.exec(
      mailsTo('late@example.com')[0]!.parsed.text ?? '',
    )![1]!;
    await booted.deps.db
      .update(newsletterSubscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscribers.email, 'late@example.com'));
    const res = await agent.post('/api/newsletter/confirm', { token });
    expect(res.status).toBe(410);
    expect((await subscriber('late@example.com'))!.status).toBe('pending');
  });

  it('the digest: new articles, the sponsor through the click-counting redirect, provider headers, a verified DKIM signature', async () => {
    await subscribeAndConfirm('digest1@example.com', 'Dee');
    await addArticle('Morning Light Walks', 30);
    await addArticle('Sleep Like You Mean It', 20);
    const [sponsor] = await booted.deps.db
      .insert(newsletterSponsors)
      .values({
        name: 'Calm Tea Co',
        body: 'Tea for slow evenings.',
        linkUrl: 'https://tea.example/shop',
        imageUrl: '/uploads/tea.webp',
        runsFrom: '2020-01-01',
        runsUntil: '2099-12-31',
      })
      .returning();
    const before = sink.received.length;
    const res = await admin.post('/api/admin/newsletter/digest');
    expect(res.status).toBe(202);
    const { id: issueId } = (await res.json()) as { id: number };
    await waitUntil('the issue to finish', async () => {
      const [i] = await booted.deps.db
        .select()
        .from(newsletterIssues)
        .where(eq(newsletterIssues.id, issueId));
      return i?.status === 'sent';
    });
    const mine = sink.received.slice(before).filter((m) => m.to === 'digest1@example.com');
    expect(mine).toHaveLength(1);
    const mail = mine[0]!;
    const html = mail.parsed.html as string;
    expect(mail.parsed.subject).toBe('Sleep Like You Mean It + 1 more from Bloom & Balance');
    expect(html).toContain('Hello Dee,');
    expect(html).toContain('href="https://bloom.test/content/morning-light-walks"');
    expect(html).toContain('src="https://bloom.test/uploads/picture.webp"');
    expect(html).toContain(`href="https://bloom.test/go/sponsor/${sponsor!.id}"`);
    expect(html).not.toContain('https://tea.example');
    // Every link is absolute; the only images are the articles' and the sponsor's (no tracking pixel).
    for (const [, href] of html.matchAll(/href="([^"]+)"/g))
      expect(href).toMatch(/^(https:\/\/bloom\.test\/|mailto:)/);
    const images = [...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]);
    expect(images.sort()).toEqual([
      'https://bloom.test/uploads/picture.webp',
      'https://bloom.test/uploads/picture.webp',
      'https://bloom.test/uploads/tea.webp',
    ]);
    expect(mail.parsed.text).toContain('Morning Light Walks');
    expect(mail.parsed.text).toContain('https://bloom.test/content/morning-light-walks');
    // Provider rules: one-click unsubscribe (https and mailto), Message-ID, Date, visible links.
    const header = (name: string) => mail.parsed.headerLines.find((h) => h.key === name)?.line ?? '';
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toMatch(
      /<https:\/\/bloom\.test\/newsletter\/unsubscribe\/[^>]+>,\s*<mailto:unsubscribe@bloom\.test\?subject=unsubscribe%20[^>]+>/,
    );
    const subId = (await subscriber('digest1@example.com'))!.id;
    expect(mail.parsed.messageId).toBe(`<issue-${issueId}.sub-${subId}@bloom.test>`);
    expect(mail.parsed.date).toBeInstanceOf(Date);
    expect(html).toMatch(/href="https:\/\/bloom\.test\/newsletter\/unsubscribe\/[^"]+"[^>]*>Unsubscribe</);
    expect(html).toMatch(
      /href="https:\/\/bloom\.test\/newsletter\/manage\/[^"]+"[^>]*>Manage your subscription</,
    );
    const dkim = await dkimVerify(mail.raw, { resolver });
    expect(dkim.results[0]).toMatchObject({ signingDomain: 'bloom.test', selector: 'mail2026' });
    expect(dkim.results[0]!.status.result).toBe('pass');
    // A mail client's image proxy or link scanner is sent on but not counted; the reader's click is.
    const scanned = await booted.app.request(`/go/sponsor/${sponsor!.id}`, {
      headers: { 'sec-fetch-dest': 'image' },
    });
    expect(scanned.status).toBe(302);
    const go = await booted.app.request(`/go/sponsor/${sponsor!.id}`, {
      headers: { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' },
    });
    expect(go.status).toBe(302);
    expect(go.headers.get('location')).toBe('https://tea.example/shop');
    const sponsors = (await (await admin.get('/api/admin/newsletter/sponsors')).json()) as Array<{
      id: number;
      clicks: number;
    }>;
    expect(sponsors.find((s) => s.id === sponsor!.id)!.clicks).toBe(1);
    // …and in insights, beside the affiliate clicks.
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
    const report = (await (
      await admin.get(`/api/admin/insights/clicks?from=${today}&to=${today}`)
    ).json()) as {
      sponsors: Array<{ sponsorId: number; name: string; clicks: number }>;
    };
    expect(report.sponsors).toEqual([{ sponsorId: sponsor!.id, name: 'Calm Tea Co', clicks: 1 }]);
    // A tampered signature does not verify (the check can fail).
    const forged = Buffer.from(mail.raw.toString('utf8').replace('Hello Dee,', 'Hello Eve,'));
    expect((await dkimVerify(forged, { resolver })).results[0]!.status.result).not.toBe('pass');
  });

  it('one-click unsubscribe from the List-Unsubscribe header alone: no cookie, no Origin, at once; never mailed again', async () => {
    await subscribeAndConfirm('leaver@example.com');
    await addArticle('Stretch Before Screens', 0.001);
    const before = sink.received.length;
    const res = await admin.post('/api/admin/newsletter/digest');
    const { id } = (await res.json()) as { id: number };
    await waitUntil('the issue', async () => (await issueStatus(id)) === 'sent');
    const mail = sink.received.slice(before).find((m) => m.to === 'leaver@example.com')!;
    const header = mail.parsed.headerLines.find((h) => h.key === 'list-unsubscribe')!.line;
    const url = /<(https:[^>]+)>/.exec(header)![1]!;
    // What a mail provider does (RFC 8058): POST the header's URL with this body, no cookie, no Origin.
    const one = await booted.app.request(url.replace('https://bloom.test', ''), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(one.status).toBe(200);
    expect((await subscriber('leaver@example.com'))!.status).toBe('unsubscribed');
    // A provider that sends its own Origin is not refused either: the token authenticates.
    const again = await booted.app.request(url.replace('https://bloom.test', ''), {
      method: 'POST',
      headers: { origin: 'https://mail.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(again.status).toBe(200);
    // A forged token changes nothing.
    const forged = await booted.app.request(
      '/newsletter/unsubscribe/1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      {
        method: 'POST',
      },
    );
    expect(forged.status).toBe(404);
    await addArticle('Quiet Mornings', 0.001);
    const next = (await (await admin.post('/api/admin/newsletter/digest')).json()) as { id: number };
    await waitUntil('the next issue', async () => (await issueStatus(next.id)) === 'sent');
    const sentTo = await booted.deps.db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterDeliveries)
      .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId))
      .where(eq(newsletterDeliveries.issueId, next.id));
    expect(sentTo.map((r) => r.email)).not.toContain('leaver@example.com');
    expect(
      mailsTo('leaver@example.com').filter((m) => m.parsed.subject?.includes('Quiet Mornings')),
    ).toHaveLength(0);
  });

  const issueStatus = async (id: number) =>
    (await booted.deps.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)))[0]?.status;

  it('a 550 on RCPT marks the subscriber bounced, and a 450 (this mailbox busy) is retried after a back-off and delivered once', async () => {
    await subscribeAndConfirm('gone@example.com');
    await subscribeAndConfirm('busy@example.com');
    await addArticle('Rain Day Recipes', 0.001);
    sink.onRcpt = (address, attempt) => {
      if (address === 'gone@example.com') return { code: 550, message: '5.1.1 No such user' };
      // About this recipient only: its attempt is spent (a 421 pauses the send instead: mail-backoff.test.ts).
      if (address === 'busy@example.com' && attempt === 2)
        return { code: 450, message: '4.2.1 Mailbox busy, try again later' };
      return undefined;
    };
    const busyBefore = sink.offered.get('busy@example.com') ?? 0;
    expect(busyBefore).toBe(1); // its confirmation
    const started = Date.now();
    const { id } = (await (await admin.post('/api/admin/newsletter/digest')).json()) as { id: number };
    await waitUntil('the issue with its retry', async () => (await issueStatus(id)) === 'sent');
    const rows = await booted.deps.db
      .select({
        email: newsletterSubscribers.email,
        status: newsletterDeliveries.status,
        attempts: newsletterDeliveries.attempts,
        sentAt: newsletterDeliveries.sentAt,
      })
      .from(newsletterDeliveries)
      .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId))
      .where(eq(newsletterDeliveries.issueId, id));
    const gone = rows.find((r) => r.email === 'gone@example.com')!;
    const busy = rows.find((r) => r.email === 'busy@example.com')!;
    expect(gone).toMatchObject({ status: 'bounced', attempts: 1 });
    expect(busy).toMatchObject({ status: 'sent', attempts: 2 });
    // The retry waited for its back-off (NEWSLETTER_RETRY_SECONDS=1).
    expect(busy.sentAt!.getTime() - started).toBeGreaterThanOrEqual(1000);
    expect(mailsTo('busy@example.com').filter((m) => m.parsed.subject?.includes('Rain Day'))).toHaveLength(1);
    const goneRow = await subscriber('gone@example.com');
    expect(goneRow).toMatchObject({ status: 'bounced' });
    expect(goneRow!.bounceReason).toContain('550');
    // Never mailed again: the next issue has no delivery for it, and re-subscribing mails nothing.
    await addArticle('After the Rain', 0.001);
    const offered = sink.offered.get('gone@example.com');
    const next = (await (await admin.post('/api/admin/newsletter/digest')).json()) as { id: number };
    await waitUntil('the next issue', async () => (await issueStatus(next.id)) === 'sent');
    await new Agent(booted.app, undefined, 'https://bloom.test').post('/api/newsletter/subscribe', {
      email: 'gone@example.com',
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.offered.get('gone@example.com')).toBe(offered);
  });

  it('admin: subscribers with search, status filter and counts; CSV export; import requires consent; GDPR export and delete', async () => {
    const anon = await new Agent(booted.app, undefined, 'https://bloom.test').get(
      '/api/admin/newsletter/subscribers',
    );
    expect(anon.status).toBe(401);
    const list = await admin.get('/api/admin/newsletter/subscribers?status=subscribed&q=digest1');
    expect(list.status).toBe(200);
    const body = (await list.json()) as {
      subscribers: Array<{ email: string }>;
      total: number;
      counts: Record<string, number>;
    };
    expect(body.subscribers.map((s) => s.email)).toEqual(['digest1@example.com']);
    expect(body.counts.bounced).toBeGreaterThanOrEqual(2);
    expect(body.counts.unsubscribed).toBeGreaterThanOrEqual(1);
    const bad = await admin.get('/api/admin/newsletter/subscribers?status=nope');
    expect(bad.status).toBe(400);

    const csv = await admin.get('/api/admin/newsletter/subscribers.csv?status=bounced');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe(
      'email,first_name,status,source,requested_at,consent_at,consent_note,unsubscribed_at,bounced_at',
    );
    expect(text).toContain('gone@example.com');

    const noConsentColumn = await admin.post('/api/admin/newsletter/import', {
      csv: 'email\nx@example.com\n',
    });
    expect(noConsentColumn.status).toBe(400);
    expect(((await noConsentColumn.json()) as { message: string }).message).toContain('consent');
    const imported = await admin.post('/api/admin/newsletter/import', {
      csv: 'email,first_name,consent\nimp1@example.com,Ima,2025-03-01 signup form at the fair\nimp2@example.com,,\n=cmd@example.com,,yes\ngone@example.com,,yes\n',
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({
      imported: 1,
      updated: 0,
      refused: [
        { line: 3, reason: 'no consent given (the consent column is empty)' },
        { line: 4, reason: 'not a valid email address' },
        { line: 5, reason: 'this address bounced here; only its owner can subscribe it again' },
      ],
    });
    const imp = await subscriber('imp1@example.com');
    expect(imp).toMatchObject({
      status: 'subscribed',
      source: 'import',
      firstName: 'Ima',
      consentNote: '2025-03-01 signup form at the fair',
    });
    expect(imp!.consentAt!.toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(await subscriber('imp2@example.com')).toBeUndefined();

    const sub = await subscriber('digest1@example.com');
    const exported = await admin.get(`/api/admin/newsletter/subscribers/${sub!.id}/export`);
    const data = (await exported.json()) as { subscriber: Record<string, unknown>; deliveries: unknown[] };
    expect(data.subscriber.email).toBe('digest1@example.com');
    expect(data.subscriber).not.toHaveProperty('confirmTokenHash');
    expect(data.deliveries.length).toBeGreaterThanOrEqual(1);
    const del = await admin.delete(`/api/admin/newsletter/subscribers/${sub!.id}`);
    expect(del.status).toBe(204);
    expect(await subscriber('digest1@example.com')).toBeUndefined();
    expect((await admin.delete(`/api/admin/newsletter/subscribers/${sub!.id}`)).status).toBe(404);
  });

  it('the issues history counts sent, failed and bounced; settings validate and schedule the digest in London time', async () => {
    const issues = (await (await admin.get('/api/admin/newsletter/issues')).json()) as Array<{
      status: string;
      counts: { sent: number; bounced: number; queued: number };
    }>;
    expect(issues.length).toBeGreaterThanOrEqual(3);
    expect(issues.some((i) => i.counts.bounced === 1)).toBe(true);
    expect(issues.every((i) => i.status === 'sent' && i.counts.queued === 0)).toBe(true);
    const settings = await admin.get('/api/admin/newsletter/settings');
    expect(await settings.json()).toMatchObject({
      digestEnabled: false,
      nextDigestAt: null,
      transport: 'smtp',
      dkim: true,
    });
    const bad = await admin.put('/api/admin/newsletter/settings', {
      digestEnabled: true,
      digestDay: 9,
      digestTime: '25:00',
      ratePerSecond: 0,
    });
    expect(bad.status).toBe(400);
    const ok = await admin.put('/api/admin/newsletter/settings', {
      digestEnabled: true,
      digestDay: 1,
      digestTime: '07:30',
      ratePerSecond: 20,
    });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { nextDigestAt: string };
    expect(
      new Date(body.nextDigestAt).toLocaleString('en-GB', {
        timeZone: 'Europe/London',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }),
    ).toBe('Monday 07:30');
    const rows = (
      (await booted.deps.db.execute(
        sql`select cron, timezone from pgboss.schedule where name = 'newsletter-digest'`,
      )) as unknown as {
        rows: Array<{ cron: string; timezone: string }>;
      }
    ).rows;
    expect(rows).toEqual([{ cron: '30 7 * * 1', timezone: 'Europe/London' }]);
    await admin.put('/api/admin/newsletter/settings', {
      digestEnabled: false,
      digestDay: 1,
      digestTime: '07:30',
      ratePerSecond: 20,
    });
    const after = (await booted.deps.db.execute(
      sql`select count(*)::int as n from pgboss.schedule where name = 'newsletter-digest'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(after.rows[0]!.n).toBe(0);
  });

  it('a test send goes to the admin at once; the preview shows the next digest', async () => {
    await addArticle('Preview Me', 0.001);
    const preview = (await (await admin.get('/api/admin/newsletter/preview')).json()) as {
      subject: string;
      html: string;
    };
    expect(preview.subject).toContain('Preview Me');
    expect(preview.html).toContain('https://bloom.test/content/preview-me');
    // The tab's frame: the mail's HTML under its own policy (inline styles, no scripts, framed here only).
    const frame = await admin.get('/api/admin/newsletter/preview/html');
    expect(frame.status).toBe(200);
    expect(await frame.text()).toContain('Preview Me');
    const policy = frame.headers.get('content-security-policy')!;
    expect(policy).toContain("style-src 'unsafe-inline'");
    expect(policy).toContain('sandbox allow-same-origin');
    expect(policy).not.toContain('script-src');
    expect(frame.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const anon = await new Agent(booted.app, undefined, 'https://bloom.test').get(
      '/api/admin/newsletter/preview/html',
    );
    expect(anon.status).toBe(401);
    expect(anon.headers.get('x-frame-options')).toBe('DENY');
    const before = mailsTo(adminEmail.toLowerCase()).length;
    const res = await admin.post('/api/admin/newsletter/test');
    expect(res.status).toBe(200);
    expect(mailsTo(adminEmail.toLowerCase())).toHaveLength(before + 1);
    expect(mailsTo(adminEmail.toLowerCase()).at(-1)!.parsed.subject).toMatch(/^\[Test\] .*Preview Me/);
    expect((await booted.deps.db.select().from(newsletterOutbox)).length).toBe(0);
  });
});

describe('newsletter without SMTP settings (issue 30)', () => {
  it('development: mail goes to the outbox in the database, headers and all, and the admin lists it', async () => {
    const booted = await testApp('pglite', { env: { NODE_ENV: 'development' } });
    const stop = await startJobWorkers(booted.deps, { pollSeconds: 0.5, cronSeconds: 1 });
    try {
      const res = await new Agent(booted.app).post('/api/newsletter/subscribe', { email: 'dev@example.com' });
      expect(res.status).toBe(202);
      await waitUntil(
        'the outbox',
        async () => (await booted.deps.db.select().from(newsletterOutbox)).length > 0,
      );
      const { agent } = await signUpAdmin(booted);
      const rows = (await (await agent.get('/api/admin/newsletter/outbox')).json()) as Array<{
        to: string;
        kind: string;
        headers: Array<[string, string]>;
        html: string;
      }>;
      expect(rows[0]).toMatchObject({ to: 'dev@example.com', kind: 'confirm' });
      expect(rows[0]!.headers.map(([k]) => k.toLowerCase())).toEqual(
        expect.arrayContaining(['message-id', 'date', 'from', 'to', 'subject']),
      );
      expect(rows[0]!.html).toContain('/newsletter/confirm/');
      const settings = await (await agent.get('/api/admin/newsletter/settings')).json();
      expect(settings).toMatchObject({ transport: 'outbox', transportProblem: null });
    } finally {
      await stop();
      await booted.close();
    }
  });

  it('production: refuses to send and says so (subscribe 503, admin sends 503, settings name the problem)', async () => {
    const booted = await testApp('pglite', {
      env: { NODE_ENV: 'production', BETTER_AUTH_SECRET: PRODUCTION_SECRET, SITE_URL: 'https://bloom.test' },
    });
    try {
      const sub = await new Agent(booted.app, undefined, 'https://bloom.test').post(
        '/api/newsletter/subscribe',
        { email: 'p@example.com' },
      );
      expect(sub.status).toBe(503);
      expect(await booted.deps.db.select().from(newsletterSubscribers)).toHaveLength(0);
      const s = (await signUpAdminAt(booted, 'https://bloom.test')).agent;
      const settings = (await (await s.get('/api/admin/newsletter/settings')).json()) as {
        transport: string;
        transportProblem: string;
      };
      expect(settings.transport).toBe('none');
      expect(settings.transportProblem).toContain('SMTP_URL');
      for (const path of ['/api/admin/newsletter/test', '/api/admin/newsletter/digest']) {
        const r = await s.post(path);
        expect(r.status).toBe(503);
        expect(((await r.json()) as { message: string }).message).toContain('SMTP_URL');
      }
      expect(await booted.deps.db.select().from(newsletterOutbox)).toHaveLength(0);
    } finally {
      await booted.close();
    }
  });
});

async function signUpAdminAt(booted: Booted, origin: string) {
  const { agent, email } = await signUp(booted.app, {}, origin);
  const { user } = await import('../src/db/schema');
  await booted.deps.db.update(user).set({ isAdmin: true }).where(eq(user.email, email));
  return { agent, email };
}
