/** Field name → the message shown beside that field. */
export type FieldErrors = Partial<Record<string, string>>;

/** Field → first message, from a shared zod schema (client) or the server's `issues` (400). */
export function issuesToFieldErrors(issues: ReadonlyArray<{ path: unknown; message: string }>): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = Array.isArray(issue.path) ? String(issue.path[0] ?? '') : String(issue.path ?? '');
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}
