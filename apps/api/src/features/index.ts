import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './audit/routes';
import { audiencesRoutes } from './audiences/routes';
import { authRoutes } from './auth/routes';
import { bulkJobsRoutes } from './bulk-jobs/routes';
import { contactMessagesRoutes } from './contact-messages/routes';
import { dashboardRoutes } from './dashboard/routes';
import { emailTemplatesRoutes } from './email-templates/routes';
import { healthRoutes } from './health/routes';
import { matchesRoutes } from './matches/routes';
import { mediaRoutes } from './media/routes';
import { messagingRoutes } from './messaging/routes';
import notificationsRoutes from './notifications/routes';
import { rolesRoutes } from './roles/routes';
import { suppressionsRoutes } from './suppressions/routes';
import { teamsRoutes } from './teams/routes';
import { tournamentsRoutes } from './matches/tournament-routes';
import { unsubscribeRoutes } from './unsubscribe/routes';
import { accountRoutes } from './users/account-routes';
import { usersRoutes } from './users/routes';
import { waCategoriesRoutes } from './wa-categories/routes';
import { waTemplatesRoutes } from './wa-templates/routes';

/** Every feature's routes; a new feature adds one line here. */
export async function registerFeatures(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(dashboardRoutes);
  await app.register(rolesRoutes);
  await app.register(usersRoutes);
  await app.register(teamsRoutes);
  await app.register(matchesRoutes);
  await app.register(tournamentsRoutes);
  await app.register(waCategoriesRoutes);
  await app.register(waTemplatesRoutes);
  await app.register(emailTemplatesRoutes);
  await app.register(contactMessagesRoutes);
  await app.register(messagingRoutes);
  await app.register(audiencesRoutes);
  await app.register(notificationsRoutes);
  await app.register(suppressionsRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(mediaRoutes, { uploadDir: app.config.uploadDir });
  await app.register(auditRoutes);
  await app.register(bulkJobsRoutes);
}
