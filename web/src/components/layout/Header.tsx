import { avatarInitial } from '@site/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSite } from '../../lib/site';
import { useCurrentUser } from '../../lib/use-current-user';
import { MobileDrawer } from './MobileDrawer';
import { isActive, NAV_ITEMS, signInHref } from './nav';
import { SignOutButton } from './SignOutButton';

function AvatarMenu() {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  if (!user) return null;
  const item = 'block px-4 py-2 text-sm text-stone-700 hover:bg-stone-100';
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        onClick={() => setOpen((o) => !o)}
        className="flex h-9 w-9 items-center justify-center overflow-hidden rounded-full bg-brand-700 font-semibold text-white"
      >
        {user.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" width={36} height={36} className="h-9 w-9 object-cover" />
        ) : (
          <span data-testid="avatar">{avatarInitial(user)}</span>
        )}
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-40 mt-2 w-48 rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
        >
          <p className="truncate px-4 py-2 text-xs text-stone-500">{user.email}</p>
          <Link role="menuitem" to="/" className={item}>
            Home
          </Link>
          {user.role && (
            <Link role="menuitem" to="/admin" className={item}>
              Admin Dashboard
            </Link>
          )}
          <SignOutButton role="menuitem" className={`${item} w-full text-left`} />
        </div>
      )}
    </div>
  );
}

export function Header() {
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const { brand } = useSite();
  const [drawer, setDrawer] = useState(false);
  // A tap before hydration is held and pressed again once React listens (lib/early-input.ts).
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="font-serif text-xl font-bold text-brand-700">
          {brand}
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {NAV_ITEMS.map((n) => {
            const active = isActive(n.href, pathname);
            return (
              <li key={n.id}>
                <Link
                  to={n.href}
                  aria-current={active ? 'page' : undefined}
                  className={`rounded-full px-3 py-2 text-sm font-medium ${
                    active ? 'bg-brand-50 text-brand-700' : 'text-stone-700 hover:text-brand-700'
                  }`}
                >
                  {n.name}
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="flex items-center gap-2">
          {user ? (
            <AvatarMenu />
          ) : (
            <a
              href={signInHref(pathname)}
              className="whitespace-nowrap rounded-full bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 md:px-4"
            >
              Sign In
            </a>
          )}
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={drawer}
            aria-controls="mobile-drawer"
            onClick={() => setDrawer(true)}
            className="rounded-md p-2 text-stone-700 hover:bg-stone-100 md:hidden"
          >
            <svg
              width="24"
              height="24"
              viewBox="0 0 24 24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        </div>
      </nav>
      <MobileDrawer open={drawer} onClose={() => setDrawer(false)} />
    </header>
  );
}
