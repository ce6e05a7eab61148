import type { SeedChallenge } from './types';

/** Community challenges: 5 active, 2 finished. */
export const challenges: SeedChallenge[] = [
  {
    title: '30-Day Hydration Challenge',
    description:
      'Drink six to eight glasses of fluid a day for thirty days. Track your glasses, try a new infusion each week and share your favourite water bottle tricks with the community.',
    imageUrl: '/demo/challenge-1.webp',
    participantCount: 4280,
    active: true,
  },
  {
    title: '10,000 Steps a Day',
    description:
      'Build more movement into everyday life, one walk at a time. Hit 10,000 steps on as many days as you can this month, or set your own target and beat last week’s total.',
    imageUrl: '/demo/challenge-2.webp',
    participantCount: 3115,
    active: true,
  },
  {
    title: 'Digital Detox Weekend',
    description:
      'Forty-eight hours with your phone in a drawer. Swap scrolling for books, walks, board games and proper conversations, then tell us how Monday morning felt.',
    imageUrl: '/demo/challenge-3.webp',
    participantCount: 962,
    active: true,
  },
  {
    title: '21-Day Gratitude Journal',
    description:
      'Write down three things you are grateful for every evening for three weeks. Small moments count: a kind message, a good cup of tea, the first warm day of spring.',
    imageUrl: '/demo/challenge-2.webp',
    participantCount: 1870,
    active: true,
  },
  {
    title: 'Thirty Plants a Week',
    description:
      'Eat thirty different plant foods each week for a month: vegetables, fruit, grains, beans, nuts, seeds, herbs and spices all count. Download the tracker and share your best finds.',
    imageUrl: '/demo/challenge-1.webp',
    participantCount: 1248,
    active: true,
  },
  {
    title: 'Couch to 5K Together',
    description:
      'Nine weeks from your first jog to running five kilometres without stopping. Our spring group completed the plan together, with weekly check-ins and plenty of encouragement.',
    imageUrl: '/demo/challenge-3.webp',
    participantCount: 2635,
    active: false,
  },
  {
    title: 'Seven-Day Declutter',
    description:
      'One small area of your home each day for a week: a drawer, a shelf, the bathroom cabinet. Donate what you can, recycle what you cannot, and enjoy the calm that follows.',
    imageUrl: '/demo/challenge-2.webp',
    participantCount: 540,
    active: false,
  },
];
