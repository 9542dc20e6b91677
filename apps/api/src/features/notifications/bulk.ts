import type { FastifyInstance } from 'fastify';
import type { NotificationTemplateValues } from '@cricket/contracts';
import { idsOfPages } from '../../plugins/bulk-jobs';
import { deleteTemplate, listTemplates, setTemplateStatus } from './repository-templates';

/** Bulk delete and status change of notification templates (issue 33), row by row. */
export function provideNotificationTemplatesBulk(app: FastifyInstance) {
  app.bulkJobs.provide('notification-templates', {
    entity: 'notification_template',
    resolve: (db, query) =>
      idsOfPages(async (page) => {
        const { rows, total } = await listTemplates(db, { ...query, ...page });
        return { ids: rows.map((t) => t.id), total };
      }),
    delete: async (db, { id, audit }) => {
      await deleteTemplate(db, id, audit);
    },
    set_status: (db, { id, status, audit }) =>
      setTemplateStatus(db, id, status as NotificationTemplateValues['status'], audit),
  });
}
