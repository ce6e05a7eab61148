import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

export const CSP_REPORT_PATH = '/api/csp-report';
/** Name of the Reporting API endpoint (the Reporting-Endpoints header), used by `report-to`. */
export const CSP_REPORT_GROUP = 'csp';

/** 128 random bits, base64: a new one for every HTML response. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The policy of every HTML page (DESIGN.md §7, docs/security.md):
 * - scripts only from this origin, or inline with this response's nonce; never unsafe-inline/eval.
 *   The page's bootstrap data and JSON-LD are `<script type="application/…json">` data blocks, which
 *   browsers do not run, so cached pages need no nonce inside them;
 * - styles from this origin only: the build ships one CSS file and no markup carries style attributes;
 * - images also from data: and any https: host, because imported articles and products point at the
 *   images of the sites they came from, which are not known in advance;
 * - no plugins, no <base>, no framing, forms post only here; violations are reported.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ].join('; ');
}

export const isHtml = (contentType: string | null) => /^text\/html\b/i.test(contentType ?? '');

/** Puts the policy on every HTML response, with a fresh nonce each time. Outer middleware, so cached pages get it too. */
export const cspHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  // JSON, images and the rest carry no policy: no random bytes for them (most cache hits are JSON).
  if (!isHtml(c.res.headers.get('content-type'))) return;
  c.res.headers.set('content-security-policy', contentSecurityPolicy(newNonce()));
  c.res.headers.set('reporting-endpoints', `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`);
};
