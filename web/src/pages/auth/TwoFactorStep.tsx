import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Fetcher } from '../../lib/api';

const field = 'mt-1 w-full rounded-md border bg-white px-3 py-2 focus:border-brand-700';

/** How the code step ended when it did not sign in: back to the password, with why. */
export type CodeStepExit = { restart: string } | null;

/**
 * The sign-in's second step (issue 42 §4), after better-auth answered { twoFactorRedirect }: a code
 * from the authenticator app (6 digits) or one backup code, and optionally "trust this device"
 * (better-auth then skips this step on this browser for 30 days).
 */
export function TwoFactorStep({
  fetcher,
  onSignedIn,
  onRestart,
}: {
  fetcher: Fetcher;
  onSignedIn: () => void;
  /** The challenge ended (timed out, too many codes): sign in again, with this sentence. */
  onRestart: (why: string) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => input.current?.focus(), []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const raw = String(data.get('code') ?? '').trim();
    const digits = raw.replace(/\s/g, '');
    if (!raw) {
      setError('Enter the code from your app, or a backup code.');
      input.current?.focus();
      return;
    }
    // Six digits are the app's code; anything else is tried as a backup code ("abcde-12345").
    const totp = /^\d{6}$/.test(digits);
    setError(null);
    setPending(true);
    try {
      const res = await fetcher(`/api/auth/two-factor/${totp ? 'verify-totp' : 'verify-backup-code'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: totp ? digits : raw, trustDevice: data.get('trustDevice') === 'on' }),
      });
      if (res.ok) return onSignedIn();
      const body = (await res.json().catch(() => null)) as { code?: string } | null;
      const code = body?.code ?? '';
      if (code === 'INVALID_TWO_FACTOR_COOKIE')
        return onRestart('That sign-in took too long. Please sign in again.');
      if (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE')
        return onRestart('Too many wrong codes. Please sign in again.');
      if (res.status === 429 || code === 'ACCOUNT_TEMPORARILY_LOCKED')
        setError('Too many tries. Please wait a few minutes and try again.');
      else if (totp) setError('That code is not right. Check the app and try again.');
      else setError('That backup code is not right, or it was used already.');
      input.current?.select();
    } catch {
      setError('Could not reach the server. Please try again.');
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" onSubmit={onSubmit} className="mt-8 space-y-4" noValidate>
      <div>
        <label htmlFor={id} className="block text-sm font-medium">
          Code
        </label>
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          The 6-digit code from your authenticator app, or one of your backup codes.
        </p>
        <input
          ref={input}
          id={id}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={40}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          className={`${field} ${error ? 'border-red-600' : 'border-stone-300'}`}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="trustDevice" className="h-4 w-4" />
        Trust this device for 30 days
      </label>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-full bg-brand-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60"
      >
        {pending ? 'Please wait...' : 'Verify'}
      </button>
    </form>
  );
}
