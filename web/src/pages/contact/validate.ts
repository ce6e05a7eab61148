import { issuesToFieldErrors } from '../../lib/field-errors';

export { type FieldErrors, issuesToFieldErrors } from '../../lib/field-errors';

// The one contact schema from @site/shared, loaded only when the form is used: zod stays out of
// the page's first JavaScript (budget: 120 KB gzip), the rules stay in one place.
let loading: Promise<typeof import('./schema')> | null = null;
export const loadContactSchema = () => {
  loading ??= import('./schema');
  return loading;
};

export async function validateContact(data: Record<string, string>) {
  const { contactInput } = await loadContactSchema();
  const parsed = contactInput.safeParse(data);
  if (parsed.success) return { ok: true as const, data: parsed.data };
  return { ok: false as const, errors: issuesToFieldErrors(parsed.error.issues) };
}
