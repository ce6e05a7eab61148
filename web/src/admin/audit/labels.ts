import { type AuditAction, type AuditEntry, STAFF_ROLES, type StaffRole } from '@site/shared';
import { draftEditPath } from '../api';

/** Each recorded action as the Audit tab names it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'article.create': 'Article created',
  'article.update': 'Article saved',
  'article.publish': 'Article published',
  'article.schedule': 'Article scheduled',
  'article.unpublish': 'Article unpublished',
  'article.delete': 'Article deleted',
  'article.restore': 'Article version restored',
  'article.bulk': 'Articles changed in bulk',
  'product.create': 'Product created',
  'product.update': 'Product saved',
  'product.delete': 'Product deleted',
  'recipe.create': 'Recipe created',
  'recipe.update': 'Recipe saved',
  'recipe.delete': 'Recipe deleted',
  'category.create': 'Category created',
  'category.update': 'Category saved',
  'category.delete': 'Category deleted',
  'message.update': 'Message updated',
  'message.delete': 'Message deleted',
  'story.update': 'Story updated',
  'story.approve': 'Story approved',
  'story.delete': 'Story deleted',
  'rss-source.create': 'RSS feed added',
  'rss-source.update': 'RSS feed saved',
  'rss-source.delete': 'RSS feed deleted',
  'rss.run': 'RSS import run',
  'upload.create': 'Picture uploaded',
  'ai.use': 'AI tool used',
  'pictures.retry': 'Pictures retried',
  'link-health.run': 'Link check run',
  'newsletter.test': 'Newsletter test sent',
  'newsletter.send': 'Newsletter sent',
  'newsletter.settings': 'Newsletter settings saved',
  'subscriber.import': 'Subscribers imported',
  'subscriber.delete': 'Subscriber deleted',
  'sponsor.create': 'Sponsor added',
  'sponsor.update': 'Sponsor saved',
  'sponsor.delete': 'Sponsor deleted',
  'user.role': 'Role changed',
  'user.sessions-end': 'Signed out everywhere',
  'invitation.create': 'Invitation sent',
  'invitation.revoke': 'Invitation withdrawn',
  'invitation.accept': 'Invitation accepted',
  'sign-in': 'Signed in',
  '2fa.enable': 'Two-factor sign-in turned on',
  '2fa.disable': 'Two-factor sign-in turned off',
  '2fa.backup-codes': 'New backup codes made',
  'session.revoke': 'Session ended',
};

/** An action's label; an action this build does not know yet (a newer server) shows as sent. */
export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

const ROLE_LABELS: Record<StaffRole, string> = {
  contributor: 'Contributor',
  author: 'Author',
  editor: 'Editor',
  admin: 'Admin',
};

/** "Editor" (the role when the entry was written); '' when the entry names none. */
export const roleLabel = (role: string | null) =>
  !role ? '' : (STAFF_ROLES as readonly string[]).includes(role) ? ROLE_LABELS[role as StaffRole] : role;

/** "article #12", or the item type alone. */
export const itemLabel = (e: Pick<AuditEntry, 'itemType' | 'itemId'>) =>
  e.itemType ? `${e.itemType}${e.itemId ? ` #${e.itemId}` : ''}` : e.itemId ? `#${e.itemId}` : '';

/** Where the dashboard edits this item, when it has such a screen (articles: ?tab=articles&edit=). */
export function itemEditPath(e: Pick<AuditEntry, 'itemType' | 'itemId'>): string | null {
  const id = Number(e.itemId);
  if (e.itemType === 'article' && Number.isInteger(id) && id > 0) return draftEditPath(id);
  return null;
}
