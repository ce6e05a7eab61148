import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { Fetcher } from '../../lib/api';
import { Button, TextField } from '../ui';
import { BackupCodes } from './BackupCodes';
import {
  authenticatorUri,
  manualSecret,
  qrCodeDataUrl,
  TwoFactorError,
  twoFactorCall,
} from './two-factor-api';

type Purpose = 'enable' | 'disable' | 'codes';
type Step =
  | { kind: 'idle' }
  | { kind: 'password'; purpose: Purpose }
  | { kind: 'scan'; uri: string; backupCodes: string[] }
  | { kind: 'codes'; codes: string[]; turnedOn: boolean };

const PASSWORD_TITLE: Record<Purpose, string> = {
  enable: 'Confirm your password to turn on two-step sign-in',
  disable: 'Confirm your password to turn off two-step sign-in',
  codes: 'Confirm your password to get new backup codes',
};

/**
 * Two-step sign-in (issue 42 §4): password → QR code (and the key as text) → a code from the app →
 * backup codes, shown once. Also off (password) and new backup codes (password).
 */
export function TwoStepSection({
  enabled,
  fetcher,
  onChanged,
}: {
  enabled: boolean;
  fetcher: Fetcher;
  /** After it was turned on or off: the page reads the account again. */
  onChanged: () => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState('');
  const title = useRef<HTMLHeadingElement>(null);
  // Back from a step (cancelled, done, turned off): focus returns to the section, not to the page's top.
  const stepped = useRef(false);
  useEffect(() => {
    if (step.kind !== 'idle') stepped.current = true;
    else if (stepped.current) title.current?.focus();
  }, [step.kind]);

  async function run(work: () => Promise<void>) {
    setError(null);
    setPending(true);
    try {
      await work();
    } catch (e) {
      setError(e instanceof TwoFactorError ? e.message : 'Something went wrong. Please try again.');
    } finally {
      setPending(false);
    }
  }
  const cancel = () => {
    setError(null);
    setStep({ kind: 'idle' });
  };

  async function onPassword(purpose: Purpose, password: string) {
    await run(async () => {
      if (purpose === 'enable') {
        const r = await twoFactorCall<{ totpURI: string; backupCodes: string[] }>(
          fetcher,
          'two-factor/enable',
          {
            password,
          },
        );
        setStep({ kind: 'scan', uri: authenticatorUri(r.totpURI), backupCodes: r.backupCodes });
      } else if (purpose === 'codes') {
        const r = await twoFactorCall<{ backupCodes: string[] }>(
          fetcher,
          'two-factor/generate-backup-codes',
          {
            password,
          },
        );
        setStep({ kind: 'codes', codes: r.backupCodes, turnedOn: false });
      } else {
        await twoFactorCall(fetcher, 'two-factor/disable', { password });
        setStep({ kind: 'idle' });
        setNotice('Two-step sign-in is off.');
        onChanged();
      }
    });
  }

  async function onCode(code: string, backupCodes: string[]) {
    await run(async () => {
      await twoFactorCall(fetcher, 'two-factor/verify-totp', { code });
      setStep({ kind: 'codes', codes: backupCodes, turnedOn: true });
    });
  }

  let body: ReactNode;
  if (step.kind === 'password') {
    body = (
      <PasswordStep
        title={PASSWORD_TITLE[step.purpose]}
        submitLabel={step.purpose === 'disable' ? 'Turn off' : 'Continue'}
        pending={pending}
        error={error}
        onSubmit={(password) => onPassword(step.purpose, password)}
        onCancel={cancel}
      />
    );
  } else if (step.kind === 'scan') {
    body = (
      <ScanStep
        uri={step.uri}
        pending={pending}
        error={error}
        onSubmit={(code) => onCode(code, step.backupCodes)}
        onCancel={cancel}
      />
    );
  } else if (step.kind === 'codes') {
    body = (
      <BackupCodes
        codes={step.codes}
        onDone={() => {
          setStep({ kind: 'idle' });
          if (step.turnedOn) {
            setNotice('Two-step sign-in is on.');
            onChanged();
          } else setNotice('Your new backup codes are ready. The old ones no longer work.');
        }}
      />
    );
  } else {
    body = enabled ? (
      <div className="space-y-3">
        <p className="text-stone-700">
          Two-step sign-in is <strong>on</strong>. Signing in asks for a code from your authenticator app as
          well as your password.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setStep({ kind: 'password', purpose: 'codes' })}>
            New backup codes
          </Button>
          <Button variant="danger" onClick={() => setStep({ kind: 'password', purpose: 'disable' })}>
            Turn off two-step sign-in
          </Button>
        </div>
      </div>
    ) : (
      <div className="space-y-3">
        <p className="text-stone-700">
          Two-step sign-in is <strong>off</strong>. Turn it on and signing in will also ask for a 6-digit code
          from an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator
          or 1Password).
        </p>
        <Button onClick={() => setStep({ kind: 'password', purpose: 'enable' })}>
          Turn on two-step sign-in
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-labelledby="two-step-title"
      className="rounded-lg border border-stone-200 bg-white p-4 sm:p-6"
    >
      <h2 ref={title} tabIndex={-1} id="two-step-title" className="mb-3 font-serif text-xl font-semibold">
        Two-step sign-in
      </h2>
      {body}
      <p role="status" className="mt-3 text-sm text-green-800">
        {step.kind === 'idle' ? notice : ''}
      </p>
    </section>
  );
}

