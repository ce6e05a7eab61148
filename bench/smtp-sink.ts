/**
 * The newsletter bench's SMTP sink, in a process of its own (`fork`ed by bench/newsletter.ts): it
 * accepts every message, counts it and keeps nothing. Apart from the load generator, so the sink's
 * parsing of 500 messages a second does not slow the generator's event loop and read as the site's loss.
 * Tells its parent `{ port }` once listening, then `{ received }` whenever asked.
 */
import { SMTPServer } from 'smtp-server';

let received = 0;
const sink = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
sink.listen(0, '127.0.0.1', () => {
  const port = (sink as unknown as { server: { address(): { port: number } } }).server.address().port;
  process.send?.({ port });
});
process.on('message', (m) => {
  if (m === 'count') process.send?.({ received });
  if (m === 'close') sink.close(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
