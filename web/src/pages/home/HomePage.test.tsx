import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_GRID_SIZES } from '../../components/ui/picture-sizes';
import { eager, lazy, shown, uploadUrl } from '../../test/pictures';
import { renderAt, tableFetcher } from '../../test/render';

const art = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  slug: `a-${id}`,
  title: `Featured ${id}`,
  excerpt: 'x',
  category: 'wellness',
  imageUrl: null,
  tags: [],
  readTime: 3,
  publishedAt: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  author: null,
  description: null,
  source: null,
  url: null,
  isExternal: false,
  ...extra,
});
const challenge = (id: number) => ({
  id,
  title: `Challenge ${id}`,
  description: 'Do it',
  imageUrl: null,
  participantCount: 1200 + id,
  active: true,
});

describe('Home (spec §2)', () => {
  it('hero, Featured Content (3, linking /content/{slug or id}), six interest cards, Join the Challenge (3 active)', async () => {
    const fetcher = tableFetcher({
      '/api/content/featured': [art(1), art(2, { slug: '' }), art(3), art(4)],
      '/api/challenges': [1, 2, 3, 4].map(challenge),
    });
    renderAt('/', fetcher);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Your Wellness Journey' }).getAttribute('href')).toBe(
      '/wellness',
    );
    expect(screen.getByRole('link', { name: 'Join Our Community' }).getAttribute('href')).toBe('/community');

    const featured = screen
      .getByRole('heading', { name: 'Featured Content' })
      .closest('section') as HTMLElement;
    await within(featured).findByText('Featured 1');
    const links = within(featured)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/content/a-1', '/content/2', '/content/a-3']);

    const interests = screen
      .getByRole('heading', { name: 'Explore Your Interests' })
      .closest('section') as HTMLElement;
    const explore = within(interests).getAllByRole('link', { name: /Explore More/ });
    expect(explore.map((a) => a.getAttribute('href'))).toEqual([
      '/wellness',
      '/style',
      '/nutrition',
      '/career',
      '/home',
      '/community',
    ]);
    expect(within(interests).getAllByRole('listitem')).toHaveLength(18);

    const ch = screen.getByRole('heading', { name: 'Join the Challenge' }).closest('section') as HTMLElement;
    await within(ch).findByText('Challenge 1');
    expect(within(ch).getAllByText('Active')).toHaveLength(3);
    expect(within(ch).getByText('1,201 participants')).toBeTruthy();
    expect(
      within(ch)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/challenges/1', '/challenges/2', '/challenges/3', '/challenges']);
    expect(fetcher.calls).toContain('GET /api/challenges?active=true');

    expect(screen.getByRole('link', { name: 'Share Your Story' }).getAttribute('href')).toBe(
      '/community/submit-story',
    );
    expect(screen.getByRole('link', { name: 'Get In Touch' }).getAttribute('href')).toBe('/contact');
  });

  it('Featured and challenge cards are offered in the sizes of their grid; the Featured row is fetched first (issue 39)', async () => {
    renderAt(
      '/',
      tableFetcher({
        '/api/content/featured': [1, 2, 3].map((id) => art(id, { imageUrl: uploadUrl(id) })),
        '/api/challenges': [1, 2, 3].map((id) => ({ ...challenge(id), imageUrl: uploadUrl(10 + id) })),
      }),
    );
    expect(CARD_GRID_SIZES).toBe(
      '(min-width: 1152px) 358px, (min-width: 1024px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)',
    );
    const featured = screen
      .getByRole('heading', { name: 'Featured Content' })
      .closest('section') as HTMLElement;
    await within(featured).findByText('Featured 1');
    const cards = [...featured.querySelectorAll('img')];
    expect(cards.map(shown)).toEqual([eager(CARD_GRID_SIZES), lazy(CARD_GRID_SIZES), lazy(CARD_GRID_SIZES)]);
    const ch = screen.getByRole('heading', { name: 'Join the Challenge' }).closest('section') as HTMLElement;
    await within(ch).findByText('Challenge 1');
    expect([...ch.querySelectorAll('img')].map(shown)).toEqual([1, 2, 3].map(() => lazy(CARD_GRID_SIZES)));
  });
});
