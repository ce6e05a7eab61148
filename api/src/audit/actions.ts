import type { AuditAction } from '@site/shared';

/**
 * What every staff write records in the audit log (issue 42 §7), declared per route like its permission
 * and its cache declaration: `audit-declarations.test.ts` fails on a staff write route missing here.
 *
 * - `action`, `item`: the entry's action and the kind of item the route's `:id` (or, for a create, the
 *   answer's `id`) names.
 * - `outside`: the route's work does not fit in one transaction (it calls a remote service, streams an
 *   upload or starts background work that reads what it wrote), so the entry is written right after
 *   the answer succeeds instead of in the same transaction. Says why.
 * - `skip`: not recorded at all, and why.
 */
export type AuditRule = { action: AuditAction; item?: string; outside?: string } | { skip: string };

export const AUDITED: Record<string, AuditRule> = {
  'POST /api/content': { action: 'article.create', item: 'article' },
  'PUT /api/content/:id': { action: 'article.update', item: 'article' },
  'DELETE /api/content/:id': { action: 'article.delete', item: 'article' },
  'POST /api/admin/content/bulk': { action: 'article.bulk', item: 'article' },
  'POST /api/admin/content/:id/revisions/:revisionId/restore': { action: 'article.restore', item: 'article' },
  'PUT /api/admin/content/:slot/autosave': {
    skip: 'an unsaved draft kept every few seconds while typing; the save that follows is recorded',
  },
  'DELETE /api/admin/content/:slot/autosave': { skip: 'drops an unsaved draft; nothing published changes' },

  'POST /api/products': { action: 'product.create', item: 'product' },
  'PUT /api/products/:id': { action: 'product.update', item: 'product' },
  'DELETE /api/products/:id': { action: 'product.delete', item: 'product' },
  'POST /api/recipes': { action: 'recipe.create', item: 'recipe' },
  'PUT /api/recipes/:id': { action: 'recipe.update', item: 'recipe' },
  'DELETE /api/recipes/:id': { action: 'recipe.delete', item: 'recipe' },
  'POST /api/product-categories': { action: 'category.create', item: 'category' },
  'PUT /api/product-categories/:id': { action: 'category.update', item: 'category' },
  'DELETE /api/product-categories/:id': { action: 'category.delete', item: 'category' },

  'PATCH /api/admin/contact-messages/:id': { action: 'message.update', item: 'message' },
  'DELETE /api/admin/contact-messages/:id': { action: 'message.delete', item: 'message' },
  'PATCH /api/admin/stories/:id': { action: 'story.update', item: 'story' },
  'POST /api/admin/stories/:id/approve': { action: 'story.approve', item: 'story' },
  'DELETE /api/admin/stories/:id': { action: 'story.delete', item: 'story' },

  'POST /api/admin/rss/sources': { action: 'rss-source.create', item: 'rss-source' },
  'PUT /api/admin/rss/sources/:id': { action: 'rss-source.update', item: 'rss-source' },
  'DELETE /api/admin/rss/sources/:id': { action: 'rss-source.delete', item: 'rss-source' },
  'POST /api/admin/rss/sources/test': { skip: 'reads a feed to show what it holds; stores nothing' },
  'POST /api/admin/rss/process': {
    action: 'rss.run',
    outside: 'starts a background run that reads the sources',
  },

  'POST /api/upload': { action: 'upload.create', outside: 'streams the file to storage first' },
  'POST /api/admin/ai/review': { action: 'ai.use', outside: 'waits for the AI service' },
  'POST /api/admin/ai/comparison': { action: 'ai.use', outside: 'waits for the AI service' },
  'POST /api/admin/analyze-product-image': { action: 'ai.use', outside: 'waits for the AI service' },
  'POST /api/admin/pictures/retry': {
    action: 'pictures.retry',
    outside: 'queues work the picture workers pick up',
  },
  'POST /api/admin/insights/link-health/run': {
    action: 'link-health.run',
    outside: 'starts a background check of every link',
  },

  'POST /api/admin/newsletter/test': { action: 'newsletter.test', outside: 'sends a mail' },
  'POST /api/admin/newsletter/digest': {
    action: 'newsletter.send',
    item: 'newsletter',
    outside: 'queues every delivery the senders then read',
  },
  'POST /api/admin/newsletter/special': {
    action: 'newsletter.send',
    item: 'newsletter',
    outside: 'queues every delivery the senders then read',
  },
  'PUT /api/admin/newsletter/settings': {
    action: 'newsletter.settings',
    outside: 'moves the digest in the job queue, which keeps its own connection',
  },
  'POST /api/admin/newsletter/import': { action: 'subscriber.import' },
  'DELETE /api/admin/newsletter/subscribers/:id': { action: 'subscriber.delete', item: 'subscriber' },
  'POST /api/admin/newsletter/sponsors': { action: 'sponsor.create', item: 'sponsor' },
  'PUT /api/admin/newsletter/sponsors/:id': { action: 'sponsor.update', item: 'sponsor' },
  'DELETE /api/admin/newsletter/sponsors/:id': { action: 'sponsor.delete', item: 'sponsor' },

  'PUT /api/admin/users/:id/role': { action: 'user.role', item: 'user' },
  'PUT /api/admin/users/:id/admin': { action: 'user.role', item: 'user' },
  'DELETE /api/admin/users/:id/sessions': { action: 'user.sessions-end', item: 'user' },
  'POST /api/admin/invitations': { action: 'invitation.create', item: 'invitation' },
  'DELETE /api/admin/invitations/:id': { action: 'invitation.revoke', item: 'invitation' },
  'DELETE /api/admin/account/sessions/:id': { action: 'session.revoke', item: 'session' },
};
