import { describe, expect, it, vi } from 'vitest';
import { electronModule } from './support/fake-electron';

vi.mock('electron', () => ({ ...electronModule, screen: { getAllDisplays: () => [] } }));

const {
  adjustResponseHeaders,
  contentSecurityPolicy,
  isAppUrl,
  isExternalWebUrl,
  isPreviewUrl,
  isTrustedSender,
  previewArticleId,
  previewRequestHeaders,
} = await import('../src/main/security');
const { ADMIN_TABS, menuTemplate } = await import('../src/main/menu');
const { restoreBounds } = await import('../src/main/window');

const entry = 'file:///opt/Bloom/resources/app.asar/out/renderer/index.html';

describe('navigation and links', () => {
  it('only the app page itself counts as the app', () => {
    expect(isAppUrl(`${entry}#/admin`, entry)).toBe(true);
    expect(isAppUrl('file:///etc/passwd', entry)).toBe(false);
    expect(isAppUrl('https://bloom.example/', entry)).toBe(false);
    expect(isAppUrl('http://localhost:5173/x', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
  });

  it('external links leave only when they are http(s)', () => {
    expect(isExternalWebUrl('https://bloom.example/a')).toBe(true);
    expect(isExternalWebUrl('http://bloom.example/a')).toBe(true);
    for (const u of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'not a url']) {
      expect(isExternalWebUrl(u)).toBe(false);
    }
  });

  it('the sender check wants the top frame of the app page', () => {
    expect(isTrustedSender({ url: entry, parent: null }, entry)).toBe(true);
    expect(isTrustedSender({ url: entry, parent: {} }, entry)).toBe(false);
    expect(isTrustedSender({ url: 'https://evil.example/', parent: null }, entry)).toBe(false);
    expect(isTrustedSender(null, entry)).toBe(false);
  });

  it('the content security policy allows no inline or remote script and names the chosen server for images', () => {
    const csp = contentSecurityPolicy('https://bloom.example/base');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
    expect(csp).toContain("img-src 'self' data: blob: https://bloom.example;");
    expect(csp).toContain("connect-src 'self'");
  });
});

describe('application menu', () => {
  it('has File, Edit, View, Window and Help, with every admin tab and Ctrl/Cmd+1…9 for the first nine', () => {
    const selectTab = vi.fn();
    const t = menuTemplate({
      selectTab,
      openSettings: vi.fn(),
      signOut: vi.fn(),
      openWebsite: vi.fn(),
      isMac: false,
      appName: 'Bloom',
    });
    expect(t.map((m) => m.label ?? m.role)).toEqual(['File', 'editMenu', 'View', 'windowMenu', 'help']);
    const view = t[2]?.submenu as Array<{ label?: string; accelerator?: string; click?: () => void }>;
    const tabs = view.filter((i) => (ADMIN_TABS as readonly string[]).includes(i.label ?? ''));
    expect(tabs.map((i) => i.label)).toEqual([...ADMIN_TABS]);
    expect(tabs.at(-1)?.label).toBe('Audit');
    // Ctrl/Cmd+0 stays the zoom reset.
    expect(tabs.map((i) => i.accelerator)).toEqual(
      ADMIN_TABS.map((_, i) => (i < 9 ? `CmdOrCtrl+${i + 1}` : undefined)),
    );
    // The menu names the tab: an editor's dashboard has no Users, so a place would be wrong.
    tabs[6]?.click?.();
    expect(selectTab).toHaveBeenCalledWith('RSS Feeds');
  });
});

describe('window bounds', () => {
  const display = { workArea: { x: 0, y: 0, width: 1920, height: 1080 } };
  it('restores saved size and position on a connected display', () => {
    const saved = { x: 100, y: 80, width: 1200, height: 800 };
    expect(restoreBounds(saved, [display])).toEqual(saved);
  });
  it('keeps the size but drops a position on a display that is gone', () => {
    expect(restoreBounds({ x: 4000, y: 80, width: 1200, height: 800 }, [display])).toEqual({
      width: 1200,
      height: 800,
    });
  });
  it('uses a default size on first start', () => {
    expect(restoreBounds(null, [display])).toEqual({ width: 1280, height: 860 });
  });
});

describe('response headers seen by the window', () => {
  const ctx = { entryUrl: 'http://localhost:5173/', serverUrl: 'https://bloom.example', dev: true };
  it('the app page gets the content security policy', () => {
    const h = adjustResponseHeaders({ url: 'http://localhost:5173/', resourceType: 'mainFrame' }, ctx);
    expect(h?.['Content-Security-Policy']?.[0]).toContain("img-src 'self' data: blob: https://bloom.example");
  });
  it("images from the chosen server drop CORP same-origin, so upload previews show; others don't", () => {
    const responseHeaders = {
      'Cross-Origin-Resource-Policy': ['same-origin'],
      'content-type': ['image/webp'],
    };
    const mine = adjustResponseHeaders(
      { url: 'https://bloom.example/uploads/a.webp', resourceType: 'image', responseHeaders },
      ctx,
    );
    expect(mine).toEqual({ 'content-type': ['image/webp'] });
    expect(
      adjustResponseHeaders(
        { url: 'https://other.example/a.webp', resourceType: 'image', responseHeaders },
        ctx,
      ),
    ).toBeUndefined();
    expect(
      adjustResponseHeaders(
        { url: 'https://bloom.example/api/x', resourceType: 'xhr', responseHeaders },
        ctx,
      ),
    ).toBeUndefined();
  });
});

describe("article previews (the editor's Preview link)", () => {
  const server = 'https://bloom.example';

  it('a preview is {server}/admin/preview/{id} of the chosen server, with a plain id up to 2^31 - 1', () => {
    expect(previewArticleId(`${server}/admin/preview/12`, server)).toBe(12);
    expect(previewArticleId(`${server}/admin/preview/12#comments`, server)).toBe(12);
    expect(previewArticleId(`${server}:443/admin/preview/2147483647`, server)).toBe(2147483647);
    expect(previewArticleId('https://bloom.example/base/admin/preview/3', `${server}/base`)).toBe(3);
    expect(isPreviewUrl('http://127.0.0.1:5000/admin/preview/1', 'http://127.0.0.1:5000')).toBe(true);
  });

  it('refuses other origins, odd paths, queries and anything that is not an id', () => {
    const refused = [
      'https://evil.example/admin/preview/12',
      'http://bloom.example/admin/preview/12',
      'https://bloom.example:8443/admin/preview/12',
      'https://bloom.example.evil.example/admin/preview/12',
      'https://user:pw@bloom.example/admin/preview/12',
      `${server}/admin/preview/12?x=1`,
      `${server}/admin/preview/12/`,
      `${server}/admin/preview/12/edit`,
      `${server}/admin/preview/`,
      `${server}/admin/preview/0`,
      `${server}/admin/preview/-1`,
      `${server}/admin/preview/012`,
      `${server}/admin/preview/1e3`,
      `${server}/admin/preview/1.5`,
      `${server}/admin/preview/%31`,
      `${server}/admin/preview/2147483648`,
      `${server}/admin/preview/99999999999`,
      `${server}/ADMIN/preview/12`,
      `${server}/admin/articles/12`,
      `${server}/other/admin/preview/12`,
      'file:///admin/preview/12',
      'not a url',
    ];
    for (const url of refused) expect([url, previewArticleId(url, server)]).toEqual([url, null]);
    expect(previewArticleId(`${server}/admin/preview/12`, null)).toBeNull();
    // A server with a base path: its previews live under it.
    expect(previewArticleId(`${server}/admin/preview/12`, `${server}/base`)).toBeNull();
  });

  it('the token goes to the chosen server only, on reads only; other hosts never get it', () => {
    const ctx = { serverUrl: `${server}/base`, token: 'tok-123' };
    const send = (url: string, method = 'GET', requestHeaders: Record<string, string> = {}) =>
      previewRequestHeaders({ url, method, requestHeaders }, ctx);
    expect(send(`${server}/admin/preview/12`)).toEqual({ Authorization: 'Bearer tok-123' });
    expect(send(`${server}/api/admin/articles/12/preview`, 'HEAD', { Accept: 'application/json' })).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer tok-123',
    });
    // Images and links to other sites, look-alike hosts, another port or scheme: no token.
    for (const url of [
      'https://images.example/a.jpg',
      'https://bloom.example.evil.example/x',
      'https://evil.example/?u=https://bloom.example/',
      'https://bloom.example:8443/x',
      'http://bloom.example/x',
    ]) {
      expect(send(url)).toEqual({});
    }
    // A request already carrying it (a redirect to another host) loses it; cookies never travel.
    expect(
      send('https://images.example/a.jpg', 'GET', { authorization: 'Bearer tok-123', Cookie: 'sid=1' }),
    ).toEqual({});
    // Nor to the one GET that ends the session (an article's <img src="/api/logout">).
    expect(send(`${server}/base/api/logout`)).toEqual({});
    expect(send(`${server}/api/LOGOUT/`)).toEqual({});
    expect(send(`${server}/api/logout-help`)).toEqual({ Authorization: 'Bearer tok-123' });
    // The preview only reads: a form or beacon posted from it does not act as the admin.
    expect(send(`${server}/api/auth/sign-out`, 'POST', { 'Content-Type': 'application/json' })).toEqual({
      'Content-Type': 'application/json',
    });
    expect(
      previewRequestHeaders(
        { url: `${server}/x`, method: 'GET', requestHeaders: {} },
        { ...ctx, token: null },
      ),
    ).toEqual({});
  });
});
