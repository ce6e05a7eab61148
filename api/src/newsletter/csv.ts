import { mailSafeName } from '@site/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../context';
import { newsletterSubscribers } from '../db/schema';
import { ApiError } from '../lib/http/errors';

const COLUMNS = [
  'email',
  'first_name',
  'status',
  'source',
  'requested_at',
  'consent_at',
  'consent_note',
  'unsubscribed_at',
  'bounced_at',
] as const;
const iso = (d: Date | null) => d?.toISOString() ?? '';

/** The subscribers as CSV (formulas escaped, so a spreadsheet runs nothing). */
export async function subscribersCsv(deps: AppDeps, status: string) {
  const rows = await deps.db
    .select()
    .from(newsletterSubscribers)
    .where(status === 'all' ? undefined : eq(newsletterSubscribers.status, status as 'pending'))
    .orderBy(asc(newsletterSubscribers.id));
  return stringify(
    [
      [...COLUMNS],
      ...rows.map((r) => [
        r.email,
        r.firstName ?? '',
        r.status,
        r.source,
        iso(r.requestedAt),
        iso(r.consentAt),
        r.consentNote ?? '',
        iso(r.unsubscribedAt),
        iso(r.bouncedAt),
      ]),
    ],
    { escape_formulas: true, record_delimiter: 'windows' },
  );
}

const email = z.email();
export const IMPORT_MAX_ROWS = 50_000;

export interface ImportResult {
  imported: number;
  updated: number;
  refused: Array<{ line: number; reason: string }>;
}

/**
 * Import subscribers who consented elsewhere. The header row must name `email` and `consent`; a row
 * whose consent cell is empty is refused (no consent, no mail), and so is one whose address
 * unsubscribed or bounced here. A consent cell that starts with a date gives the time of consent.
 */
export async function importSubscribers(deps: AppDeps, csv: string): Promise<ImportResult> {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (err) {
    throw new ApiError(400, `The file is not valid CSV: ${(err as Error).message.slice(0, 200)}`);
  }
  const header = (records.shift() ?? []).map((h) => h.toLowerCase().replace(/[\s-]+/g, '_'));
  const col = (name: string) => header.indexOf(name);
  if (col('email') < 0 || col('consent') < 0) {
    throw new ApiError(400, 'The first row must name the columns, including "email" and "consent".');
  }
  if (records.length > IMPORT_MAX_ROWS) throw new ApiError(400, `At most ${IMPORT_MAX_ROWS} rows at a time.`);
  const firstNameCol = col('first_name') >= 0 ? col('first_name') : col('firstname');
  const result: ImportResult = { imported: 0, updated: 0, refused: [] };
  const seen = new Set<string>();
  for (const [i, rec] of records.entries()) {
    const line = i + 2;
    const address = (rec[col('email')] ?? '').toLowerCase();
    const consent = rec[col('consent')] ?? '';
    if (!email.safeParse(address).success) {
      result.refused.push({ line, reason: 'not a valid email address' });
      continue;
    }
    if (!consent) {
      result.refused.push({ line, reason: 'no consent given (the consent column is empty)' });
      continue;
    }
    if (seen.has(address)) {
      result.refused.push({ line, reason: 'the same address appears earlier in the file' });
      continue;
    }
    seen.add(address);
    const day = /^\d{4}-\d{2}-\d{2}/.exec(consent)?.[0];
    const dated = day ? new Date(`${day}T00:00:00Z`) : null;
    const consentAt = dated && !Number.isNaN(dated.getTime()) ? dated : new Date();
    // One line, no link (issue 40): a cell with an address imports as no name.
    const firstName = firstNameCol >= 0 ? mailSafeName(rec[firstNameCol]) : null;
    const rows = (await deps.db.execute(sql`
      insert into newsletter_subscribers (email, first_name, status, source, consent_at, consent_note)
      values (${address}, ${firstName}, 'subscribed', 'import', ${consentAt.toISOString()}::timestamptz, ${consent.slice(0, 500)})
      on conflict (email) do update set
        status = 'subscribed', consent_at = excluded.consent_at, consent_note = excluded.consent_note,
        first_name = coalesce(excluded.first_name, newsletter_subscribers.first_name), updated_at = now()
      where newsletter_subscribers.status = 'pending'
      returning (xmax = 0) as inserted`)) as unknown as { rows: Array<{ inserted: boolean }> };
    const row = rows.rows[0];
    if (!row) {
      const [existing] = await deps.db
        .select({ status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, address));
      result.refused.push({
        line,
        reason:
          existing?.status === 'subscribed'
            ? 'already subscribed'
            : `this address ${existing?.status ?? 'cannot be imported'} here; only its owner can subscribe it again`,
      });
    } else if (row.inserted) result.imported++;
    else result.updated++;
  }
  return result;
}
