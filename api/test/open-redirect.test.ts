import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { testApp } from './helpers';

/** Where /api/login sends the reader: always our own /sign-in, with a returnTo on this site. */
describe('GET /api/login never passes on an off-site returnTo (issue 13 §2)', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp('pglite');
  });
  afterAll(async () => booted?.close());

  const location = async (query: string, headers: Record<string, string> = {}) => {
    const res = await booted.app.request(`/api/login${query}`, { headers });
    expect(res.status).toBe(302);
    return res.headers.get('location');
  };

  it.each([
    ['tab', '%2F%09%2Fevil.example%2Fx'],
    ['LF', '%2F%0A%2Fevil.example%2Fx'],
    ['CR', '%2F%0D%2Fevil.example%2Fx'],
    ['backslash', '%2F%5Cevil.example'],
    ['two backslashes', '%5C%5Cevil.example'],
    ['protocol-relative', '%2F%2Fevil.example'],
    ['slash-backslash', '%2F%5C%2Fevil.example'],
    ['absolute', 'https%3A%2F%2Fevil.example%2F'],
    // Dot segments collapse to a path that starts with "//" (another site to a browser).
    ['dot-dot then two slashes', '%2F..%2F%2Fevil.example'],
    ['dot then two slashes', '%2F.%2F%2Fevil.example'],
    ['encoded dot-dot', '%2F%252e%252e%2F%2Fevil.example'],
  ])('refuses %s', async (_name, value) => {
    expect(await location(`?returnTo=${value}`)).toBe('/sign-in?returnTo=%2F');
  });

  it('keeps a same-site path, and takes one from a same-site Referer', async () => {
    expect(await location('?returnTo=%2Fshop%3Fx%3D1')).toBe('/sign-in?returnTo=%2Fshop%3Fx%3D1');
    expect(await location('', { referer: 'http://localhost:3000/recipes?tag=a' })).toBe(
      '/sign-in?returnTo=%2Frecipes%3Ftag%3Da',
    );
    expect(await location('', { referer: 'https://evil.example/recipes' })).toBe('/sign-in?returnTo=%2F');
  });
});
