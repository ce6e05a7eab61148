import { describe, expect, it } from 'vitest';
import { escapeControls, loggablePath, outsideText, REDACTED, redactSecrets } from './redact';

describe('redactSecrets', () => {
  it.each([
    [
      'Incorrect API key provided: sk-proj-abc123DEF456ghi789. You can find your key',
      'sk-proj-abc123DEF456ghi789',
    ],
    ['invalid key sk-1234567890abcdefABCDEF', 'sk-1234567890abcdefABCDEF'],
    ['Authorization: Bearer abcdef.123456-xyz', 'abcdef.123456-xyz'],
    ['GET /feed?token=s3cr3tvalue&x=1', 's3cr3tvalue'],
    ['{"api_key": "zzzzzzzzzz"}', 'zzzzzzzzzz'],
    ['https://bob:hunter2@feeds.example/rss', 'hunter2'],
    ['session eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abc_def-ghi', 'eyJhbGciOiJIUzI1NiJ9'],
    [
      'cookie value 3q2+7wAAAAAAAABkZWFkYmVlZjEyMzQ1Njc4OQ== leaked',
      '3q2+7wAAAAAAAABkZWFkYmVlZjEyMzQ1Njc4OQ',
    ],
    ['token A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6'],
  ])('removes the secret from %j', (text, secret) => {
    const out = redactSecrets(text);
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
  });

  it('keeps ordinary words, numbers and URLs', () => {
    const text =
      'Rate limit reached for gpt-4o in organization on requests per min: Limit 3, Used 3. https://example.org/feed.xml';
    expect(redactSecrets(text)).toBe(text);
  });

  it('keeps the label of a labelled secret', () => {
    expect(redactSecrets('password=hunter22')).toBe(`password=${REDACTED}`);
    expect(redactSecrets('Bearer abcdefghij')).toBe(`Bearer ${REDACTED}`);
  });
});

describe('escapeControls', () => {
  it('turns newlines and other controls into visible escapes', () => {
    expect(escapeControls('a\nINFO forged\r\u0000\u001b[31m\u2028')).toBe(
      'a\\nINFO forged\\r\\u0000\\u001b[31m\\u2028',
    );
  });
});

describe('outsideText', () => {
  it('caps the length and marks the cut', () => {
    const out = outsideText('x '.repeat(1000), 20);
    expect(out).toHaveLength(21);
    expect(out.endsWith('…')).toBe(true);
  });
  it('accepts anything', () => {
    expect(outsideText(undefined)).toBe('');
    expect(outsideText(42)).toBe('42');
  });
});

describe('loggablePath', () => {
  it('drops the token of a one-time setup link, page and API alike', () => {
    expect(loggablePath('/setup/AbC123_secret-token')).toBe(`/setup/${REDACTED}`);
    expect(loggablePath('/api/setup/AbC123_secret-token')).toBe(`/api/setup/${REDACTED}`);
  });
  it('drops the token of a staff invitation, page and API alike (issue 42 §6)', () => {
    expect(loggablePath('/invitation/AbC123_secret-token')).toBe(`/invitation/${REDACTED}`);
    expect(loggablePath('/api/invitations/AbC123_secret-token/accept')).toBe(
      `/api/invitations/${REDACTED}/accept`,
    );
    expect(loggablePath('/api/admin/invitations/some-id')).toBe('/api/admin/invitations/some-id');
  });
  it('drops the tokens of the newsletter links: confirm, one-click unsubscribe, preferences (issue 30)', () => {
    expect(loggablePath('/newsletter/confirm/AbC123_secret-token')).toBe(`/newsletter/confirm/${REDACTED}`);
    expect(loggablePath('/newsletter/unsubscribe/12.AbC123_mac')).toBe(`/newsletter/unsubscribe/${REDACTED}`);
    expect(loggablePath('/newsletter/manage/12.AbC123_mac')).toBe(`/newsletter/manage/${REDACTED}`);
    expect(loggablePath('/api/newsletter/preferences/12.AbC123_mac')).toBe(
      `/api/newsletter/preferences/${REDACTED}`,
    );
    expect(loggablePath('/newsletter')).toBe('/newsletter');
  });
  it('keeps ordinary paths, slugs included', () => {
    expect(loggablePath('/content/how-to-build-a-capsule-wardrobe-2024')).toBe(
      '/content/how-to-build-a-capsule-wardrobe-2024',
    );
  });
});

describe('development log lines (readable, not JSON)', () => {
  it('escape newlines and control characters in outside text, so a CSP report cannot forge a line', async () => {
    const { Writable } = await import('node:stream');
    const { createLogger } = await import('./logger');
    let out = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        out += String(chunk);
        done();
      },
    });
    const logger = createLogger({ NODE_ENV: 'development', LOG_LEVEL: 'info', isProduction: false }, sink);
    logger.warn('[csp] img-src blocked https://x.example/p.gif\n[12:00:00] INFO: admin signed in\u001b[2J');
    const lines = out.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('\\n[12:00:00] INFO: admin signed in\\u001b[2J');
  });
});
