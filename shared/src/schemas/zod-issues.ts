/** A safeParse result's issues as `path: message` lines (none when it succeeded): what schema tests compare. */
export const issueLines = (r: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}): string[] => (r.success ? [] : (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`));
