import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { AppDeps } from '../context';
import { newsletterOutbox } from '../db/schema';
import { type MailConfig, mailConfig, TRANSPORT_NONE_PROBLEM } from './config';
import type { MimePart } from './mail/mime-copies';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** The body, or (a list send over SMTP) parts already encoded once per issue (mail/mime-copies.ts). */
  html: string | MimePart;
  text: string | MimePart;
  /** A stable id (`<issue-1.sub-2@domain>`): a resent copy after a crash carries the same one. */
  messageId: string;
  /** confirm, digest, special, test: for the outbox. */
  kind: string;
  /** The subscriber's one-click URL and mailto: (list mail only). */
  unsubscribe?: { url: string; mailto: string };
}

export interface MailTransport {
  kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<{ messageId: string; response: string }>;
  close(): void;
}

export class MailUnavailableError extends Error {
  constructor() {
    super(TRANSPORT_NONE_PROBLEM);
  }
}

/**
 * The message as nodemailer takes it: provider rules (RFC 8058, RFC 2369) in its headers. Every mail
 * here is made by the site, none typed by a person: `Auto-Submitted: auto-generated` (RFC 3834) tells
 * vacation responders and ticket systems not to answer it, and Reply-To (MAIL_REPLY_TO) says where a
 * person's reply should go.
 */
function message(config: MailConfig, mail: OutgoingMail): SendMailOptions {
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
  if (mail.unsubscribe) {
    headers['List-Unsubscribe'] = `<${mail.unsubscribe.url}>, <${mail.unsubscribe.mailto}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    headers['List-Id'] = `${config.brand.replace(/[<>"]/g, '')} <newsletter.${config.domain}>`;
  }
  return {
    from: config.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    date: new Date(),
    ...(config.replyTo ? { replyTo: config.replyTo } : {}),
    headers,
  };
}

/** SMTP_URL as nodemailer options (a pooled transport with the admin's rate limit). */
function smtpOptions(url: string, maxConnections: number, ratePerSecond: number) {
  const u = new URL(url);
  return {
    pool: true as const,
    host: u.hostname,
    port: Number(u.port) || (u.protocol === 'smtps:' ? 465 : 587),
    secure: u.protocol === 'smtps:',
    auth: u.username
      ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
      : undefined,
    maxConnections,
    maxMessages: 1000,
    rateLimit: ratePerSecond,
    rateDelta: 1000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/**
 * The way out for mail: SMTP (a pool, at most `ratePerSecond` messages a second, DKIM-signed when a
 * key is set), or the outbox table in development. Production without SMTP_URL throws
 * MailUnavailableError: nothing is sent, and the admin says why.
 */
export function openTransport(deps: AppDeps, opts: { ratePerSecond?: number } = {}): MailTransport {
  const config = mailConfig(deps.env);
  if (config.transport === 'none') throw new MailUnavailableError();
  const dkim = config.dkim ?? undefined;
  if (config.transport === 'smtp') {
    const t = nodemailer.createTransport({
      ...smtpOptions(deps.env.SMTP_URL!, deps.env.SMTP_MAX_CONNECTIONS, opts.ratePerSecond ?? 1000),
      dkim,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        const info = await t.sendMail(message(config, mail));
        return { messageId: info.messageId, response: String(info.response ?? '') };
      },
      close: () => t.close(),
    };
  }
  // The outbox builds the very message SMTP would carry (DKIM included), and keeps it.
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', dkim });
  return {
    kind: 'outbox',
    async send(mail) {
      // The outbox shows the readable body beside the headers: it takes strings, never pre-encoded parts.
      if (typeof mail.html !== 'string' || typeof mail.text !== 'string') {
        throw new Error('the outbox keeps readable copies: pass html and text as strings');
      }
      const info = await t.sendMail(message(config, mail));
      const raw = (info as unknown as { message: Buffer }).message.toString('utf8');
      await deps.db.insert(newsletterOutbox).values({
        to: mail.to,
        subject: mail.subject,
        kind: mail.kind,
        headers: headerPairs(raw),
        html: mail.html,
        text: mail.text,
      });
      return { messageId: info.messageId, response: '250 stored in the outbox' };
    },
    close: () => undefined,
  };
}

/** One transactional mail over the worker's pooled `transport`, or over one of its own, closed after. */
export async function sendOne(deps: AppDeps, mail: OutgoingMail, transport?: MailTransport) {
  const own = transport ? null : openTransport(deps);
  try {
    return await (transport ?? own!).send(mail);
  } finally {
    own?.close();
  }
}

/** The top-level header fields of a raw message, unfolded, in order. */
export function headerPairs(raw: string): Array<[string, string]> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const pairs: Array<[string, string]> = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && pairs.length) pairs[pairs.length - 1]![1] += ` ${line.trim()}`;
    else {
      const i = line.indexOf(':');
      if (i > 0) pairs.push([line.slice(0, i), line.slice(i + 1).trim()]);
    }
  }
  return pairs;
}

export type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'bounced'; reason: string }
  | { kind: 'retry'; reason: string }
  | { kind: 'failed'; reason: string }
  /** Not about this recipient: wait before sending to its domain (or to anyone: `server`), no attempt spent. */
  | { kind: 'pause'; scope: 'server' | 'domain'; reason: string };

/** Errors with no SMTP answer that mean the server could not be reached or talked to (nodemailer's codes). */
const UNREACHABLE = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'ECONNREFUSED',
  'ECONNRESET',
]);
/** Commands before any message starts: a 4xx there is about the server or our session, not a recipient. */
const SESSION_COMMAND = /^(CONN|EHLO|HELO|LHLO|STARTTLS|AUTH)/i;

/**
 * What an SMTP error means (docs/newsletter.md, "Retries and back-off"):
 * - 5xx on RCPT: the recipient refused for good, a bounce; any other 5xx refuses this message only;
 * - 4xx on RCPT (450 mailbox busy, greylisting): this recipient tries again later, an attempt spent;
 * - 421 anywhere, a 4xx before the message (greeting, EHLO, AUTH), or no answer at all (connection
 *   refused, timeout): the server is unwell, the whole send pauses;
 * - a 4xx on MAIL FROM or DATA: the transaction, not one recipient, so sending to that domain pauses.
 * A pause spends nobody's attempt, so an outage of any length fails no recipient.
 */
export function classifySendError(err: unknown): Exclude<SendOutcome, { kind: 'sent' }> {
  const e = err as {
    responseCode?: number;
    command?: string;
    response?: string;
    message?: string;
    code?: string;
  };
  const reason = `${e.responseCode ?? e.code ?? ''} ${e.response ?? e.message ?? ''}`.trim().slice(0, 300);
  const code = e.responseCode;
  const command = e.command ?? '';
  if (!code) {
    if (e.code && UNREACHABLE.has(e.code)) return { kind: 'pause', scope: 'server', reason };
    return { kind: 'retry', reason };
  }
  if (code >= 500) return /RCPT/i.test(command) ? { kind: 'bounced', reason } : { kind: 'failed', reason };
  if (code >= 400) {
    if (code === 421 || SESSION_COMMAND.test(command)) return { kind: 'pause', scope: 'server', reason };
    if (/RCPT/i.test(command)) return { kind: 'retry', reason };
    return { kind: 'pause', scope: 'domain', reason };
  }
  return { kind: 'failed', reason };
}
