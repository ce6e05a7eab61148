/** An ILIKE pattern matching text that contains `q` literally (%, _ and \ in it are not wildcards). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
