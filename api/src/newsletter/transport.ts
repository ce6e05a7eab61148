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

/** The message as nodemailer takes it: provider rules (RFC 8058, RFC 2369) in its headers. */
function message(config: MailConfig, mail: OutgoingMail): SendMailOptions {
  const headers: Record<string, string> = {};
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
  | { kind: 'failed'; reason: string };

/**
 * What an SMTP error means for the recipient: a permanent refusal of the recipient (5xx on RCPT) is
 * a bounce; any 4xx, or no answer at all (connection refused, timeout), is worth a later try; any
 * other 5xx (the message itself refused) fails this message only.
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
  if (code && code >= 500 && /RCPT/i.test(e.command ?? '')) return { kind: 'bounced', reason };
  if (!code || (code >= 400 && code < 500)) return { kind: 'retry', reason };
  return { kind: 'failed', reason };
}
