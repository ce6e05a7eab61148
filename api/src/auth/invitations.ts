import { randomUUID } from 'node:crypto';
import {
  type AcceptInvitationInput,
  INVITATION_DAYS,
  type InvitationInput,
  type InvitationOffer,
  type StaffRole,
} from '@site/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { entryFromRequest } from '../audit/record';
import type { Database } from '../db/client';
import { auditLog, staffInvitations, user } from '../db/schema';
import { ApiError, conflict, notFound } from '../lib/http/errors';
import { mailConfig, TRANSPORT_NONE_PROBLEM } from '../newsletter/config';
import { wakeTransactional } from '../newsletter/transactional';
import { type MailTransport, sendOne } from '../newsletter/transport';
import { queueFor } from '../queue/boss';
import { QUEUES } from '../queue/names';
import { hashOneTimeToken, newOneTimeToken } from '../security/one-time-token';
import { createAccount, signInOnto } from './new-account';

/**
 * Staff invitations (issue 42 §6, docs/security.md "Roles"): an admin invites an address with a role;
 * the mail's one-use link lets the person choose a name and password and arrive signed in with that
 * role. Only a hash of the link's token is stored, and the token is made when the mail is sent, so the
 * queue's job never holds it (as the newsletter's confirmation does).
 */

const DAY = 86_400_000;
/** Expired invitations stay listed this long, marked, so the admin sees whom to invite again. */
const EXPIRED_LISTED_MS = INVITATION_DAYS * DAY;

const NOT_VALID = 'This invitation link is not valid. Ask the person who invited you for a new one.';
const GONE = 'This invitation has expired or was already used. Ask the person who invited you for a new one.';
const WITHDRAWN =
  'This invitation was withdrawn or replaced by a newer one. Use the newest invitation mail, or ask for a new one.';

const A_ROLE: Record<StaffRole, string> = {
  contributor: 'a contributor',
  author: 'an author',
  editor: 'an editor',
  admin: 'an admin',
};

/** Neither accepted, nor revoked, nor expired. */
const pending = (now: Date) =>
  and(
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, now),
  );

