/** Explore Your Interests: six cards, three subcategories each (spec §2). */
export const INTERESTS = [
  {
    name: 'Wellness & Self-Care',
    href: '/wellness',
    blurb: 'Habits, rest and mental health for a calmer everyday.',
    subcategories: ['Mindfulness', 'Fitness', 'Sleep'],
  },
  {
    name: 'Style & Fashion',
    href: '/style',
    blurb: 'Wardrobes that work hard and feel like you.',
    subcategories: ['Capsule Wardrobes', 'Beauty', 'Accessories'],
  },
  {
    name: 'Nutrition & Recipes',
    href: '/nutrition',
    blurb: 'Good food without the fuss.',
    subcategories: ['Healthy Recipes', 'Meal Prep', 'Nutrition Tips'],
  },
  {
    name: 'Career & Creativity',
    href: '/career',
    blurb: 'Grow at work and make room to create.',
    subcategories: ['Career Growth', 'Side Projects', 'Money'],
  },
  {
    name: 'Home & Aesthetics',
    href: '/home',
    blurb: 'Spaces that feel calm, bright and yours.',
    subcategories: ['Decor', 'Organisation', 'Plants'],
  },
  {
    name: 'Community',
    href: '/community',
    blurb: 'Stories, challenges and the women behind them.',
    subcategories: ['Reader Stories', 'Challenges', 'Events'],
  },
] as const;
