import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { Hono } from 'hono';
import type { Booted } from '../src/bootstrap';
import { CSP_REPORT_MAX_BYTES, CSP_REPORT_RATE_LIMIT } from '../src/routes/csp-report';
import { contentSecurityPolicy, newNonce } from '../src/security/csp';
import { mailFrameHeaders } from '../src/security/mail-frame';
import { capturedLogger, testApp } from './helpers';

const directives = (policy: string) =>
  new Map(policy.split(/;\s*/).map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)] as const));

describe('the policy (issue 13 §4)', () => {
  it('is strict for scripts and names the report endpoint', () => {
    const d = directives(contentSecurityPolicy('abc123'));
    expect(d.get('script-src')).toEqual(["'self'", "'nonce-abc123'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(d.get('style-src')).toEqual(["'self'"]);
    expect(d.get('font-src')).toEqual(["'self'"]);
    expect(d.get('report-uri')).toEqual(['/api/csp-report']);
    expect(d.get('report-to')).toEqual(['csp']);
    expect(contentSecurityPolicy('x')).not.toMatch(/unsafe-(inline|eval)/);
  });
  it('makes a new 128-bit nonce each time', () => {
    const a = newNonce();
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });
});

describe('CSP on responses and the report endpoint', () => {
  const log = capturedLogger();
  /** The `[csp]` lines logged since `from`, as the engineer on call reads them. */
  const cspLines = (from = 0) =>
    log.lines
      .slice(from)
      .filter((l) => String(l.msg).startsWith('[csp]'))
      .map((l) => ({ msg: String(l.msg), level: l.level, csp: l.csp }));
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp('pglite', { seed: true, logger: log.logger });
  });
  afterAll(async () => booted?.close());

  it('every HTML page carries the policy with its own nonce; JSON does not', async () => {
    const policies: string[] = [];
    for (const path of ['/', '/news', '/shop', '/admin', '/no-such-page']) {
      const res = await booted.app.request(path);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      const policy = res.headers.get('content-security-policy');
      expect(policy, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='/);
      expect(res.headers.get('reporting-endpoints')).toBe('csp="/api/csp-report"');
      policies.push(policy!);
      // No inline script the browser would run: each one has a src or is a JSON data block.
      const html = await res.text();
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
        expect(tag, `${path}: ${tag}`).toMatch(/\bsrc=|type="application\/(ld\+)?json"/);
      }
      expect(html).not.toMatch(/\son[a-z]+=["']/i);
      expect(html).not.toMatch(/\sstyle=["']/i);
    }
    expect(new Set(policies).size).toBe(policies.length);
    const json = await booted.app.request('/api/health');
    expect(json.headers.get('content-security-policy')).toBeNull();
  });

  it('pages keep their bootstrap data as a data block the client reads', async () => {
    const html = await (await booted.app.request('/')).text();
    const block = html.match(/<script type="application\/json" id="ssr-state">(.*?)<\/script>/s)?.[1];
    expect(block).toBeTruthy();
    expect(JSON.parse(block!)).toHaveProperty('query');
  });

  const report = (body: string, type: string, ip = '10.1.1.1') =>
    booted.app.request('/api/csp-report', {
      method: 'POST',
      headers: { 'content-type': type, 'x-forwarded-for': ip },
      body,
    });
  const legacy = JSON.stringify({
    'csp-report': {
      'document-uri': 'http://localhost:3000/shop',
      'effective-directive': 'script-src-elem',
      'blocked-uri': 'inline',
      'source-file': 'http://localhost:3000/shop',
      'line-number': 3,
    },
  });
  const modern = JSON.stringify([
    {
      type: 'csp-violation',
      body: {
        documentURL: 'http://localhost:3000/',
        effectiveDirective: 'img-src',
        blockedURL: 'http://x.example/a.png',
      },
    },
  ]);

  it('logs both report formats through the app logger (a warn line with the fields) and answers 204', async () => {
    const from = log.lines.length;
    expect((await report(legacy, 'application/csp-report')).status).toBe(204);
    expect((await report(modern, 'application/reports+json')).status).toBe(204);
    expect(cspLines(from)).toEqual([
      {
        msg: '[csp] script-src-elem blocked inline on http://localhost:3000/shop at http://localhost:3000/shop:3',
        level: 40,
        csp: {
          page: 'http://localhost:3000/shop',
          directive: 'script-src-elem',
          blocked: 'inline',
          source: 'http://localhost:3000/shop:3',
        },
      },
      {
        msg: '[csp] img-src blocked http://x.example/a.png on http://localhost:3000/',
        level: 40,
        csp: { page: 'http://localhost:3000/', directive: 'img-src', blocked: 'http://x.example/a.png' },
      },
    ]);
  });

  it('accepts reports with a cookie and no Origin (browsers send them on their own)', async () => {
    const res = await booted.app.request('/api/csp-report', {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report', cookie: 'x=1', 'x-forwarded-for': '10.1.1.9' },
      body: legacy,
    });
    expect(res.status).toBe(204);
  });

  it('refuses other types (415), malformed bodies (400) and big ones (413)', async () => {
    expect((await report(legacy, 'text/plain')).status).toBe(415);
    expect((await report('{nope', 'application/csp-report')).status).toBe(400);
    expect((await report('{"a":1}', 'application/csp-report')).status).toBe(400);
    const big = JSON.stringify({ 'csp-report': { 'document-uri': 'x'.repeat(CSP_REPORT_MAX_BYTES) } });
    const res = await report(big, 'application/csp-report');
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });

  it('logs at most the rate limit per client, then drops reports quietly', async () => {
    // The limit counts per minute: on the real clock a run that crosses a minute boundary starts a
    // new window half-way and logs up to 40 (seen under a loaded mutation run). Mid-minute, frozen.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T12:00:30Z') });
    onTestFinished(() => void vi.useRealTimers());
    const from = log.lines.length;
    for (let i = 0; i < CSP_REPORT_RATE_LIMIT.max + 10; i++) {
      expect((await report(legacy, 'application/csp-report', '10.2.2.2')).status).toBe(204);
    }
    expect(cspLines(from)).toHaveLength(CSP_REPORT_RATE_LIMIT.max);
    // Another client is not affected.
    await report(legacy, 'application/csp-report', '10.3.3.3');
    expect(cspLines(from)).toHaveLength(CSP_REPORT_RATE_LIMIT.max + 1);
  });

  /** Posts one body as a browser would and returns the lines it logged (each test its own client). */
  let client = 0;
  const logged = async (body: unknown, type = 'application/reports+json') => {
    const from = log.lines.length;
    const res = await report(JSON.stringify(body), type, `10.9.0.${++client}`);
    return { status: res.status, csp: cspLines(from).map((l) => l.csp) };
  };
  const violation = {
    documentURL: 'https://site.example/x',
    effectiveDirective: 'script-src-elem',
    blockedURL: 'inline',
    sourceFile: 'https://site.example/app.js',
    lineNumber: 12,
  };
  const one = (body: Record<string, unknown>) => [{ type: 'csp-violation', body }];

  it('a report names the page, the directive, what was blocked and the source line', async () => {
    expect(await logged(one(violation))).toEqual({
      status: 204,
      csp: [
        {
          page: 'https://site.example/x',
          directive: 'script-src-elem',
          blocked: 'inline',
          source: 'https://site.example/app.js:12',
        },
      ],
    });
    const legacyBody = {
      'csp-report': {
        'document-uri': 'https://site.example/y',
        'violated-directive': 'img-src',
        'blocked-uri': 'https://evil.example/p.png',
        'source-file': 'https://site.example/app.js',
        'line-number': 3,
      },
    };
    expect((await logged(legacyBody, 'application/csp-report')).csp).toEqual([
      {
        page: 'https://site.example/y',
        directive: 'img-src',
        blocked: 'https://evil.example/p.png',
        source: 'https://site.example/app.js:3',
      },
    ]);
  });

  it('fields a browser did not send well are cut, blanked or left out, never logged as sent', async () => {
    const [noLine] = (await logged(one({ ...violation, lineNumber: 'x' }))).csp as Array<{ source?: string }>;
    expect(noLine?.source).toBe('https://site.example/app.js:0');
    const [noSource] = (await logged(one({ ...violation, sourceFile: '' }))).csp as Array<object>;
    expect(noSource).not.toHaveProperty('source');
    const [long] = (await logged(one({ ...violation, blockedURL: 'b'.repeat(500) }))).csp as Array<{
      blocked: string;
    }>;
    expect(long?.blocked).toBe('b'.repeat(300));
    const [numeric] = (await logged(one({ ...violation, documentURL: 42 }))).csp as Array<{ page: string }>;
    expect(numeric?.page).toBe('');
  });

  it('one post logs at most 20 reports, and skips other report types', async () => {
    const many = Array.from({ length: 25 }, () => ({ type: 'csp-violation', body: violation }));
    expect(await logged(many)).toMatchObject({ status: 204, csp: { length: 20 } });
    expect(await logged([{ type: 'deprecation', body: {} }])).toEqual({ status: 204, csp: [] });
    expect(await logged([{ type: 'csp-violation', body: null }])).toEqual({ status: 204, csp: [] });
  });

  it('a body that is not a CSP report is 400 and logs nothing', async () => {
    for (const junk of [[1], 'x', { 'csp-report': 'x' }, { other: {} }]) {
      expect(await logged(junk), JSON.stringify(junk)).toEqual({ status: 400, csp: [] });
    }
  });
});

/**
 * A mail shown in the Newsletter tab's frame (security/mail-frame.ts): its own policy replaces the
 * site's on exactly those answers. The admin routes themselves are in newsletter.test.ts; here the
 * rule, on a bare app that answers each path with the site's headers.
 */
describe("a mail's frame gets its own policy, and only a mail's frame", () => {
  const siteHeaders = {
    'content-security-policy': "default-src 'self'; script-src 'nonce-x'",
    'x-frame-options': 'DENY',
    'reporting-endpoints': 'csp="/api/csp-report"',
  };
  const app = new Hono().use(mailFrameHeaders).all('*', (c) => {
    const status = c.req.query('status') === '401' ? 401 : 200;
    return c.html('<p style="color:red">mail</p>', status, siteHeaders);
  });
  const headersOf = async (path: string) => {
    const res = await app.request(path);
    return {
      csp: res.headers.get('content-security-policy'),
      frame: res.headers.get('x-frame-options'),
      reporting: res.headers.get('reporting-endpoints'),
    };
  };

  it.each(['/api/admin/newsletter/preview/html', '/api/admin/newsletter/outbox/42/html'])(
    '%s',
    async (path) => {
      expect(await headersOf(path)).toEqual({
        csp: "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox allow-same-origin",
        frame: 'SAMEORIGIN',
        reporting: null,
      });
    },
  );

  it.each([
    '/api/admin/newsletter/preview',
    '/api/admin/newsletter/outbox/x/html',
    '/api/admin/newsletter/preview/html/more',
    '/content/api/admin/newsletter/preview/html',
    // A refusal (not signed in) keeps the site's headers: nothing of it is shown in a frame.
    '/api/admin/newsletter/preview/html?status=401',
  ])('not %s', async (path) => {
    expect(await headersOf(path)).toEqual({
      csp: siteHeaders['content-security-policy'],
      frame: 'DENY',
      reporting: siteHeaders['reporting-endpoints'],
    });
  });
});