async function accountExists(db: Database, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.toLowerCase()}`);
  return Boolean(row);
}

const alreadyHasAccount = (email: string) =>
  conflict(`${email} already has an account; change their role in Users instead.`);
/** The same, said to the invited person. */
const HAS_ACCOUNT =
  'An account with this email exists already. Sign in with it, and ask an admin to give it the role.';

/**
 * Records an invitation; a pending one to the same address is revoked (its link stops working). The
 * caller queues the mail once this has committed (`queueInvitationMail`).
 */
export async function createInvitation(
  db: Database,
  env: AppDeps['env'],
  input: InvitationInput,
  invitedBy: string,
) {
  if (mailConfig(env).transport === 'none') throw new ApiError(503, TRANSPORT_NONE_PROBLEM);
  const email = input.email.toLowerCase();
  if (await accountExists(db, email)) throw alreadyHasAccount(email);
  const now = new Date();
  return db.transaction(async (tx) => {
    // Two invitations to one address at once: one replaces the other, never two pending links.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-invitation:${email}`}))`);
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffInvitations.email, email),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      );
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        id: randomUUID(),
        email,
        role: input.role,
        // Opens nothing: the mail's job replaces it with the hash of the token it sends.
        tokenHash: newOneTimeToken().hash,
        invitedBy,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY),
      })
      .returning({
        id: staffInvitations.id,
        email: staffInvitations.email,
        role: staffInvitations.role,
        createdAt: staffInvitations.createdAt,
        expiresAt: staffInvitations.expiresAt,
      });
    return { ...row!, expired: false };
  });
}

/** Queues the invitation's mail at the transactional pace (newsletter/transactional.ts). */
export async function queueInvitationMail(deps: AppDeps, invitationId: string) {
  const boss = await queueFor(deps);
  await boss.send(QUEUES.staffInvitation, { invitationId });
  wakeTransactional(deps, QUEUES.staffInvitation);
}

/**
 * The invitation mail (the `staff-invitation` job). A new token replaces the stored hash in the same
 * statement that checks the invitation is still pending: a revoked, accepted or expired one is not sent.
 */
export async function sendInvitation(deps: AppDeps, invitationId: string, transport?: MailTransport) {
  const { token, hash } = newOneTimeToken();
  const [inv] = await deps.db
    .update(staffInvitations)
    .set({ tokenHash: hash })
    .where(and(eq(staffInvitations.id, invitationId), pending(new Date())))
    .returning({ email: staffInvitations.email, role: staffInvitations.role });
  if (!inv) return;
  const config = mailConfig(deps.env);
  const { renderInvitation } = await import('../newsletter/mail/templates');
  const mail = await renderInvitation({
    brand: config.brand,
    siteUrl: config.siteUrl,
    acceptUrl: `${config.siteUrl}/invitation/${token}`,
    role: A_ROLE[inv.role],
    days: INVITATION_DAYS,
  });
  await sendOne(
    deps,
    {
      to: inv.email,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: `<invitation-${invitationId}.${Date.now().toString(36)}@${config.domain}>`,
      kind: 'invitation',
    },
    transport,
  );
}

/** Pending invitations, newest first, and those expired in the last week (marked `expired`). */
export async function listInvitations(db: Database) {
  const now = new Date();
  const rows = await db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      role: staffInvitations.role,
      invitedByName: user.name,
      createdAt: staffInvitations.createdAt,
      expiresAt: staffInvitations.expiresAt,
    })
    .from(staffInvitations)
    .leftJoin(user, eq(user.id, staffInvitations.invitedBy))
    .where(
      and(
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, new Date(now.getTime() - EXPIRED_LISTED_MS)),
      ),
    )
    .orderBy(desc(staffInvitations.createdAt))
    .limit(500);
  return rows.map((r) => ({ ...r, expired: r.expiresAt <= now }));
}

/** Revokes a pending invitation: its link stops working at once. Revoking twice is no error. */
export async function revokeInvitation(db: Database, id: string) {
  const [done] = await db
    .update(staffInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(staffInvitations.id, id),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    )
    .returning({ id: staffInvitations.id });
  if (done) return;
  const [row] = await db
    .select({ acceptedAt: staffInvitations.acceptedAt })
    .from(staffInvitations)
    .where(eq(staffInvitations.id, id));
  if (!row) throw notFound('Invitation not found');
  if (row.acceptedAt)
    throw conflict('This invitation was accepted already; change their role in Users instead.');
}

/** The invitation a link names, if it can still be accepted: else 404 (no such link) or 410 (used, expired, withdrawn). */
export async function invitationOffer(
  db: Database,
  token: string,
): Promise<InvitationOffer & { id: string }> {
  const [inv] =
    token.length <= 200
      ? await db
          .select()
          .from(staffInvitations)
          .where(eq(staffInvitations.tokenHash, hashOneTimeToken(token)))
      : [];
  if (!inv) throw notFound(NOT_VALID);
  if (inv.revokedAt) throw new ApiError(410, WITHDRAWN);
  if (inv.acceptedAt || inv.expiresAt <= new Date()) throw new ApiError(410, GONE);
  return { id: inv.id, email: inv.email, role: inv.role, expiresAt: inv.expiresAt.toISOString() };
}

/**
 * Accepts an invitation: the account is made with the invitation's email and role, and signed in.
 * The claim is one statement, so of two accepts at once exactly one goes on; the other gets 410. If
 * the account cannot be made, the claim is released and the link works again.
 */
export async function acceptInvitation(c: Context<AppEnv>, token: string, input: AcceptInvitationInput) {
  const { db, logger } = c.var.deps;
  const offer = await invitationOffer(db, token);
  if (await accountExists(db, offer.email)) throw conflict(HAS_ACCOUNT);
  const [claimed] = await db
    .update(staffInvitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(staffInvitations.id, offer.id), pending(new Date())))
    .returning({ id: staffInvitations.id, role: staffInvitations.role });
  if (!claimed) throw new ApiError(410, GONE);
  const account = { ...input, email: offer.email };
  const made = await createAccount(c, account);
  if ('failed' in made) {
    await db.update(staffInvitations).set({ acceptedAt: null }).where(eq(staffInvitations.id, claimed.id));
    if (made.failed === 'taken') throw conflict(HAS_ACCOUNT);
    throw new ApiError(400, 'Could not create the account. Check the fields and try again.');
  }
  // The link reached this address, so it is verified. isAdmin stays true exactly for admins. The role
  // and its audit entry commit together (issue 42 §7).
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({
        role: claimed.role,
        isAdmin: claimed.role === 'admin',
        emailVerified: true,
        updatedAt: new Date(),
      })
      .where(eq(user.id, made.id));
    await tx.insert(auditLog).values(
      entryFromRequest(c, {
        actorId: made.id,
        actorEmail: offer.email,
        actorRole: claimed.role,
        action: 'invitation.accept',
        itemType: 'invitation',
        itemId: claimed.id,
      }),
    );
  });
  logger.info({ invitationId: claimed.id, role: claimed.role }, 'Staff invitation accepted');
  return signInOnto(c, c.json({ email: offer.email, role: claimed.role }, 201), account);
}
