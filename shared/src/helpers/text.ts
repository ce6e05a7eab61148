/** URL slug: lower-case ASCII words joined by hyphens. */
export function slugify(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

/** Estimated read time in whole minutes (200 words a minute, at least 1), ignoring markup. */
export function readTimeMinutes(content: string): number {
  const words = content
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

/**
 * Words in a body, counted as readTimeMinutes counts them (helpers.test.ts holds the two together):
 * the editor's counter. Apart from readTimeMinutes so the public pages, which use only that, do not
 * carry it.
 */
export function wordCount(content: string): number {
  return content
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
}

/** "a, b , ,c" → ["a","b","c"] */
export function splitTags(input: string): string[] {
  return input
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** One entry per non-blank line, trimmed. */
export function splitLines(input: string): string[] {
  return input
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Integer from a form field, or null when empty or invalid (spec §5 recipe form). */
export function parseIntOrNull(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined || input === '') return null;
  const n = typeof input === 'number' ? input : Number.parseInt(String(input).trim(), 10);
  return Number.isInteger(n) ? n : null;
}

/** Avatar letter: first letter of firstName, else of email, else "U". */
export function avatarInitial(
  user: { firstName?: string | null; email?: string | null } | null | undefined,
): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || '';
  return (source[0] ?? 'U').toUpperCase();
}
