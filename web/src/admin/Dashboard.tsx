import { type CurrentUser, STAFF_ROLES, type StaffRole } from '@site/shared';
import { type KeyboardEvent, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Seo } from '../lib/seo';
import { AiTab } from './ai/AiTab';
import { AdminAlerts } from './alerts/AdminAlerts';
import { ArticlesTab } from './articles/ArticlesTab';
import { CategoriesTab } from './categories/CategoriesTab';
import { confirmLeave } from './list/use-leave-guard';
import { inboxDescription, useInbox } from './messages/inbox';
import { MessagesTab } from './messages/MessagesTab';
import { NewsletterTab } from './newsletter/NewsletterTab';
import { ProductsTab } from './products/ProductsTab';
import { RecipesTab } from './recipes/RecipesTab';
import { RssTab } from './rss/RssTab';
import { UsersTab } from './users/UsersTab';

/** Each tab with the lowest staff role whose calls it needs (the server's policy: api/src/auth/policy.ts). */
export const TABS = [
  { id: 'articles', label: 'Articles', role: 'contributor' },
  { id: 'products', label: 'Products', role: 'editor' },
  { id: 'recipes', label: 'Recipes', role: 'editor' },
  { id: 'categories', label: 'Categories', role: 'editor' },
  { id: 'users', label: 'Users', role: 'admin' },
  { id: 'messages', label: 'Messages', role: 'editor' },
  { id: 'rss', label: 'RSS Feeds', role: 'editor' },
  { id: 'ai', label: 'AI Content', role: 'editor' },
  // Subscribers, settings and sending are an admin's; editors preview through the API only for now.
  { id: 'newsletter', label: 'Newsletter', role: 'admin' },
] as const satisfies ReadonlyArray<{ id: string; label: string; role: StaffRole }>;
export type TabId = (typeof TABS)[number]['id'];

/** At least `needed`: roles are ranked, each allowed what the one before it is. */
export const roleAtLeast = (role: StaffRole | null | undefined, needed: StaffRole) =>
  role ? STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(needed) : false;

/** The tabs this user may use. */
export const tabsFor = (user: CurrentUser) => TABS.filter((t) => roleAtLeast(user.role, t.role));

/** The spec's eight tabs (§2), and the Newsletter (issue 30). The active one is ?tab= in the URL, so reloads and links keep it. */
export function Dashboard({ user }: { user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const tabs = tabsFor(user);
  // A ?tab= the role may not use opens the first one it may (every staff role has Articles).
  const active: TabId = tabs.find((t) => t.id === params.get('tab'))?.id ?? 'articles';
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const inbox = useInbox(roleAtLeast(user.role, 'editor'));
  const select = (id: TabId) =>
    setParams(
      () => {
        // A tab starts unfiltered: each list keeps its search and filters (?q=, ?sort=…) in the URL.
        const next = new URLSearchParams();
        if (id !== 'articles') next.set('tab', id);
        return next;
      },
      { replace: false },
    );
  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  function onKey(e: KeyboardEvent) {
    const i = tabs.findIndex((t) => t.id === active);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(i + step + tabs.length) % tabs.length]!;
    // A click on a tab asks through the leave guard; the keyboard way out asks here.
    if (!confirmLeave()) return;
    select(next.id);
    refs.current[next.id]?.focus();
  }
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      {/* Each tab says which it is (issue 41): "Articles - Admin | Bloom & Balance". */}
      <Seo title={`${TABS.find((t) => t.id === active)?.label} - Admin`} noindex />
      <h1 className="mb-6 font-serif text-3xl font-bold">Admin Dashboard - Manage your content and users</h1>
      {roleAtLeast(user.role, 'editor') && <AdminAlerts user={user} />}
      <div
        role="tablist"
        aria-label="Admin sections"
        className="mb-6 flex flex-wrap gap-1 rounded-lg bg-stone-100 p-1"
        onKeyDown={onKey}
      >
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={active === t.id}
            aria-controls={`panel-${t.id}`}
            aria-describedby={t.id === 'messages' && inbox.total ? 'inbox-count' : undefined}
            tabIndex={active === t.id ? 0 : -1}
            onClick={() => select(t.id)}
            className={`rounded-md px-3 py-2 text-sm font-medium ${active === t.id ? 'bg-white text-rose-800 shadow' : 'text-stone-700 hover:bg-white/60'}`}
          >
            {t.label}
            {t.id === 'messages' && inbox.total > 0 && (
              <span
                aria-hidden="true"
                data-testid="inbox-badge"
                className="ml-1.5 rounded-full bg-rose-700 px-1.5 py-0.5 text-xs font-semibold text-white"
              >
                {inbox.total}
              </span>
            )}
          </button>
        ))}
      </div>
      {inbox.total > 0 && (
        <span id="inbox-count" className="sr-only">
          {inboxDescription(inbox)}
        </span>
      )}
      <div role="tabpanel" id={`panel-${active}`} aria-labelledby={`tab-${active}`}>
        {active === 'articles' && <ArticlesTab />}
        {active === 'products' && <ProductsTab />}
        {active === 'recipes' && <RecipesTab />}
        {active === 'categories' && <CategoriesTab />}
        {active === 'users' && <UsersTab currentUserId={user.id} />}
        {active === 'messages' && <MessagesTab />}
        {active === 'rss' && <RssTab />}
        {active === 'ai' && <AiTab />}
        {active === 'newsletter' && <NewsletterTab />}
      </div>
    </section>
  );
}
