import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope recipient. */
  to: string;
  raw: Buffer;
  parsed: ParsedMail;
  at: number;
}

export interface SmtpSink {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** How many times each recipient was offered (RCPT TO), accepted or not. */
  offered: Map<string, number>;
  /** Decide the answer to RCPT TO: undefined accepts; { code, message } refuses. */
  onRcpt?: (address: string, attempt: number) => { code: number; message: string } | undefined;
  /** Decide the greeting: undefined greets (220); { code, message } refuses the connection (e.g. 421). */
  onConnect?: () => { code: number; message: string } | undefined;
  /** Decide the answer after DATA, given the envelope recipients: undefined accepts the message. */
  onData?: (recipients: string[]) => { code: number; message: string } | undefined;
  /** Connections refused by onConnect, and messages refused by onData. */
  refusedConnections: number;
  refusedMessages: number;
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package), as a mail provider's relay would be:
 * it speaks the protocol, answers RCPT with whatever the test decides, and keeps each message it
 * accepted, parsed by `mailparser`. No STARTTLS (a local relay), no authentication.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: '',
    port: 0,
    received: [],
    offered: new Map(),
    refusedConnections: 0,
    refusedMessages: 0,
    async waitFor(n, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (sink.received.length < n) {
        if (Date.now() > deadline) {
          throw new Error(`SMTP sink: ${sink.received.length} of ${n} messages after ${timeoutMs} ms`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      return sink.received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const refusal = (r: { code: number; message: string }) =>
    Object.assign(new Error(r.message), { responseCode: r.code });
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'test sink',
    size: 10 * 1024 * 1024,
    onConnect(_session, callback) {
      const refuse = sink.onConnect?.();
      if (refuse) {
        sink.refusedConnections++;
        return callback(refusal(refuse));
      }
      callback();
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const to = address.address.toLowerCase();
      const attempt = (sink.offered.get(to) ?? 0) + 1;
      sink.offered.set(to, attempt);
      const refuse = sink.onRcpt?.(to, attempt);
      if (refuse) {
        const err = new Error(refuse.message) as Error & { responseCode: number };
        err.responseCode = refuse.code;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const refuse = sink.onData?.(session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
        if (refuse) {
          sink.refusedMessages++;
          return callback(refusal(refuse));
        }
        simpleParser(raw)
          .then((parsed) => {
            for (const rcpt of session.envelope.rcptTo) {
              sink.received.push({ to: rcpt.address.toLowerCase(), raw, parsed, at: Date.now() });
            }
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo)
    .port;
  sink.port = port;
  sink.url = `smtp://127.0.0.1:${port}`;
  return sink;
}
