/** What we log of one violation: enough to find the page and the directive, nothing a visitor typed. */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source?: string;
}

export const CSP_REPORT_TYPES = ['application/csp-report', 'application/reports+json', 'application/json'];

const field = (v: unknown, max = 300) => (typeof v === 'string' ? v.slice(0, max) : '');

/**
 * Reads the two report formats browsers send: report-uri's `{ "csp-report": {…} }`
 * (application/csp-report) and the Reporting API's `[{ type: "csp-violation", body: {…} }]`
 * (application/reports+json). Anything else is null (400).
 */
export function parseCspReports(body: unknown): CspViolation[] | null {
  if (Array.isArray(body)) {
    const out: CspViolation[] = [];
    for (const r of body.slice(0, 20)) {
      if (!r || typeof r !== 'object') return null;
      const { type, body: b } = r as { type?: unknown; body?: Record<string, unknown> };
      if (type !== 'csp-violation' || !b || typeof b !== 'object') continue;
      out.push({
        page: field(b.documentURL),
        directive: field(b.effectiveDirective),
        blocked: field(b.blockedURL),
        source: b.sourceFile ? `${field(b.sourceFile)}:${Number(b.lineNumber) || 0}` : undefined,
      });
    }
    return out;
  }
  if (body && typeof body === 'object' && 'csp-report' in body) {
    const b = (body as { 'csp-report': unknown })['csp-report'];
    if (!b || typeof b !== 'object') return null;
    const r = b as Record<string, unknown>;
    return [
      {
        page: field(r['document-uri']),
        directive: field(r['effective-directive'] ?? r['violated-directive']),
        blocked: field(r['blocked-uri']),
        source: r['source-file'] ? `${field(r['source-file'])}:${Number(r['line-number']) || 0}` : undefined,
      },
    ];
  }
  return null;
}
