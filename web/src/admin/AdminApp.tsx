import type { CurrentUser } from '@site/shared';
import { DELAYS } from '@site/shared';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ToastProvider, useToast } from '../components/toast/toast';
import { type Fetcher, HttpError } from '../lib/api';
import { createQueryClient } from '../lib/query-client';
import { Seo } from '../lib/seo';
import { Link, useSearchParams } from 'react-router-dom';
import { AccountPage } from './account/AccountPage';
import { Dashboard } from './Dashboard';
import { StaffProvider } from './permissions';
import { PlatformContext, usePlatform } from './platform';
import { adminKeys } from './query-keys';

/**
 * The admin module's root. It brings its own query client and toasts so the desktop app can mount it
 * as is (inside its own router and PlatformContext); the web mounts it lazily at /admin.
 */
export function AdminApp() {
  return (
    <ToastProvider>
      <AdminSession />
    </ToastProvider>
  );
}

/** Every admin call goes through here: a 401 means the session ended, so sign in again (spec §8). */
function AdminSession() {
  const platform = usePlatform();
  const toast = useToast();
  const leaving = useRef(false);
  const [{ admin, client }] = useState(() => {
    const fetcher: Fetcher = async (path, init) => {
      const res = await platform.fetcher(path, init);
      if (res.status === 401 && !leaving.current) {
        leaving.current = true;
        toast({
          title: 'Unauthorized',
          description: 'You are logged out. Logging in again...',
          variant: 'destructive',
        });
        setTimeout(() => platform.signIn(), DELAYS.unauthorizedRedirectMs);
      }
      return res;
    };
    return { admin: { ...platform, fetcher }, client: createQueryClient(fetcher) };
  });
  return (
    <PlatformContext.Provider value={admin}>
      <QueryClientProvider client={client}>
        <AccessGate rawFetcher={platform.fetcher} />
      </QueryClientProvider>
    </PlatformContext.Provider>
  );
}

/**
 * The stricter reading (DESIGN.md §3): anonymous → sign in after 2 s; no staff role → home after 1.5 s.
 * Every staff role gets the dashboard, with the tabs it may use (Dashboard.tsx).
 */
function AccessGate({ rawFetcher: raw }: { rawFetcher: Fetcher }) {
  const platform = usePlatform();
  const [params] = useSearchParams();
  // The check itself uses the platform's own fetcher: an anonymous 401 here is not "logged out".
  const me = useQuery({
    queryKey: adminKeys.account.me,
    queryFn: async () => {
      const res = await raw('/api/auth/user');
      if (res.status === 401) return null;
      if (!res.ok) throw new HttpError(res.status, `${res.status}: ${await res.text()}`);
      return (await res.json()) as CurrentUser;
    },
  });
  const state = me.isLoading
    ? 'loading'
    : me.error
      ? 'error'
      : !me.data
        ? 'anonymous'
        : me.data.role
          ? 'staff'
          : 'denied';
  const toast = useToast();
  useEffect(() => {
    if (state === 'anonymous') {
      toast({
        title: 'Admin Access Required',
        description: 'Please log in to access the admin panel. Redirecting...',
        variant: 'destructive',
      });
      const t = setTimeout(platform.signIn, DELAYS.adminLoginRedirectMs);
      return () => clearTimeout(t);
    }
    if (state === 'denied') {
      const t = setTimeout(platform.goHome, DELAYS.adminCheckRedirectMs);
      return () => clearTimeout(t);
    }
  }, [state, platform, toast]);

  if (state === 'loading') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label="Loading">
        {/* The dashboard's tabs title themselves (Dashboard.tsx). */}
        <Seo title="Admin" noindex />
        <div className="h-10 w-10 animate-spin rounded-full border-4 border-rose-200 border-t-rose-700" />
      </div>
    );
  }
  if (state === 'error') {
    return (
      <Screen title="Something went wrong">
        <p role="alert">Error: {me.error?.message}</p>
      </Screen>
    );
  }
  if (state === 'anonymous') {
    return (
      <Screen title="Admin Login Required">
        <p>Please log in to access the admin panel. Redirecting...</p>
      </Screen>
    );
  }
  if (state === 'denied') {
    return (
      <Screen title="Access Denied">
        <p>You need a staff role to see this page. Taking you home…</p>
      </Screen>
    );
  }
  // Every control below knows who is signed in, and what their role may do (permissions.ts).
  const user = me.data!;
  // REQUIRE_2FA_ROLES names this role and two-step sign-in is off: the enrolment, not the tabs (the
  // server refuses every staff call until then: api/src/auth/policy.ts).
  if (user.twoFactorRequired && !user.twoFactorEnabled)
    return <AccountPage user={user} rawFetcher={raw} mustEnrol />;
  if (params.get('view') === 'account') return <AccountPage user={user} rawFetcher={raw} />;
  return (
    <StaffProvider value={user}>
      <nav aria-label="Your account" className="mx-auto flex max-w-6xl justify-end px-4 pt-4">
        <Link to="?view=account" className="text-sm font-medium text-rose-800 underline">
          Your account
        </Link>
      </nav>
      <Dashboard user={user} />
    </StaffProvider>
  );
}

function Screen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-md px-4 py-20 text-center">
      <Seo title={`${title} - Admin`} noindex />
      <h1 className="mb-4 font-serif text-3xl font-bold">{title}</h1>
      <div className="text-stone-600">{children}</div>
    </section>
  );
}
