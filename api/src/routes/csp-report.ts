import { everyLine } from '../observe/repeats';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context';
import { overRateLimit } from '../lib/http/rate-limit';
import { CSP_REPORT_PATH } from '../security/csp';
import { CSP_REPORT_TYPES, parseCspReports } from '../security/csp-report';
import { jsonNestedDeeperThan, TOO_DEEP_MESSAGE } from '../security/hostile-input';
import { clearsNothing } from '../lib/cache/write-clears';

/** Per client: plenty for a page that breaks, useless for filling the logs. */
export const CSP_REPORT_RATE_LIMIT = { prefix: 'csp:', max: 30, windowMs: 60 * 1000 } as const;
export const CSP_REPORT_MAX_BYTES = 16 * 1024;

/**
 * Browsers post Content-Security-Policy violations here (security/csp.ts names it in every policy).
 * Logged as one line each, answered 204; over the rate limit the reports are dropped, still 204, so a
 * broken page does not turn into a flood of errors in the browser either.
 */
export const cspReportRoutes = new Hono<AppEnv>().post(
  CSP_REPORT_PATH.replace(/^\/api/, ''),
  clearsNothing('a browser reports a blocked resource: logged, shown nowhere'),
  bodyLimit({
    maxSize: CSP_REPORT_MAX_BYTES,
    onError: (c) => c.json({ message: 'CSP report too large' }, 413),
  }),
  async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!CSP_REPORT_TYPES.includes(type)) {
      return c.json(
        { message: 'Send CSP reports as application/csp-report or application/reports+json' },
        415,
      );
    }
    const text = await c.req.text();
    if (jsonNestedDeeperThan(text)) return c.json({ message: TOO_DEEP_MESSAGE }, 400);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return c.json({ message: 'Malformed JSON body' }, 400);
    }
    const reports = parseCspReports(parsed);
    if (!reports) return c.json({ message: 'Not a CSP report' }, 400);
    if (await overRateLimit(c, CSP_REPORT_RATE_LIMIT)) return c.body(null, 204);
    // Each report is its own event (the rate limit above is their limit): never folded as repeats.
    const logger = everyLine(c.var.deps.logger);
    for (const r of reports) {
      logger.warn(
        { csp: r },
        `[csp] ${r.directive} blocked ${r.blocked || '(inline)'} on ${r.page}${r.source ? ` at ${r.source}` : ''}`,
      );
    }
    return c.body(null, 204);
  },
);
