import { ARTICLE_BODY_SIZES } from '@site/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { products } from '../src/db/schema';
import { ApiError } from '../src/lib/http/errors';
import { canonicalJson } from '../src/lib/http/idempotency';
import { refuseUnsavedWrite } from '../src/lib/http/version';
import { SWEEP_EVERY_MS, sweepDue } from '../src/lib/jobs/sweep';
import { allowedImageSrc, articleBodyHtml } from '../src/lib/text/html';
import { isInsideHost } from '../src/lib/text/inside-address';
import { xml } from '../src/lib/text/xml';
import { testApp } from './helpers';

/** The small rules of lib/http, lib/jobs and lib/text that the routes' tests reach only in part. */
describe('xml', () => {
  it('escapes the five characters XML reserves, each every time, and nothing else', () => {
    expect(xml(`Tom & Jerry's <"best"> & more's`)).toBe(
      'Tom &amp; Jerry&apos;s &lt;&quot;best&quot;&gt; &amp; more&apos;s',
    );
    expect(xml('/news/calm-mornings?a=1&b=2')).toBe('/news/calm-mornings?a=1&amp;b=2');
    expect(xml('café – plain')).toBe('café – plain');
  });
});

describe('sweepDue', () => {
  it('is due on the first call, then once per SWEEP_EVERY_MS per kind and per database handle', () => {
    const db = {};
    const t = 1_000_000;
    expect(sweepDue(db, 'rate:', t)).toBe(true);
    expect(sweepDue(db, 'rate:', t + 1)).toBe(false);
    expect(sweepDue(db, 'rate:', t + SWEEP_EVERY_MS - 1)).toBe(false);
    expect(sweepDue(db, 'rate:', t + SWEEP_EVERY_MS)).toBe(true);
    // The last sweep is now t + SWEEP_EVERY_MS: the next is due a whole interval after that.
    expect(sweepDue(db, 'rate:', t + SWEEP_EVERY_MS + 1)).toBe(false);
    expect(sweepDue(db, 'idempotency', t + 1)).toBe(true);
    expect(sweepDue({}, 'rate:', t + 1)).toBe(true);
  });
});

describe('canonicalJson', () => {
  it('gives the same text for the same request whatever the order of its keys, at every level', () => {
    const a = canonicalJson({ b: 1, a: { d: [{ y: 1, x: 2 }], c: null } });
    const b = canonicalJson({ a: { c: null, d: [{ x: 2, y: 1 }] }, b: 1 });
    expect(a).toBe(b);
    expect(a).toBe('{"a":{"c":null,"d":[{"x":2,"y":1}]},"b":1}');
    // Arrays keep their order: a different order is a different request.
    expect(canonicalJson([2, 1])).toBe('[2,1]');
    expect(canonicalJson({ list: ['b', 'a'] })).toBe('{"list":["b","a"]}');
  });
});

describe('isInsideHost', () => {
  it('names this server and private networks under any spelling URL parsing leaves', () => {
    const host = (url: string) => new URL(url).hostname;
    for (const url of [
      'http://localhost:3000/x',
      'http://API.localhost./x',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://[::ffff:a9fe:a9fe]/latest', // 169.254.169.254, the cloud metadata address
      'http://[::ffff:10.1.2.3]/x',
      'http://2130706433/x',
      'http://0x7f.1/x',
      'http://[fe80::1]/x',
      'http://[fd00::5]/x',
    ]) {
      expect(isInsideHost(host(url)), url).toBe(true);
    }
    for (const url of [
      'https://example.com/x',
      'http://[::ffff:8.8.8.8]/x',
      'http://8.8.8.8/x',
      'http://[2001:db8::1]/x',
    ]) {
      expect(isInsideHost(host(url)), url).toBe(false);
    }
  });
});

