import { DELAYS } from '@site/shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Seo } from '../../../lib/seo';
import { loginHref } from '../queries';

/**
 * The one way these pages leave for sign-in; tests replace `go`. It replaces this history entry
 * (issue 41): Back from the sign-in page returns to the list the reader came from, not to this page,
 * which would only send them to sign-in again.
 */
export const browserNav = { go: (url: string) => window.location.replace(url) };

/** Spec §2/§4: signed-out readers of product and recipe detail see "Login Required" and go to sign-in. */
export function LoginRequired({ what }: { what: string }) {
  const { pathname, search } = useLocation();
  const href = loginHref(pathname + search);
  useEffect(() => {
    const timer = setTimeout(() => browserNav.go(href), DELAYS.unauthorizedRedirectMs);
    return () => clearTimeout(timer);
  }, [href]);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <Seo title="Login Required" description={`Sign in to view this ${what}.`} noindex />
      <h1 className="font-serif text-3xl font-bold">Login Required</h1>
      <p className="mt-4 text-stone-600">Please sign in to view this {what}. Redirecting you to sign in…</p>
      <a
        href={href}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          browserNav.go(href);
        }}
        className="mt-8 inline-block rounded-full bg-brand-700 px-5 py-2 font-semibold text-white"
      >
        Sign In
      </a>
    </section>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex justify-center py-24" role="status" aria-label={label}>
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" />
    </div>
  );
}
