import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    ).toEqual(['/challenges/1', '/challenges/2', '/challenges/3']);
    expect(fetcher.calls).toContain('GET /api/challenges?active=true');

    expect(screen.getByRole('link', { name: 'Share Your Story' }).getAttribute('href')).toBe(
      '/community/submit-story',
    );
    expect(screen.getByRole('link', { name: 'Get In Touch' }).getAttribute('href')).toBe('/contact');
  });
});
