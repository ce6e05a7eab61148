import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type AppState, type BloomBridge, SESSION_ONLY_WARNING } from '../../shared/bridge';

/** Email and password sign-in against the chosen server (better-auth). */
export function SignIn(props: {
  bridge: BloomBridge;
  state: AppState;
  notice: string | null;
  onSignedIn: (s: AppState) => void;
  onChangeServer: () => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const codeStep = Boolean(props.state.twoFactorPending);
  const codeField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (codeStep) codeField.current?.focus();
  }, [codeStep]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const res = await props.bridge.signIn(email, password);
    setBusy(false);
    if (res.ok) {
      setPassword('');
      props.onSignedIn(res.value);
    } else setError(res.message);
  };
  // Two-step sign-in: main holds the server's challenge; the code goes there, never a token here.
  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError('Enter the code from your app, or a backup code.');
      return;
    }
    setBusy(true);
    setError(null);
    const res = await props.bridge.verifyTwoFactor(code);
    setBusy(false);
    if (res.ok) return props.onSignedIn(res.value);
    setError(res.message);
    setCode('');
    // A spent challenge (too slow, too many codes) sends main back to the password step.
    const now = await props.bridge.getState();
    if (!now.twoFactorPending) props.onSignedIn(now);
    else codeField.current?.focus();
  };
  if (codeStep) {
    return (
      <section className="mx-auto mt-16 max-w-sm rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
        <h1 className="font-serif text-2xl font-bold">Two-step sign-in</h1>
        <p className="mt-1 text-sm text-stone-600">
          Your password was right. Enter the 6-digit code from your authenticator app, or one of your backup
          codes.
        </p>
        <form onSubmit={verify} className="mt-4 space-y-3" noValidate>
          <label className="block text-sm font-medium" htmlFor="code">
            Code
          </label>
          <input
            ref={codeField}
            id="code"
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={40}
            value={code}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setCode(e.target.value)}
            className="w-full rounded border border-stone-300 px-3 py-2"
          />
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded bg-brand-700 px-4 py-2 font-medium text-white disabled:opacity-60"
          >
            {busy ? 'Checking…' : 'Verify'}
          </button>
        </form>
        <p className="mt-4 text-center text-sm">
          <button
            type="button"
            className="underline"
            onClick={async () => {
              setError(null);
              props.onSignedIn(await props.bridge.signOut());
            }}
          >
            Sign in with another account
          </button>
        </p>
      </section>
    );
  }
  return (
    <section className="mx-auto mt-16 max-w-sm rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
      <h1 className="font-serif text-2xl font-bold">Sign in</h1>
      <p className="mt-1 text-sm text-stone-600">
        to <span className="font-medium">{props.state.serverUrl}</span>{' '}
        <button type="button" className="underline" onClick={props.onChangeServer}>
          Change
        </button>
      </p>
      {props.notice && (
        <p role="status" className="mt-3 text-sm text-stone-700">
          {props.notice}
        </p>
      )}
      {props.state.tokenStorage === 'session' && (
        <p className="mt-3 text-sm text-amber-800">{SESSION_ONLY_WARNING}</p>
      )}
      <form onSubmit={submit} className="mt-4 space-y-3">
        <label className="block text-sm font-medium" htmlFor="email">
          Email
        </label>
        <input
          id="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="w-full rounded border border-stone-300 px-3 py-2"
        />
        <label className="block text-sm font-medium" htmlFor="password">
          Password
        </label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className="w-full rounded border border-stone-300 px-3 py-2"
        />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded bg-brand-700 px-4 py-2 font-medium text-white disabled:opacity-60"
        >
          {busy ? 'Signing in…' : 'Sign In'}
        </button>
      </form>
    </section>
  );
}
