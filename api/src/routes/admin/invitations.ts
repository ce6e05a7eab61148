import { invitationInput } from '@site/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { whenCommitted } from '../../audit/record';
import {
  createInvitation,
  listInvitations,
  queueInvitationMail,
  revokeInvitation,
} from '../../auth/invitations';
import { currentUser } from '../../auth/middleware';
import { can } from '../../auth/policy';
import type { AppEnv } from '../../context';
import { clearsNothing } from '../../lib/cache/write-clears';
import { validate } from '../../lib/http/validate';

const invitationIdParam = z.object({ id: z.string().min(1).max(100) });

/** Staff invitations in the Users tab (issue 42 §6; auth/invitations.ts). Admins only. */
export const adminInvitationsRoutes = new Hono<AppEnv>()
  .get('/admin/invitations', can('users.manage'), async (c) => c.json(await listInvitations(c.var.deps.db)))
  .post(
    '/admin/invitations',
    can('users.manage'),
    clearsNothing('an invitation shows on no public page'),
    validate('json', invitationInput),
    async (c) => {
      const me = (await currentUser(c))!;
      const row = await createInvitation(c.var.deps.db, c.var.deps.env, c.req.valid('json'), me.id);
      // The mail's job reads the row: queued once it is committed.
      await whenCommitted(c, (deps) => queueInvitationMail(deps, row.id));
      return c.json(row, 201);
    },
  )
  .delete(
    '/admin/invitations/:id',
    can('users.manage'),
    clearsNothing('an invitation shows on no public page'),
    validate('param', invitationIdParam),
    async (c) => {
      await revokeInvitation(c.var.deps.db, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
