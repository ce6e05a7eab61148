import type { Booted } from '../api/src/bootstrap';
import { SEARCH_TERMS } from './search-plan';

export interface AdminSearchTiming {
  p50: number;
  p95: number;
  p99: number;
  n: number;
  /** Matches of the first request, as X-Total-Count reports them. */
  sampleTotal: number;
  /** Each request in order: its term, filters, time and X-Total-Count (with + when capped). */
  each: Array<{ term: string; shape: string; ms: number; total: string }>;
}

/** Every request differs (term × filters × sort), so each is cold: admin lists are never cached. */
const SHAPES = [
  '',
  '&status=published',
  '&status=draft&sort=updated',
  '&category=wellness',
  '&origin=editor&sort=title',
  '&status=all&sort=updated',
];

/** A new admin's session cookie (sign-ups are rate-limited: reuse it for several rounds). */
export async function benchAdminCookie(booted: Booted, siteUrl: string): Promise<string> {
  const origin = new URL(siteUrl).origin;
  const email = `bench-admin-${Date.now()}@example.com`;
  const signUp = await booted.app.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: 'bench-password-123', name: 'Bench Admin' }),
  });
  if (!signUp.ok) throw new Error(`bench admin sign-up failed: ${signUp.status} ${await signUp.text()}`);
  // The address is ours (no quotes in it); bench/ reaches the database through the app's handle only.
  await booted.deps.db.execute(`update "user" set is_admin = true where email = '${email}'`);
  // Sign-up no longer signs in (issue 27 §3): sign in as the site's page does right after it.
  const signIn = await booted.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: 'bench-password-123' }),
  });
  if (!signIn.ok) throw new Error(`bench admin sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * GET /api/admin/content?q=… through the real app (auth, validation, search, count, JSON) as a
 * signed-in admin, one request at a time: the admin search budget is p95 < 50 ms at 100,000 articles.
 */
export async function timeAdminSearch(
  booted: Booted,
  siteUrl: string,
  cookie?: string,
): Promise<AdminSearchTiming> {
  cookie ??= await benchAdminCookie(booted, siteUrl);
  const times: number[] = [];
  const each: AdminSearchTiming['each'] = [];
  let sampleTotal = -1;
  for (const shape of SHAPES) {
    for (const term of SEARCH_TERMS) {
      const t = performance.now();
      const res = await booted.app.request(`/api/admin/content?q=${encodeURIComponent(term)}${shape}`, {
        headers: { cookie },
      });
      await res.arrayBuffer();
      const ms = performance.now() - t;
      times.push(ms);
      if (res.status !== 200) throw new Error(`admin search answered ${res.status}`);
      const capped = res.headers.get('x-total-count-capped') ? '+' : '';
      each.push({ term, shape, ms, total: `${res.headers.get('x-total-count')}${capped}` });
      if (sampleTotal < 0) sampleTotal = Number(res.headers.get('x-total-count'));
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0;
  return { p50: at(50), p95: at(95), p99: at(99), n: times.length, sampleTotal, each };
}
