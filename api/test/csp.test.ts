import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { CSP_REPORT_MAX_BYTES, CSP_REPORT_RATE_LIMIT } from '../src/routes/csp-report';
import { contentSecurityPolicy, newNonce } from '../src/security/csp';
import { parseCspReports } from '../src/security/csp-report';
import { testApp } from './helpers';

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
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp('pglite', { seed: true });
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

  it('logs both report formats and answers 204', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect((await report(legacy, 'application/csp-report')).status).toBe(204);
      expect((await report(modern, 'application/reports+json')).status).toBe(204);
      const lines = warn.mock.calls.map((c) => String(c[0]));
      expect(lines).toContain(
        '[csp] script-src-elem blocked inline on http://localhost:3000/shop at http://localhost:3000/shop:3',
      );
      expect(lines).toContain('[csp] img-src blocked http://x.example/a.png on http://localhost:3000/');
    } finally {
      warn.mockRestore();
    }
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
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (let i = 0; i < CSP_REPORT_RATE_LIMIT.max + 10; i++) {
        expect((await report(legacy, 'application/csp-report', '10.2.2.2')).status).toBe(204);
      }
      expect(warn).toHaveBeenCalledTimes(CSP_REPORT_RATE_LIMIT.max);
      // Another client is not affected.
      await report(legacy, 'application/csp-report', '10.3.3.3');
      expect(warn).toHaveBeenCalledTimes(CSP_REPORT_RATE_LIMIT.max + 1);
    } finally {
      warn.mockRestore();
    }
  });

  it('parseCspReports reads both formats, names the source line, cuts long fields and reads at most 20', () => {
    const v = {
      documentURL: 'https://site.example/x',
      effectiveDirective: 'script-src-elem',
      blockedURL: 'inline',
      sourceFile: 'https://site.example/app.js',
      lineNumber: 12,
    };
    expect(parseCspReports([{ type: 'csp-violation', body: v }])).toEqual([
      {
        page: 'https://site.example/x',
        directive: 'script-src-elem',
        blocked: 'inline',
        source: 'https://site.example/app.js:12',
      },
    ]);
    const [noLine] = parseCspReports([{ type: 'csp-violation', body: { ...v, lineNumber: 'x' } }]) ?? [];
    expect(noLine?.source).toBe('https://site.example/app.js:0');
    const [noSource] = parseCspReports([{ type: 'csp-violation', body: { ...v, sourceFile: '' } }]) ?? [];
    expect(noSource?.source).toBeUndefined();
    const [long] =
      parseCspReports([{ type: 'csp-violation', body: { ...v, blockedURL: 'b'.repeat(500) } }]) ?? [];
    expect(long?.blocked).toBe('b'.repeat(300));
    const [numeric] = parseCspReports([{ type: 'csp-violation', body: { ...v, documentURL: 42 } }]) ?? [];
    expect(numeric?.page).toBe('');
    expect(
      parseCspReports(Array.from({ length: 25 }, () => ({ type: 'csp-violation', body: v }))),
    ).toHaveLength(20);
    expect(parseCspReports([{ type: 'csp-violation', body: null }])).toEqual([]);
    expect(
      parseCspReports({
        'csp-report': {
          'document-uri': 'https://site.example/y',
          'violated-directive': 'img-src',
          'blocked-uri': 'https://evil.example/p.png',
          'source-file': 'https://site.example/app.js',
          'line-number': 3,
        },
      }),
    ).toEqual([
      {
        page: 'https://site.example/y',
        directive: 'img-src',
        blocked: 'https://evil.example/p.png',
        source: 'https://site.example/app.js:3',
      },
    ]);
    expect(parseCspReports({ other: {} })).toBeNull();
  });

  it('parseCspReports ignores other report types and refuses junk', () => {
    expect(parseCspReports([{ type: 'deprecation', body: {} }])).toEqual([]);
    expect(parseCspReports([1])).toBeNull();
    expect(parseCspReports('x')).toBeNull();
    expect(parseCspReports({ 'csp-report': 'x' })).toBeNull();
  });
});
