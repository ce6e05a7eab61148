import { type AppState, type BloomBridge, SESSION_ONLY_WARNING } from '../../shared/bridge';
import { ServerForm } from './ServerForm';

export function Settings(props: {
  bridge: BloomBridge;
  state: AppState;
  onServerChanged: (url: string) => void;
  onSignOut: () => void;
  onClose: () => void;
}) {
  return (
    <section className="mx-auto mt-10 max-w-lg space-y-6 rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
      <h1 className="font-serif text-2xl font-bold">Settings</h1>
      <ServerForm
        bridge={props.bridge}
        initial={props.state.serverUrl ?? ''}
        submitLabel="Save server address"
        onSaved={props.onServerChanged}
      />
      <div className="space-y-2 border-t border-stone-200 pt-4">
        <h2 className="font-semibold">Sign-in</h2>
        <p className="text-sm text-stone-700">
          {props.state.tokenStorage === 'secure'
            ? 'Your sign-in is kept encrypted by your system key store.'
            : SESSION_ONLY_WARNING}
        </p>
        {props.state.signedIn && (
          <button type="button" className="rounded border px-3 py-1.5" onClick={props.onSignOut}>
            Sign Out
          </button>
        )}
      </div>
      <button type="button" className="underline" onClick={props.onClose}>
        Back
      </button>
    </section>
  );
}
