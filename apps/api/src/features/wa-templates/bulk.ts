import type { FastifyInstance } from 'fastify';
import type { WaTemplateValues } from '@cricket/contracts';
import { idsOfPages } from '../../plugins/bulk-jobs';
import { deleteTemplate, listTemplates, setTemplateStatus } from './repository';

/**
 * Bulk delete and status change of WhatsApp templates (issue 33), row by row; with WhatsApp
 * connected, a submitted template's status stays WhatsApp's, as in the edit.
 */
export function provideWaTemplatesBulk(app: FastifyInstance) {
  app.bulkJobs.provide('wa-templates', {
    entity: 'wa_template',
    resolve: (db, query) =>
      idsOfPages(async (page) => {
        const { rows, total } = await listTemplates(db, { ...query, ...page });
        return { ids: rows.map((t) => t._id), total };
      }),
    delete: (db, { id, audit }) => deleteTemplate(db, id, audit),
    set_status: (db, { id, status, audit }) =>
      setTemplateStatus(db, id, status as WaTemplateValues['status'], audit, app.whatsapp !== null),
  });
}
