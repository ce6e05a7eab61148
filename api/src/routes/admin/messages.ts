import { idParam, MESSAGE_STATUSES, offsetQuery, messageStatusInput } from '@site/shared';
import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { can } from '../../auth/policy';
import type { AppEnv } from '../../context';
import { contactMessages } from '../../db/schema';
import { notFound } from '../../lib/http/errors';
import { validate } from '../../lib/http/validate';
import { clearsNothing } from '../../lib/cache/write-clears';

const listQuery = z.object({
  status: z.enum(MESSAGE_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: offsetQuery,
});

/** Contact messages for admins (spec §2 Messages, §4 status transitions). */
export const adminMessagesRoutes = new Hono<AppEnv>()
  .get('/admin/contact-messages', can('messages.manage'), validate('query', listQuery), async (c) => {
    const { status, limit, offset } = c.req.valid('query');
    const rows = await c.var.deps.db
      .select()
      .from(contactMessages)
      .where(status ? eq(contactMessages.status, status) : undefined)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset);
    return c.json(rows);
  })
  /** Count per status, so the tab can show the unread count whatever the filter. */
  .get('/admin/contact-messages/counts', can('messages.manage'), async (c) => {
    const rows = await c.var.deps.db
      .select({ status: contactMessages.status, n: count() })
      .from(contactMessages)
      .groupBy(contactMessages.status);
    const counts = { unread: 0, read: 0, replied: 0 };
    for (const r of rows) counts[r.status] = r.n;
    return c.json(counts);
  })
  .patch(
    '/admin/contact-messages/:id',
    can('messages.manage'),
    clearsNothing('messages are shown to admins only'),
    validate('param', idParam),
    validate('json', messageStatusInput),
    async (c) => {
      const [row] = await c.var.deps.db
        .update(contactMessages)
        .set({ status: c.req.valid('json').status })
        .where(eq(contactMessages.id, c.req.valid('param').id))
        .returning();
      if (!row) throw notFound('Message not found');
      return c.json(row);
    },
  )
  .delete(
    '/admin/contact-messages/:id',
    can('messages.manage'),
    clearsNothing('messages are shown to admins only'),
    validate('param', idParam),
    async (c) => {
      const gone = await c.var.deps.db
        .delete(contactMessages)
        .where(eq(contactMessages.id, c.req.valid('param').id))
        .returning({ id: contactMessages.id });
      if (!gone.length) throw notFound('Message not found');
      return c.body(null, 204);
    },
  );
