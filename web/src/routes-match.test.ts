import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { matchSiteRoutes, routes } from './routes';

/** What a match says: each level's route (the layout by its place, being a trimmed copy), params, path. */
const shape = (matches: ReturnType<typeof matchRoutes>) =>
  (matches ?? []).map((m, i) => ({
    route: i === 0 ? 'layout' : m.route,
    params: m.params,
    pathname: m.pathname,
    pathnameBase: m.pathnameBase,
  }));

describe('matchSiteRoutes matches as the whole route table does', () => {
  const paths = [
    '/',
    '',
    '/news',
    '/news/',
    '/news/wellness',
    '/wellness',
    '/WELLNESS',
    '/content/caf%C3%A9-mornings',
    '/Content/Some-Slug',
    '/%63ontent/encoded-first-segment',
    '/content/%E0%A4%A',
    '/%E0%A4%A/bad-escape',
    '/content',
    '/content/a/b',
    '/article/12',
    '/shop',
    '/shop/3',
    '/product/9',
    '/recipes',
    '/recipe/4',
    '/challenges/2',
    '/community/submit-story',
    '/community',
    '/privacy',
    '/terms',
    '/cookie-policy',
    '/contact',
    '/newsletter',
    '/newsletter/confirm/abc',
    '/newsletter/manage/abc',
    '/sign-in',
    '/sign-out',
    '/setup/tok',
    '/invitation/tok',
    '/admin',
    '/admin/preview/5',
    '/admin/anything/deeper',
    '/no-such-page',
    '/no-such-page/deeper',
    '//double',
    '/news/wellness/extra',
  ];
  it.each(paths)('%s', (path) => {
    const whole = matchRoutes(routes, path);
    expect(whole, 'the catch-all answers every path').not.toBeNull();
    expect(shape(matchSiteRoutes(path))).toEqual(shape(whole));
  });

  it('a page path is matched without the other pages in the table (that is the saving)', () => {
    const leaf = matchSiteRoutes('/content/some-slug')!.at(-1)!.route;
    expect(leaf.path).toBe('/content/:identifier');
    const layout = matchSiteRoutes('/content/other')![0]!.route;
    const paths = (layout.children ?? []).map((r) => r.path);
    expect(paths).toContain('/content/:identifier');
    expect(paths).not.toContain('/news');
    expect(paths.length).toBeLessThan(5);
  });
});
