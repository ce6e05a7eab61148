import { readFileSync } from 'node:fs';
import type { Env } from '../env';

export interface MailConfig {
  from: string;
  /** The domain of the From address: Message-IDs and the default mailto: use it. */
  domain: string;
  unsubscribeMailto: string;
  /** MAIL_REPLY_TO: where replies go (unset: the From address). */
  replyTo: string | null;
  siteUrl: string;
  brand: string;
  transport: 'smtp' | 'outbox' | 'none';
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
}

/** Where mail goes and how it is signed, from the settings (docs/newsletter.md). */
export function mailConfig(env: Env): MailConfig {
  const host = new URL(env.SITE_URL).hostname;
  const from = env.MAIL_FROM ?? `"${env.BRAND_NAME.replace(/"/g, '')}" <newsletter@${host}>`;
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.split('@')[1] ?? host;
  return {
    from,
    domain,
    unsubscribeMailto: env.MAIL_UNSUBSCRIBE_MAILTO ?? `unsubscribe@${domain}`,
    replyTo: env.MAIL_REPLY_TO ?? null,
    siteUrl: env.SITE_URL,
    brand: env.BRAND_NAME,
    // Development and tests: the outbox. Production without SMTP sends nothing and says so.
    transport: env.SMTP_URL ? 'smtp' : env.isProduction ? 'none' : 'outbox',
    dkim:
      env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
        ? {
            domainName: env.DKIM_DOMAIN,
            keySelector: env.DKIM_SELECTOR,
            privateKey: readKey(env.DKIM_PRIVATE_KEY),
          }
        : null,
  };
}

/** PEM text (with real or `\n` newlines) or the path of a PEM file. */
function readKey(value: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  return readFileSync(value, 'utf8');
}

export const TRANSPORT_NONE_PROBLEM =
  "No SMTP server is configured (SMTP_URL), so nothing can be sent. Set SMTP_URL to your provider's SMTP relay (docs/newsletter.md).";
