// Shared by build files (web/static.ts) and cached answers (lib/cache/cached-response.ts).
type Encoding = 'br' | 'gzip';

/**
 * The best encoding the client accepts among `offered` (br, then gzip, by default), else none
 * (q=0 means "not this one").
 */
export function pickEncoding(
  acceptEncoding: string | undefined,
  offered: readonly Encoding[] = ['br', 'gzip'],
): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (enc: string) => (accepted.get(enc) ?? accepted.get('*') ?? 0) > 0;
  return offered.find(ok) ?? null;
}