describe('refuseUnsavedWrite', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp('pglite');
  });
  afterAll(async () => booted?.close());

  it('a row that is gone is a 404 naming the noun; one saved since is a 409 with both versions', async () => {
    const gone = await refuseUnsavedWrite(booted.deps.db, products, 987_654, 'product', undefined).catch(
      (e: unknown) => e,
    );
    expect(gone).toBeInstanceOf(ApiError);
    expect((gone as ApiError).status).toBe(404);
    expect((gone as ApiError).message).toBe('Product not found');

    const [row] = await booted.deps.db
      .insert(products)
      .values({ title: 'Linen throw', description: 'Soft.', price: '40.00' })
      .returning({ id: products.id, updatedAt: products.updatedAt });
    const loaded = '2020-01-01T00:00:00.000Z';
    const stale = await refuseUnsavedWrite(booted.deps.db, products, row!.id, 'product', loaded).catch(
      (e: unknown) => e,
    );
    expect((stale as ApiError).status).toBe(409);
    expect((stale as ApiError).message).toMatch(/^Someone else saved this product after you opened it\./);
    expect((stale as ApiError).extra).toEqual({ yours: loaded, theirs: row!.updatedAt.toISOString() });
  });
});

describe('allowedImageSrc: spellings a browser reads differently from a check', () => {
  const SITE = 'https://site.example';
  it("keeps this site's uploads however they are padded, and nothing dressed up as them", () => {
    expect(allowedImageSrc(' /uploads/a.webp ', SITE)).toBe(true);
    expect(allowedImageSrc('/demo/x.webp', SITE)).toBe(true);
    expect(allowedImageSrc('https://site.example/uploads/a.webp', SITE)).toBe(true);
    for (const src of [
      '',
      '   ',
      undefined,
      '//evil.example/uploads/a.webp', // protocol-relative: another host
      '/\\evil.example/uploads/a.webp', // a backslash is a slash to a browser
      '/uploads\\a.webp',
      '/uploads/a.webp?logout=1',
      '/uploads/a\tb.webp',
      '/upl\noads/a.webp',
      '/api/logout',
      'https://user@example.com/x.png', // credentials in a picture address
      'https://:secret@example.com/x.png',
      'https://site.example/api/logout',
      'https://site.example:8443/x.png', // this server on another port
      'http://example.com/x.png', // plain http on an https site
      'data:image/png;base64,AAAA',
    ]) {
      expect(allowedImageSrc(src, SITE), String(src)).toBe(false);
    }
    expect(allowedImageSrc('https://example.com/x.png', SITE)).toBe(true);
    expect(allowedImageSrc('http://example.com/x.png', 'http://site.example')).toBe(true);
  });
});

describe('articleBodyHtml: pictures in a body', () => {
  const id = '0a1b2c3d-0000-4000-8000-00000000abcd';
  it('an upload offers its sizes with its own dimensions; any other picture keeps only what was checked', () => {
    const html = articleBodyHtml(
      `<img src="/uploads/${id}-1600x900.webp" srcset="https://evil.example/x.png 1w" sizes="1px" alt="Pier">` +
        '<img src="/demo/x.webp" srcset="https://evil.example/y.png 1w" alt="Demo">',
    );
    const [upload, demo] = html.match(/<img[^>]*>/g) ?? [];
    expect(upload).toContain(`src="/uploads/${id}-1600x900.webp"`);
    expect(upload).toContain(`srcset="/uploads/${id}-1600x900-320w.webp 320w,`);
    expect(upload).toContain(`/uploads/${id}-1600x900-1600w.webp 1600w"`);
    expect(upload).toContain(`sizes="${ARTICLE_BODY_SIZES}"`);
    expect(upload).toContain('width="1600"');
    expect(upload).toContain('height="900"');
    expect(upload).toContain('loading="lazy"');
    expect(upload).not.toContain('evil');
    expect(demo).toBe('<img src="/demo/x.webp" alt="Demo" loading="lazy" decoding="async" />');
    // h1 and h2 are kept for bodies written in HTML; a source without a scheme is refused.
    expect(articleBodyHtml('<h1>One</h1><h2>Two</h2>')).toBe('<h1>One</h1><h2>Two</h2>');
  });
});
