import type { Booted } from '../src/bootstrap';
import { startJobWorkers } from '../src/queue/workers';
import { testApp } from './helpers';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

/**
 * A site that mails a real SMTP server on 127.0.0.1 (smtp-sink.ts), its queue workers polling fast,
 * as the mail tests need it. `env` adds to (or overrides) the mail settings below.
 */
export async function startMailSite(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
): Promise<{ booted: Booted; sink: SmtpSink; stop: () => Promise<void> }> {
  const sink = await startSmtpSink();
  const booted = await testApp(kind, {
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: '"Bloom & Balance" <news@bloom.test>',
      SITE_URL: 'https://bloom.test',
      NEWSLETTER_LEASE_SECONDS: '3',
      ...env,
    },
  });
  const stopWorkers = await startJobWorkers(booted.deps, { pollSeconds: 0.5, cronSeconds: 1 });
  return {
    booted,
    sink,
    stop: async () => {
      await stopWorkers();
      await booted.close();
      await sink.close();
    },
  };
}
