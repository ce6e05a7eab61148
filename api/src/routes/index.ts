import { Hono } from 'hono';
import { authRoutes } from '../auth/routes';
import { setupRoutes } from '../auth/setup-routes';
import type { AppEnv } from '../context';
import { adminAccountRoutes } from './admin/account';
import { adminAuditRoutes } from '../audit/routes';
import { adminAiRoutes } from './admin/ai';
import { adminAlertsRoutes } from './admin/alerts';
import { adminInsightsRoutes } from './admin/insights';
import { adminInvitationsRoutes } from './admin/invitations';
import { adminMessagesRoutes } from './admin/messages';
import { adminRssRoutes } from './admin/rss';
import { adminStoriesRoutes } from './admin/stories';
import { adminUsersRoutes } from './admin/users';
import { challengeRoutes } from './challenges';
import { contactRoutes } from './contact';
import { contentAdminRoutes } from './content/admin';
import { contentHistoryRoutes } from './content/history';
import { cspReportRoutes } from './csp-report';
import { contentPublicRoutes } from './content/public';
import { healthRoutes } from './health';
import { invitationRoutes } from './invitations';
import { newsletterAdminRoutes } from './newsletter/admin';
import { newsletterPublicRoutes } from './newsletter/public';
import { productCategoriesAdminRoutes } from './product-categories/admin';
import { productCategoryPublicRoutes } from './product-categories/public';
import { productsAdminRoutes } from './products/admin';
import { productPublicRoutes } from './products/public';
import { readBeaconRoutes } from './read-beacon';
import { recipesAdminRoutes } from './recipes/admin';
import { recipePublicRoutes } from './recipes/public';
import { storyRoutes } from './stories';
import { uploadRoutes } from './upload';

/**
 * Every /api router, chained so that AppType carries each route's types to the typed client.
 * One line per resource; keep the chain unbroken.
 */
export const apiRoutes = new Hono<AppEnv>()
  .route('/', healthRoutes)
  .route('/', authRoutes)
  .route('/', setupRoutes)
  .route('/', invitationRoutes)
  .route('/', adminAiRoutes)
  .route('/', productCategoryPublicRoutes)
  .route('/', productPublicRoutes)
  .route('/', recipePublicRoutes)
  .route('/', contactRoutes)
  .route('/', contentPublicRoutes)
  .route('/', challengeRoutes)
  .route('/', storyRoutes)
  .route('/', contentAdminRoutes)
  .route('/', contentHistoryRoutes)
  .route('/', productsAdminRoutes)
  .route('/', recipesAdminRoutes)
  .route('/', productCategoriesAdminRoutes)
  .route('/', adminUsersRoutes)
  .route('/', adminAccountRoutes)
  .route('/', adminInvitationsRoutes)
  .route('/', adminAuditRoutes)
  .route('/', adminAlertsRoutes)
  .route('/', adminMessagesRoutes)
  .route('/', adminStoriesRoutes)
  .route('/', uploadRoutes)
  .route('/', adminRssRoutes)
  .route('/', adminInsightsRoutes)
  .route('/', readBeaconRoutes)
  .route('/', cspReportRoutes)
  .route('/', newsletterPublicRoutes)
  .route('/', newsletterAdminRoutes);
