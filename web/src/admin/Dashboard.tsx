import type { CurrentUser } from '@site/shared';
import { type KeyboardEvent, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Seo } from '../lib/seo';
import { AiTab } from './ai/AiTab';
import { AdminAlerts } from './alerts/AdminAlerts';
import { ArticlesTab } from './articles/ArticlesTab';
import { AuditTab } from './audit/AuditTab';
import { CategoriesTab } from './categories/CategoriesTab';
import { confirmLeave } from './list/use-leave-guard';
import { inboxDescription, useInbox } from './messages/inbox';
import { MessagesTab } from './messages/MessagesTab';
import { NewsletterTab } from './newsletter/NewsletterTab';
import { type Action, allowed } from './permissions';
import { ProductsTab } from './products/ProductsTab';
import { RecipesTab } from './recipes/RecipesTab';
import { RssTab } from './rss/RssTab';
import { UsersTab } from './users/UsersTab';

/** Each tab with the permission its calls need (permissions.ts, the server's api/src/auth/policy.ts). */
export const TABS = [
  { id: 'articles', label: 'Articles', action: 'article.read' },
  { id: 'products', label: 'Products', action: 'catalog.manage' },
  { id: 'recipes', label: 'Recipes', action: 'catalog.manage' },
  { id: 'categories', label: 'Categories', action: 'catalog.manage' },
  { id: 'users', label: 'Users', action: 'users.manage' },
  { id: 'messages', label: 'Messages', action: 'messages.manage' },
  { id: 'rss', label: 'RSS Feeds', action: 'rss.manage' },
  { id: 'ai', label: 'AI Content', action: 'ai.use' },
  // Editors get the preview, test mails and the issues; sending, subscribers, settings and sponsors are an admin's.
  { id: 'newsletter', label: 'Newsletter', action: 'newsletter.draft' },
  { id: 'audit', label: 'Audit', action: 'audit.view' },
] as const satisfies ReadonlyArray<{ id: string; label: string; action: Action }>;
export type TabId = (typeof TABS)[number]['id'];

/** The tabs this user may use. */
export const tabsFor = (user: CurrentUser) => TABS.filter((t) => allowed(user.role, t.action));

/** The spec's eight tabs (§2), the Newsletter (issue 30) and the Audit log (issue 42). The active one is ?tab= in the URL, so reloads and links keep it. */
export function Dashboard({ user }: { user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const tabs = tabsFor(user);
  // A ?tab= the role may not use opens the first one it may (every staff role has Articles).
  const active: TabId = tabs.find((t) => t.id === params.get('tab'))?.id ?? 'articles';
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const inbox = useInbox(allowed(user.role, 'messages.manage'));
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
      {allowed(user.role, 'alerts') && <AdminAlerts user={user} />}
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
        {active === 'audit' && <AuditTab />}
      </div>
    </section>
  );
}
