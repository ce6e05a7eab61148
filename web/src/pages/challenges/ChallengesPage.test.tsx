import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, tableFetcher } from '../../test/render';

const challenge = (id: number, active: boolean) => ({
  id,
  title: `Challenge ${id}`,
  description: `About ${id}`,
  imageUrl: '/demo/c.webp',
  participantCount: 1000 + id,
  active,
});

describe('Challenges list (/challenges, issue 41 §5)', () => {
  it('one h1; active challenges, then finished ones, each linking to its page', async () => {
    renderAt(
      '/challenges',
      tableFetcher({ '/api/challenges': [challenge(1, true), challenge(2, false), challenge(3, true)] }),
    );
    expect(await screen.findByText('Challenge 1')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Challenges']);
    const active = screen.getByRole('region', { name: 'Active challenges' });
    expect(
      within(active)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/challenges/1', '/challenges/3']);
    const finished = screen.getByRole('region', { name: 'Finished challenges' });
    expect(within(finished).getByText('Finished')).toBeTruthy();
    expect(within(finished).getByText('1,002 participants')).toBeTruthy();
  });
  it('none yet: says so', async () => {
    renderAt('/challenges', tableFetcher({ '/api/challenges': [] }));
    expect(await screen.findByText('No challenges yet. Check back soon!')).toBeTruthy();
  });
});
