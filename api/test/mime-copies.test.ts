import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { mimeCopies } from '../src/newsletter/mail/mime-copies';
import { MARK, personalise } from '../src/newsletter/mail/personalise';

/**
 * A list send encodes the issue's body once and splices each recipient's values in (issue 30: the
 * sender's CPU). What arrives must be exactly personalise()'s copy, in valid quoted-printable.
 */
describe('per-recipient MIME copies of an issue', () => {
  // One long line (React Email's output), non-ASCII around the markers, a marker at a 76-character seam.
  const html = `<p>${'Café — calm ’ '.repeat(40)}${MARK.greeting}</p><a href="${MARK.unsubscribeUrl}">Unsubscribe</a>${'x'.repeat(70)}<a href="${MARK.preferencesUrl}">Preferences</a> trailing space `;
  const text = `${MARK.greeting}\n\nLine one — ünïcode\nUnsubscribe: ${MARK.unsubscribeUrl}\nPreferences: ${MARK.preferencesUrl}\n`;
  const mail = { subject: 'This week', html, text };
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const build = async (body: { html: unknown; text: unknown }) =>
    (
      (await transport.sendMail({
        from: 'news@bloom.test',
        to: 'r@bloom.test',
        subject: mail.subject,
        html: body.html as string,
        text: body.text as string,
      })) as unknown as { message: Buffer }
    ).message;

  it.each([
    {
      firstName: 'Zoë <b>&"quoted"',
      unsubscribeUrl: 'https://bloom.test/u/a?x=1&y=2',
      preferencesUrl: 'https://bloom.test/m/a',
    },
    { firstName: null, unsubscribeUrl: 'https://bloom.test/u/b', preferencesUrl: 'https://bloom.test/m/b' },
  ])('decodes to personalise() for %o, every line within 76 characters', async (parts) => {
    const raw = await build(mimeCopies(mail)(parts));
    const parsed = await simpleParser(raw);
    const want = personalise(mail, parts);
    expect(parsed.html).toBe(want.html);
    expect(parsed.text?.replace(/\r\n/g, '\n')).toBe(want.text);
    const body = raw.toString('latin1').split('\r\n\r\n').slice(1).join('\r\n\r\n');
    for (const line of body.split('\r\n')) expect(line.length).toBeLessThanOrEqual(76);
    expect(parsed.html).not.toContain('nlmark');
  });

  it('copies differ only in their recipient values', async () => {
    const copy = mimeCopies(mail);
    const a = await simpleParser(
      await build(copy({ firstName: 'Ann', unsubscribeUrl: 'https://u/1', preferencesUrl: 'https://p/1' })),
    );
    const b = await simpleParser(
      await build(copy({ firstName: 'Bea', unsubscribeUrl: 'https://u/2', preferencesUrl: 'https://p/2' })),
    );
    expect(a.html).toContain('Hello Ann,');
    expect(b.html).toContain('Hello Bea,');
    expect(String(a.html).replace('Ann', 'Bea').replaceAll('/1"', '/2"')).toBe(b.html);
  });
});
