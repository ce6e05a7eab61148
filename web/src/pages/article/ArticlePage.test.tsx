import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ARTICLE_COLUMN_SIZES, RELATED_ARTICLE_SIZES } from '../../components/ui/picture-sizes';
import { eager, lazy, shown, uploadUrl } from '../../test/pictures';
import { renderAt, tableFetcher } from '../../test/render';

const base = {
  slug: 'calm',
  title: 'Calm mornings',
  excerpt: 'An easy start',
  content: 'x',
  contentHtml: '<h2>Why it works</h2><p>Because.</p>',
  category: 'wellness',
  imageUrl: '/demo/a.webp',
  tags: ['sleep', 'habits'],
  readTime: 4,
  publishedAt: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  author: 'Ann',
  description: null,
  source: null,
  url: null,
  isExternal: false,
};
const item = (id: number, title: string) => ({ ...base, id, slug: `s-${id}`, title });

describe('Article page (spec §2)', () => {
  it('shows back link, image, badge, "Recently", share to two networks and copy link, title, excerpt, read time, body, tags', async () => {
    renderAt(
      '/content/calm',
      tableFetcher({
        '/api/content/calm': { ...base, id: 1 },
        '/api/content/1/related': [item(2, 'Rel A'), item(3, 'Rel B')],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Calm mornings' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByAltText('Calm mornings').getAttribute('width')).toBe('800');
    expect(screen.getAllByText('Wellness & Self-Care').length).toBeGreaterThan(0);
    expect(screen.getByText('Recently')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'X (Twitter)' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Facebook' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeTruthy();
    expect(screen.getByText('An easy start')).toBeTruthy();
    expect(screen.getByText('4 min read')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Why it works' })).toBeTruthy();
    expect(screen.getByText('#sleep')).toBeTruthy();
    // Related Articles: the server's two (same category, excluding itself).
    expect(await screen.findByRole('heading', { name: 'Related Articles' })).toBeTruthy();
    expect(screen.getByText('Rel A')).toBeTruthy();
    expect(screen.getByText('Rel B')).toBeTruthy();
  });

  it('the lead picture is offered in its sizes for the article column and fetched first; related cards lazily at half the column (issue 39)', async () => {
    renderAt(
      '/content/calm',
      tableFetcher({
        '/api/content/calm': { ...base, id: 1, imageUrl: `${uploadUrl(1)}#focus=25,60` },
        '/api/content/1/related': [
          { ...item(2, 'Rel A'), imageUrl: uploadUrl(2) },
          { ...item(3, 'Rel B'), imageUrl: uploadUrl(3) },
        ],
      }),
    );
    const lead = await screen.findByAltText('Calm mornings');
    expect(shown(lead)).toEqual(eager(ARTICLE_COLUMN_SIZES));
    expect(ARTICLE_COLUMN_SIZES).toBe('(min-width: 768px) 736px, calc(100vw - 32px)');
    expect([lead.getAttribute('width'), lead.getAttribute('height')]).toEqual(['1200', '800']);
    // The classes that size it stay on the <img>, with the focal point's.
    expect(lead.getAttribute('class')).toBe(
      'mt-6 aspect-video w-full rounded-xl object-cover focal fx-25 fy-60',
    );
    const related = (await screen.findByRole('heading', { name: 'Related Articles' })).closest(
      'section',
    ) as HTMLElement;
    const cards = related.querySelectorAll('img');
    expect(cards).toHaveLength(2);
    for (const img of cards) expect(shown(img)).toEqual(lazy(RELATED_ARTICLE_SIZES));
  });

  it('shows relative published time as "X ago"', async () => {
    const publishedAt = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString();
    renderAt(
      '/article/1',
      tableFetcher({ '/api/content/1': { ...base, id: 1, publishedAt }, '/api/content/1/related': [] }),
    );
    expect(await screen.findByText('3 days ago')).toBeTruthy();
  });

  it('an imported story whose feed gave no readable date says "Date unknown", never "just now" (issue 28)', async () => {
    const importedNow = new Date().toISOString();
    renderAt(
      '/article/1',
      tableFetcher({
        '/api/content/1': { ...base, id: 1, publishedAt: importedNow, dateUnknown: true, isExternal: true },
        '/api/content/1/related': [],
      }),
    );
    expect(await screen.findByText('Date unknown')).toBeTruthy();
    expect(screen.queryByText(/just now/i)).toBeNull();
  });

  it('a preview of a scheduled article says when it goes out (UK time), not "just now"', async () => {
    renderAt(
      '/admin/preview/1',
      tableFetcher({
        '/api/admin/content/1/preview': {
          ...base,
          id: 1,
          status: 'scheduled',
          publishedAt: '2027-11-24T09:00:00Z',
        },
        '/api/content/1/related': [],
      }),
    );
    expect(await screen.findByText('Preview – not published')).toBeTruthy();
    expect(screen.getByText('Scheduled for 24 Nov 2027, 09:00')).toBeTruthy();
    expect(screen.queryByText('just now')).toBeNull();
  });

  it('missing article: "Article Not Found" with Back to Home', async () => {
    renderAt('/content/nope', tableFetcher({}));
    expect(await screen.findByText('Article Not Found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });
});
