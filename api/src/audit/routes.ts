import { AUDIT_EXPORT_MAX, type AuditEntry, auditFilter, auditListQuery } from '@site/shared';
import { stringify } from 'csv-stringify/sync';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { readAuditPage } from './read';
import { can } from '../auth/policy';
import type { AppEnv } from '../context';
import { validate } from '../lib/http/validate';

const CSV_COLUMNS = [
  'id',
  'at',
  'actor_email',
  'actor_id',
  'actor_role',
  'action',
  'item_type',
  'item_id',
  'fields',
  'count',
  'ip',
  'route',
];
/** Rows read per query while the export streams. */
const EXPORT_PAGE = 2000;

const csvRow = (e: AuditEntry) => [
  e.id,
  e.at,
  e.actorEmail ?? '',
  e.actorId ?? '',
  e.actorRole ?? '',
  e.action,
  e.itemType ?? '',
  e.itemId ?? '',
  e.fields.join(' '),
  e.count ?? '',
  e.ip ?? '',
  e.route ?? '',
];
const csv = (rows: unknown[][]) => stringify(rows, { escape_formulas: true, record_delimiter: 'windows' });

/** The audit log (issue 42 §7), admins only: read and exported; no route edits or deletes an entry. */
export const adminAuditRoutes = new Hono<AppEnv>()
  .get('/admin/audit', can('audit.view'), validate('query', auditListQuery), async (c) => {
    const { before, limit, ...filter } = c.req.valid('query');
    c.header('cache-control', 'no-store');
    return c.json(await readAuditPage(c.var.deps.db, filter, limit, before));
  })
  // Newest first, read a page at a time as it streams, up to AUDIT_EXPORT_MAX entries.
  .get('/admin/audit/export', can('audit.view'), validate('query', auditFilter), (c) => {
    const filter = c.req.valid('query');
    const db = c.var.deps.db;
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header(
      'content-disposition',
      `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    c.header('cache-control', 'no-store');
    return stream(c, async (out) => {
      await out.write(csv([CSV_COLUMNS]));
      let before: number | undefined;
      for (let sent = 0; sent < AUDIT_EXPORT_MAX; ) {
        const page = await readAuditPage(db, filter, Math.min(EXPORT_PAGE, AUDIT_EXPORT_MAX - sent), before);
        if (page.entries.length) await out.write(csv(page.entries.map(csvRow)));
        sent += page.entries.length;
        if (page.nextBefore === null) break;
        before = page.nextBefore;
      }
    });
  });
