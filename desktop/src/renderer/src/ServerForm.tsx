import { type FormEvent, useState } from 'react';
import type { BloomBridge } from '../../shared/bridge';

/** Asks for the server address; main checks it is http(s) and answers /api/health before it is kept. */
export function ServerForm(props: {
  bridge: BloomBridge;
  initial: string;
  submitLabel: string;
  onSaved: (url: string) => void;
}) {
  const [value, setValue] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const res = await props.bridge.setServer(value);
    setBusy(false);
    if (res.ok) props.onSaved(res.value);
    else setError(res.message);
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <label className="block text-sm font-medium" htmlFor="server-url">
        Server address
      </label>
      <input
        id="server-url"
        type="url"
        inputMode="url"
        placeholder="https://bloom.example.com"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'server-error' : undefined}
        className="w-full rounded border border-stone-300 px-3 py-2"
      />
      {error && (
        <p id="server-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="rounded bg-brand-700 px-4 py-2 font-medium text-white disabled:opacity-60"
      >
        {busy ? 'Checking…' : props.submitLabel}
      </button>
    </form>
  );
}
