// The one contact schema from @site/shared, loaded only when the form is used: zod stays out of
// the page's first JavaScript (budget: 120 KB gzip), the rules stay in one place.
export type FieldErrors = Partial<Record<string, string>>;

let loading: Promise<typeof import('./schema')> | null = null;
export const loadContactSchema = () => {
  loading ??= import('./schema');
  return loading;
};

/** Field → first message, from the shared schema (client) or the server's `issues` (400). */
export function issuesToFieldErrors(issues: ReadonlyArray<{ path: unknown; message: string }>): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = Array.isArray(issue.path) ? String(issue.path[0] ?? '') : String(issue.path ?? '');
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

export async function validateContact(data: Record<string, string>) {
  const { contactInput } = await loadContactSchema();
  const parsed = contactInput.safeParse(data);
  if (parsed.success) return { ok: true as const, data: parsed.data };
  return { ok: false as const, errors: issuesToFieldErrors(parsed.error.issues) };
}
