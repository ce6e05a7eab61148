import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { FieldErrors } from '../../lib/field-errors';

const field = 'mt-1 w-full rounded-md border bg-white px-3 py-2 focus:border-brand-700';

/** The account forms' submit button (sign-in, sign-up, an invitation). */
export const submitClass =
  'w-full rounded-full bg-brand-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60';

/** A labelled input with its error beside it (issue 26: sign-up showed one error at a time, under the password). */
export function Field({
  label,
  name,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error: string | undefined }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${field} ${error ? 'border-red-600' : 'border-stone-300'}`}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** First and last name side by side: a new account's names. */
export function NameFields({ errors }: { errors: FieldErrors }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field
        label="First name"
        name="firstName"
        autoComplete="given-name"
        required
        error={errors.firstName}
      />
      <Field label="Last name" name="lastName" autoComplete="family-name" error={errors.lastName} />
    </div>
  );
}

/** A form's refusal that names no one field, read out when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}
