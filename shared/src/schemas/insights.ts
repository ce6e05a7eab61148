import { z } from 'zod';
import { INSIGHTS } from '../constants';
import { daysInRange, isCalendarDay } from '../helpers/london-days';

/** A calendar day as YYYY-MM-DD (a day in Europe/London, as the reports count them). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date as YYYY-MM-DD')
  .refine(isCalendarDay, 'Must be a real calendar date');

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);

/** ?from&to: both days included, from <= to, at most INSIGHTS.maxRangeDays days. */
const range = { from: calendarDay, to: calendarDay };
function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Must not be after "to"' });
  else if (daysInRange(v.from, v.to) > INSIGHTS.maxRangeDays)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `The range can span at most ${INSIGHTS.maxRangeDays} days`,
    });
}

/** GET /api/admin/insights/clicks (and clicks.csv). */
export const clicksQuery = z.object({ ...range, productId: positiveId.optional() }).superRefine(checkRange);
export type ClicksQuery = z.infer<typeof clicksQuery>;

/** GET /api/admin/insights/reads: most read for a range, or one article's days. */
export const readsQuery = z.object({ ...range, articleId: positiveId.optional() }).superRefine(checkRange);
export type ReadsQuery = z.infer<typeof readsQuery>;

/** POST /api/insights/read (the article page's beacon). `view` makes a resent beacon count once. */
export const readBeacon = z.object({
  articleId: positiveId,
  view: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'Must be a page-view id'),
});
export type ReadBeacon = z.infer<typeof readBeacon>;

export interface DayCount {
  day: string;
  count: number;
}

export interface ClicksReport {
  from: string;
  to: string;
  productId: number | null;
  total: number;
  series: DayCount[];
  topProducts: { productId: number; title: string; clicks: number }[];
  /** Site paths that sent clicks; null path = unknown (an old link or a direct hit). */
  topPages: { path: string | null; clicks: number }[];
  /** Newsletter sponsor links (/go/sponsor/{id}) in the same range: the only counted link of a mail. */
  sponsors: { sponsorId: number; name: string; clicks: number }[];
}

export interface ReadsReport {
  from: string;
  to: string;
  articleId: number | null;
  total: number;
  series: DayCount[];
  mostRead: { articleId: number; title: string; reads: number }[];
}

export interface LinkCheck {
  productId: number;
  title: string;
  url: string | null;
  checkedAt: string;
  status: number | null;
  finalUrl: string | null;
  durationMs: number | null;
  error: string | null;
  broken: boolean;
}

export interface LinkHealthReport {
  running: boolean;
  lastCheckedAt: string | null;
  /** When the scheduled check runs next; null when LINK_CHECK_CRON=off (then only "Check links now"). */
  nextCheckAt: string | null;
  checked: number;
  broken: number;
  checks: LinkCheck[];
}
