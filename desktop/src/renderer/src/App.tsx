import { DELAYS } from '@site/shared';
import type { ToastInput } from '@site/web/toast';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AppState, BloomBridge } from '../../shared/bridge';
import { AdminShell } from './AdminShell';
import { installDropGate } from './drop-gate';
import { desktopPlatform, PickError } from './platform';
import { ServerForm } from './ServerForm';
import { Settings } from './Settings';
import { SignIn } from './SignIn';
import { selectTab } from './tabs';

type View = 'main' | 'settings' | 'change-server';

/** First start asks for the server, then sign-in, then the shared admin UI; settings on demand. */
export function App({ bridge }: { bridge: BloomBridge }) {
  const [state, setState] = useState<AppState | null>(null);
  const [view, setView] = useState<View>('main');
  const [notice, setNotice] = useState<string | null>(null);
  const [dropError, setDropError] = useState<string | null>(null);

  const toastRef = useRef<((t: ToastInput) => void) | null>(null);
  // Main refused a picked or dropped file: the admin's toast when it is on screen, else a banner.
  const refuse = useCallback((e: PickError) => {
    if (toastRef.current)
      toastRef.current({ title: e.title, description: e.description, variant: 'destructive' });
    else setDropError(e.message);
  }, []);

  useEffect(() => installDropGate(bridge, (message) => refuse(new PickError(message))), [bridge, refuse]);
  useEffect(() => {
    if (!dropError) return;
    const t = setTimeout(() => setDropError(null), DELAYS.toastMs);
    return () => clearTimeout(t);
  }, [dropError]);

  useEffect(() => {
    void bridge.getState().then(setState);
  }, [bridge]);

  const signOut = useCallback(async () => {
    setState(await bridge.signOut());
    setNotice('You have signed out.');
    setView('main');
  }, [bridge]);

  const sessionEnded = useCallback(async () => {
    setState(await bridge.signOut());
    setNotice('Your session has ended. Please sign in again.');
  }, [bridge]);

  useEffect(() => {
    const offs = [
      bridge.onMenuTab((tab) => selectTab(tab)),
      bridge.onMenuSettings(() => setView('settings')),
      bridge.onMenuSignOut(() => void signOut()),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [bridge, signOut]);

  // A new platform (and so a fresh query cache) per server and sign-in.
  const serverUrl = state?.serverUrl ?? null;
  const signedIn = state?.signedIn ?? false;
  const platform = useMemo(
    () =>
      serverUrl && signedIn
        ? desktopPlatform(bridge, serverUrl, {
            signIn: () => void signOut(),
            goHome: () => void signOut(),
            refuse,
          })
        : null,
    [bridge, serverUrl, signedIn, signOut, refuse],
  );

  const refresh = async () => setState(await bridge.getState());

  if (!state) return null;

  if (view === 'settings') {
    return (
      <Settings
        bridge={bridge}
        state={state}
        onServerChanged={() => void refresh().then(() => setNotice('Server address saved.'))}
        onSignOut={() => void signOut()}
        onClose={() => setView('main')}
      />
    );
  }

  if (!state.serverUrl || view === 'change-server') {
    return (
      <section className="mx-auto mt-16 max-w-md rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
        <h1 className="font-serif text-2xl font-bold">Connect to your site</h1>
        <p className="mt-1 mb-4 text-sm text-stone-600">
          Enter the address of your Bloom &amp; Balance server.
        </p>
        <ServerForm
          bridge={bridge}
          initial={state.serverUrl ?? ''}
          submitLabel="Connect"
          onSaved={() => {
            setView('main');
            void refresh();
          }}
        />
      </section>
    );
  }

  if (!platform) {
    return (
      <SignIn
        bridge={bridge}
        state={state}
        notice={notice}
        onSignedIn={(s) => {
          setNotice(null);
          setState(s);
        }}
        onChangeServer={() => setView('change-server')}
      />
    );
  }

  return (
    <>
      {dropError && (
        <p role="alert" className="bg-red-700 px-4 py-2 text-sm text-white">
          {dropError}
        </p>
      )}
      <AdminShell
        platform={platform}
        toastRef={toastRef}
        onSessionEnded={() => void sessionEnded()}
        onSignOut={() => void signOut()}
        header={(email) => (
          <header className="flex items-center gap-4 border-b border-stone-200 bg-white px-4 py-2 text-sm">
            <span className="font-serif font-bold">Bloom &amp; Balance Admin</span>
            <span className="text-stone-500">{new URL(state.serverUrl ?? '').host}</span>
            <span className="ml-auto text-stone-700">{email}</span>
            <button type="button" className="underline" onClick={() => setView('settings')}>
              Settings
            </button>
            <button type="button" className="underline" onClick={() => void signOut()}>
              Sign Out
            </button>
          </header>
        )}
      />
    </>
  );
}
