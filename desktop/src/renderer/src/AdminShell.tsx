import { QueryClientProvider } from '@tanstack/react-query';
import { AdminApp, type AdminPlatform, PlatformContext } from '@site/web/admin';
import { FetcherContext } from '@site/web/fetcher-context';
import { createQueryClient } from '@site/web/query-client';
import { type ToastInput, ToastProvider, useToast } from '@site/web/toast';
import { type MutableRefObject, type ReactNode, useEffect, useMemo } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AccessDenied } from './AccessDenied';
import { useSessionUser } from './use-session-user';

/** The web app's providers around the shared admin module, wired to the desktop platform. */
export function AdminShell(props: {
  platform: AdminPlatform;
  header: (email: string | null) => ReactNode;
  onSessionEnded: () => void;
  onSignOut: () => void;
  /** Filled with the admin UI's toast, so refusals from main look like the web's. */
  toastRef: MutableRefObject<((t: ToastInput) => void) | null>;
}) {
  const queryClient = useMemo(() => createQueryClient(props.platform.fetcher), [props.platform]);
  return (
    <FetcherContext.Provider value={props.platform.fetcher}>
      <QueryClientProvider client={queryClient}>
        <PlatformContext.Provider value={props.platform}>
          <ToastProvider>
            <ToastBridge toastRef={props.toastRef} />
            <MemoryRouter initialEntries={['/admin']}>
              <Gate {...props} />
            </MemoryRouter>
          </ToastProvider>
        </PlatformContext.Provider>
      </QueryClientProvider>
    </FetcherContext.Provider>
  );
}

function Gate(props: {
  header: (email: string | null) => ReactNode;
  onSessionEnded: () => void;
  onSignOut: () => void;
}) {
  const { user, status } = useSessionUser(props.onSessionEnded);
  if (status === 'loading') {
    return (
      <p role="status" className="p-8 text-stone-600">
        Checking your access…
      </p>
    );
  }
  if (status === 'error') {
    return (
      <p role="alert" className="p-8 text-red-700">
        Could not reach the server. Check the address in Settings.
      </p>
    );
  }
  return (
    <>
      {props.header(user?.email ?? null)}
      {user?.role ? <AdminApp /> : <AccessDenied email={user?.email ?? null} onSignOut={props.onSignOut} />}
    </>
  );
}

function ToastBridge({ toastRef }: { toastRef: MutableRefObject<((t: ToastInput) => void) | null> }) {
  const toast = useToast();
  useEffect(() => {
    toastRef.current = toast;
    return () => {
      toastRef.current = null;
    };
  }, [toast, toastRef]);
  return null;
}
