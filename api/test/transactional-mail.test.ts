import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { articles, contactMessages, newsletterIssues, newsletterSubscribers, user } from '../src/db/schema';
import { personalise } from '../src/newsletter/mail/personalise';
import { queueIssue } from '../src/newsletter/send';
import { bodyHtmlFields } from '../src/routes/content/body-html';
import { Agent, dbTargets } from './helpers';
import { startMailSite } from './mail-site';
import type { ReceivedMail, SmtpSink } from './smtp-sink';

const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const LINK = 'https://evil.example/win';
/** Every way a name could end a line in a mail. */
const BREAKS = ['\r\n', '\n', '\r', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029'];

/**
 * Transactional mail (issue 40, items 1, 2 and 4): what a stranger can make the site send carries no
 * text they typed, confirmations leave at once (not at the digest's pace), and every automatic mail
 * says so and names where replies go. Read at a real SMTP server on 127.0.0.1.
 */
describe.each(dbTargets)('transactional mail on %s (issue 40)', (kind) => {
  let booted: Booted;
  let sink: SmtpSink;
  let stop: () => Promise<void>;
  let ip = 0;
  /** A reader from an address of their own (the subscribe form allows 5 an hour per connection). */
  const reader = () => new Agent(booted.app, `10.40.${(++ip >> 8) & 255}.${ip & 255}`, 'https://bloom.test');
  const mailsTo = (email: string) => sink.received.filter((m) => m.to === email);
  const header = (m: ReceivedMail, name: string) =>
    m.parsed.headerLines.filter((h) => h.key === name.toLowerCase()).map((h) => h.line);

  beforeAll(async () => {
    // Workers poll fast as the digest's own tests do; transactional mail must not need it (its own pace).
    ({ booted, sink, stop } = await startMailSite(kind, { MAIL_REPLY_TO: 'hello@bloom.test' }));
  });
  afterAll(async () => {
    await stop?.();
  });

  it('a name with a link or a line break is a 400 naming the field, stores nothing and mails nothing', async () => {
    const names = [
      `Win at ${LINK}`,
      'Prize at www.evil.example',
      'evil.example/win',
      'mail me: prize@evil.example',
      ...BREAKS.map((b) => `Ann${b}Click here to claim`),
    ];
    for (const [i, firstName] of names.entries()) {
      const email = `named${i}@example.com`;
      const res = await reader().post('/api/newsletter/subscribe', { email, firstName, form: 'footer' });
      expect(res.status, JSON.stringify(firstName)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/^firstName: /);
      const [row] = await booted.deps.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email));
      expect(row).toBeUndefined();
    }
    // The same rule wherever a name is taken: the contact form, sign-up, the profile.
    const contact = await reader().post('/api/contact', {
      firstName: 'Ann\r\nBcc: someone',
      lastName: 'Lee',
      email: 'ann@example.com',
      subject: 'Hi',
      message: 'Two\nlines are fine in a message.',
    });
    expect(contact.status).toBe(400);
    expect(((await contact.json()) as { message: string }).message).toMatch(/^firstName: /);
    expect(await booted.deps.db.select().from(contactMessages)).toHaveLength(0);
    for (const body of [
      { name: `Win ${LINK}`, firstName: 'Win' },
      { name: 'Ann Lee', firstName: 'Ann\nLee' },
    ]) {
      const res = await reader().post('/api/auth/sign-up/email', {
        email: `signup${ip}@example.com`,
        password: 'correct-horse-battery',
        lastName: 'Lee',
        ...body,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/^(name|firstName): /);
    }
    expect(await booted.deps.db.select().from(user)).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.received.filter((m) => m.to.startsWith('named'))).toHaveLength(0);
  });

  it('the confirmation greets neutrally: no typed name, no link, no extra line in the delivered mail', async () => {
    // An ordinary name is accepted (spaces collapsed) and kept for the digest, but never mailed before
    // its owner confirms: whoever subscribes can make the site mail any address.
    const res = await reader().post('/api/newsletter/subscribe', {
      email: 'reader1@example.com',
      firstName: '  Claim\t\tyour   prize ',
      form: 'footer',
    });
    expect(res.status).toBe(202);
    const [row] = await booted.deps.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'reader1@example.com'));
    expect(row!.firstName).toBe('Claim your prize');
    // A row from before the rule, its name with a link and a line break: its next mail carries neither.
    await booted.deps.db.insert(newsletterSubscribers).values({
      email: 'legacy@example.com',
      firstName: `Ann\r\nWin at ${LINK}`,
      status: 'unsubscribed',
      source: 'footer',
    });
    expect(
      (await reader().post('/api/newsletter/subscribe', { email: 'legacy@example.com', form: 'footer' }))
        .status,
    ).toBe(202);
    await waitUntil(
      'both confirmations',
      async () => mailsTo('reader1@example.com').length > 0 && mailsTo('legacy@example.com').length > 0,
    );
    for (const email of ['reader1@example.com', 'legacy@example.com']) {
      const mail = mailsTo(email)[0]!;
      const readable = `${mail.parsed.subject}\n${mail.parsed.text}\n${mail.parsed.html}`;
      for (const typed of ['Claim', 'prize', 'evil.example', 'Win at', 'Ann'])
        expect(readable, `${email}: ${typed}`).not.toContain(typed);
      const text = mail.parsed.text ?? '';
      const lines = text.split(/\r?\n/);
      // The greeting is a line of its own, and the line after it is the site's own text.
      const at = lines.findIndex((l) => l.trim() === 'Hello,');
      expect(at, text).toBeGreaterThanOrEqual(0);
      expect(lines[at + 1]?.trim() ?? '').toBe('');
      expect(mail.parsed.html).toContain('Hello,');
    }
  });

  it('a stored name reaches the list mail on one line and without a link', () => {
    const mail = { subject: 'S', html: '<p>NLMARKGREETING</p>', text: 'NLMARKGREETING\n\nBody' };
    const parts = { unsubscribeUrl: 'https://u/1', preferencesUrl: 'https://p/1' };
    for (const b of BREAKS) {
      const copy = personalise(mail, { firstName: `Ann${b}Lee`, ...parts });
      expect(copy.text).toBe('Hello Ann Lee,\n\nBody');
    }
    expect(personalise(mail, { firstName: `Win at ${LINK}`, ...parts }).text).toBe('Hello,\n\nBody');
    expect(personalise(mail, { firstName: 'Ann', ...parts }).html).toBe('<p>Hello Ann,</p>');
  });

  it('a burst of 100 sign-ups: every confirmation reaches the SMTP server within 10 s, each exactly once', async () => {
    const emails = Array.from({ length: 100 }, (_, i) => `burst${i}@example.com`);
    const before = sink.received.length;
    const started = Date.now();
    const answers = await Promise.all(
      emails.map((email) => reader().post('/api/newsletter/subscribe', { email, form: 'footer' })),
    );
    expect(answers.map((r) => r.status)).toEqual(emails.map(() => 202));
    const answered = Date.now() - started;
    await waitUntil('100 confirmations', async () => sink.received.length - before >= 100, 60_000);
    const last = Math.max(...sink.received.slice(before).map((m) => m.at));
    const took = last - started;
    console.info(
      `[transactional] 100 sign-ups answered in ${answered} ms; the last confirmation after ${took} ms`,
    );
    expect(took).toBeLessThanOrEqual(10_000);
    // Nothing more comes later: one mail per address, none twice.
    await new Promise((r) => setTimeout(r, 2000));
    const got = sink.received.slice(before).map((m) => m.to);
    expect(got).toHaveLength(100);
    expect(new Set(got)).toEqual(new Set(emails));
  }, 90_000);

  it('automatic mail says so (Auto-Submitted, RFC 3834) and replies go to MAIL_REPLY_TO; list headers stay', async () => {
    await reader().post('/api/newsletter/subscribe', { email: 'heads@example.com', form: 'footer' });
    await waitUntil('the confirmation', async () => mailsTo('heads@example.com').length > 0);
    const confirm = mailsTo('heads@example.com')[0]!;
    expect(header(confirm, 'Auto-Submitted')).toEqual(['Auto-Submitted: auto-generated']);
    expect(confirm.parsed.replyTo?.value.map((a) => a.address)).toEqual(['hello@bloom.test']);
    expect(confirm.parsed.from?.value.map((a) => a.address)).toEqual(['news@bloom.test']);

    await booted.deps.db
      .update(newsletterSubscribers)
      .set({ status: 'subscribed', consentAt: new Date() })
      .where(eq(newsletterSubscribers.email, 'heads@example.com'));
    const body = '# Header Day\n\nBody.';
    const [article] = await booted.deps.db
      .insert(articles)
      .values({
        slug: 'header-day',
        title: 'Header Day',
        excerpt: 'Headers.',
        content: body,
        ...bodyHtmlFields(body),
        category: 'wellness',
        imageUrl: '/uploads/picture.webp',
        status: 'published',
        publishedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const issue = await queueIssue(booted.deps, {
      kind: 'special',
      subject: 'Header Day',
      articleIds: [article!.id],
      sponsorId: null,
    });
    await waitUntil('the issue', async () => {
      const [i] = await booted.deps.db
        .select()
        .from(newsletterIssues)
        .where(eq(newsletterIssues.id, issue.id));
      return i?.status === 'sent';
    });
    const list = mailsTo('heads@example.com').find((m) => m.parsed.subject === 'Header Day')!;
    expect(header(list, 'Auto-Submitted')).toEqual(['Auto-Submitted: auto-generated']);
    expect(list.parsed.replyTo?.value.map((a) => a.address)).toEqual(['hello@bloom.test']);
    expect(header(list, 'List-Unsubscribe-Post')).toEqual([
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    ]);
    expect(header(list, 'List-Unsubscribe')).toHaveLength(1);
    expect(header(list, 'List-Id')).toHaveLength(1);
  });
});
