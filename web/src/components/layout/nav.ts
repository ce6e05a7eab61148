/** Top navigation (spec §2). */
export const NAV_ITEMS = [
  { id: 'home', name: 'Home', href: '/' },
  { id: 'wellness', name: 'Wellness', href: '/wellness' },
  { id: 'style', name: 'Style', href: '/style' },
  { id: 'career', name: 'Career', href: '/career' },
  { id: 'recipes', name: 'Recipes', href: '/recipes' },
  { id: 'shop', name: 'Shop', href: '/shop' },
  { id: 'contact', name: 'Contact', href: '/contact' },
] as const;

/** Active when the path starts with the link; home only when it is exactly "/". */
export function isActive(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname.startsWith(href);
}

/** Footer links and labels, exactly as spec §2 lists them. */
export const FOOTER_COLUMNS = [
  {
    heading: 'Explore',
    links: [
      { href: '/news/wellness', label: 'Wellness & Self-Care' },
      { href: '/news/style', label: 'Style & Fashion' },
      { href: '/recipes', label: 'Nutrition & Recipes' },
      { href: '/news/career', label: 'Career & Creativity' },
      { href: '/news/community', label: 'Community' },
    ],
  },
  {
    heading: 'Shop & Recipes',
    links: [
      { href: '/shop', label: 'Shop' },
      { href: '/recipes', label: 'Healthy Recipes' },
      { href: '/contact', label: 'Contact Us' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { href: '/privacy', label: 'Privacy Policy' },
      { href: '/terms', label: 'Terms & Conditions' },
      { href: '/cookie-policy', label: 'Cookie Policy' },
    ],
  },
] as const;

/** Sign In is a full page navigation to /api/login (spec §4), coming back here afterwards. */
export const signInHref = (pathname: string) => `/api/login?returnTo=${encodeURIComponent(pathname)}`;
