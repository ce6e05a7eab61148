import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../../lib/use-current-user';
import { isActive, NAV_ITEMS, signInHref } from './nav';
import { SignOutButton } from './SignOutButton';

/** Keeps the page behind a modal still: no scroll, and no jump when the scrollbar disappears. */
function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const { overflow, paddingRight } = document.body.style;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = 'hidden';
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
    return () => {
      document.body.style.overflow = overflow;
      document.body.style.paddingRight = paddingRight;
    };
  }, [active]);
}

/**
 * Everything in <body> but the open menu becomes `inert` (issue 41 §6): aria-modal alone left the page
 * behind reachable to screen readers' browse mode and to clicks. Returns the undo, which leaves alone
 * what was inert before.
 */
function inertOutside(keep: HTMLElement): () => void {
  const made = Array.from(document.body.children).filter(
    (el): el is HTMLElement => el instanceof HTMLElement && el !== keep && !el.inert,
  );
  for (const el of made) el.inert = true;
  return () => {
    for (const el of made) el.inert = false;
  };
}

/**
 * Phone navigation: the same links plus Sign In or Sign Out; choosing a link closes it.
 * It is rendered into <body> through a portal: the sticky header has a backdrop filter, and a
 * filtered ancestor becomes the containing block of `position: fixed` children, which shrank the
 * drawer to the header's 64 px strip (issue 12).
 */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const panel = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // A new page closes the menu.
  useEffect(() => close.current(), [pathname]);
  useScrollLock(open);
  // A modal dialog: focus moves in, Tab cycles inside, Escape closes, focus returns to the toggle.
  useEffect(() => {
    if (!open) return;
    const returnTo = document.activeElement as HTMLElement | null;
    const restoreInert = root.current ? inertOutside(root.current) : () => undefined;
    const focusables = () =>
      Array.from(panel.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? []);
    focusables()[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') return close.current();
      if (e.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const inside = panel.current?.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // The page first, then focus: an inert button cannot take it.
      restoreInert();
      returnTo?.focus?.();
    };
  }, [open]);
  // Closed on the server and on first paint, so the portal target (document.body) always exists here.
  if (!open) return null;
  const cls = 'block rounded-lg px-4 py-3 text-base font-medium';
  return createPortal(
    <div ref={root} className="fixed inset-0 z-50 md:hidden">
      <button
        type="button"
        aria-label="Close menu"
        tabIndex={-1}
        className="absolute inset-0 h-full w-full cursor-default bg-black/40"
        onClick={onClose}
      />
      <div
        id="mobile-drawer"
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="absolute inset-y-0 right-0 flex w-72 max-w-[85vw] flex-col gap-1 overflow-y-auto overscroll-contain bg-white p-4 shadow-xl"
      >
        <button
          type="button"
          onClick={onClose}
          className="mb-2 self-end rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100"
        >
          Close
        </button>
        {NAV_ITEMS.map((n) => (
          <Link
            key={n.id}
            to={n.href}
            onClick={onClose}
            aria-current={isActive(n.href, pathname) ? 'page' : undefined}
            className={`${cls} ${isActive(n.href, pathname) ? 'bg-brand-50 text-brand-700' : 'text-stone-800 hover:bg-stone-100'}`}
          >
            {n.name}
          </Link>
        ))}
        <div className="mt-4 border-t border-stone-200 pt-4">
          {user ? (
            <SignOutButton className={`${cls} w-full text-left text-stone-800 hover:bg-stone-100`} />
          ) : (
            <a href={signInHref(pathname)} className={`${cls} bg-brand-700 text-center text-white`}>
              Sign In
            </a>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