/** Puts focus on the step's first field when the step appears. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function StepError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

function PasswordStep({
  title,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  title: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const field = () => form.current?.querySelector<HTMLInputElement>('input[name="password"]');
  useEffect(() => field()?.focus(), []);
  return (
    <form
      ref={form}
      className="max-w-sm space-y-3"
      noValidate
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        const password = String(new FormData(e.currentTarget).get('password') ?? '');
        if (password) onSubmit(password);
        else field()?.focus();
      }}
    >
      <p className="text-sm text-stone-700">{title}.</p>
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <StepError error={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Please wait…' : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ScanStep({
  uri,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  uri: string;
  pending: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const [qr, setQr] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | undefined>();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  useEffect(() => {
    let live = true;
    qrCodeDataUrl(uri)
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(''));
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className="space-y-4">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-stone-900">
        Scan this QR code with your authenticator app
      </h3>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="h-48 w-48 shrink-0 rounded-md border border-stone-200 bg-white">
          {qr ? (
            <img src={qr} width={192} height={192} alt="QR code for your authenticator app" />
          ) : qr === '' ? (
            <p className="p-3 text-sm text-stone-700">
              The QR code could not be drawn. Enter the key by hand.
            </p>
          ) : null}
        </div>
        <div className="min-w-0 space-y-2 text-sm text-stone-700">
          <p>Cannot scan it? Add an account in the app by hand, choose a time-based key and enter:</p>
          <p>
            <span className="block font-medium text-stone-900">Key</span>
            <code data-testid="totp-secret" className="break-all font-mono text-stone-900">
              {manualSecret(uri)}
            </code>
          </p>
        </div>
      </div>
      <form
        className="max-w-sm space-y-3"
        noValidate
        onSubmit={(e: FormEvent<HTMLFormElement>) => {
          e.preventDefault();
          const code = String(new FormData(e.currentTarget).get('code') ?? '').replace(/\s/g, '');
          if (!/^\d{6}$/.test(code)) {
            setCodeError('Enter the 6-digit code the app shows.');
            return;
          }
          setCodeError(undefined);
          onSubmit(code);
        }}
      >
        <TextField
          label="6-digit code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          error={codeError}
          required
        />
        <StepError error={error} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? 'Please wait…' : 'Turn on'}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
