import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';

// The admin's own small controls, so the desktop can mount it without the public site's layout.

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
const variants: Record<Variant, string> = {
  primary: 'bg-rose-700 text-white hover:bg-rose-800',
  secondary: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-stone-700 hover:bg-stone-100',
};

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      type={type}
      className={`rounded-md px-3 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 ${variants[variant]} ${className}`}
      {...props}
    />
  );
}

const fieldClass =
  'mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-sm focus:border-rose-600 focus:outline-none';

function FieldShell({
  label,
  error,
  id,
  children,
}: {
  label: string;
  error?: string | undefined;
  id: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  label,
  error,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined }) {
  const id = useId();
  return (
    <FieldShell label={label} error={error} id={id}>
      <input
        id={id}
        className={fieldClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  error,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined }) {
  const id = useId();
  return (
    <FieldShell label={label} error={error} id={id}>
      <textarea
        id={id}
        className={fieldClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  options,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <FieldShell label={label} error={error} id={id}>
      <select id={id} className={fieldClass} aria-invalid={error ? true : undefined} {...props}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function Badge({
  children,
  tone = 'stone',
}: {
  children: ReactNode;
  tone?: 'stone' | 'rose' | 'green' | 'amber' | 'red';
}) {
  const tones = {
    red: 'bg-red-100 text-red-800',
    stone: 'bg-stone-100 text-stone-700',
    rose: 'bg-rose-100 text-rose-800',
    green: 'bg-green-100 text-green-800',
    amber: 'bg-amber-100 text-amber-900',
  };
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>
      {children}
    </span>
  );
}

export function Skeletons({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} data-testid="skeleton" className="mb-3 h-20 animate-pulse rounded-lg bg-stone-200" />
      ))}
    </div>
  );
}

export function Switch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-11 items-center rounded-full transition disabled:opacity-50 ${checked ? 'bg-rose-700' : 'bg-stone-300'}`}
    >
      <span
        className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
      />
    </button>
  );
}

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Where focus goes when the row a dialog was opened from is about to disappear (a confirmed delete):
 * the next row's first control, else the previous row's, so the keyboard stays in the list.
 */
export function focusNearOpener(opener: HTMLElement | null): HTMLElement | null {
  const row = opener?.closest('li, tr');
  for (const sibling of [row?.nextElementSibling, row?.previousElementSibling]) {
    const target = sibling?.querySelector<HTMLElement>(FOCUSABLE);
    if (target) return target;
  }
  return null;
}

/**
 * A modal dialog on the native <dialog> element (focus trap and Escape for free). When it closes,
 * focus returns to what opened it (issue 26: it fell to <body>, and the next Tab jumped to the footer,
 * past every row), or to what `returnFocus` names instead.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  role = 'dialog',
  returnFocus,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Asked on close with the element that opened the dialog; null or undefined: that element. */
  returnFocus?: (opener: HTMLElement | null) => HTMLElement | null | undefined;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const pickReturn = useRef(returnFocus);
  pickReturn.current = returnFocus;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!open || !el) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    if (!el.open) el.showModal?.() ?? el.setAttribute('open', '');
    return () => {
      // Closed before React removes it: a modal dialog left open keeps the page behind it inert, and
      // nothing there could take focus.
      if (el.open) el.close?.() ?? el.removeAttribute('open');
      const target = pickReturn.current?.(opener) ?? opener;
      if (target?.isConnected) target.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-full max-w-lg rounded-lg p-6 shadow-xl backdrop:bg-black/40"
    >
      <h2 id={titleId} className="mb-4 font-serif text-xl font-semibold">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/**
 * "Are you sure?" before anything that cannot be undone. Cancel and Escape return focus to the button
 * that asked; `removesRow` moves it to a neighbouring row once confirmed (that row is going away).
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel = 'Delete',
  onConfirm,
  onCancel,
  removesRow = false,
  focusAfterConfirm,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  removesRow?: boolean;
  /** Where focus goes once confirmed, when the asking button is about to go or be disabled. */
  focusAfterConfirm?: () => HTMLElement | null | undefined;
}) {
  const confirmed = useRef(false);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      role="alertdialog"
      returnFocus={(opener) => {
        const yes = confirmed.current;
        confirmed.current = false;
        if (!yes) return null;
        return focusAfterConfirm?.() ?? (removesRow ? focusNearOpener(opener) : null);
      }}
    >
      <p className="mb-6 text-stone-700">{body}</p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            confirmed.current = true;
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
