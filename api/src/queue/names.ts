/** Every queue of the site (pg-boss queue names). */
export const QUEUES = {
  /** The RSS import (RSS_CRON, UTC). */
  rssImport: 'rss-import',
  /** The affiliate link check (LINK_CHECK_CRON, London time). */
  linkCheck: 'link-check',
  /** A confirmation mail for one subscriber. */
  newsletterConfirm: 'newsletter-confirm',
  /** A staff invitation's mail (auth/invitations.ts). */
  staffInvitation: 'staff-invitation',
  /** Send (the due part of) one issue. */
  newsletterSend: 'newsletter-send',
  /** The weekly digest (the admin's day and time, London time). */
  newsletterDigest: 'newsletter-digest',
  /** Every minute: issues still sending whose sender is gone get a new send job. */
  newsletterSweep: 'newsletter-sweep',
  /** One picture's ladder of sizes (api/src/pictures/sizes.ts). */
  pictureSizes: 'picture-sizes',
  /** Once after each start: sizes for pictures stored before there were sizes (pictures/backfill.ts). */
  pictureBackfill: 'picture-backfill',
  /** Daily: audit log entries older than AUDIT_RETENTION_DAYS go (audit/retention.ts). */
  auditPrune: 'audit-prune',
  /** Daily: stored pages outside STORED_PAGES_DAYS go (web/stored-pages-bound.ts). */
  storedPagesPrune: 'stored-pages-prune',
} as const;
