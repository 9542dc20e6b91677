import type { FastifyInstance } from 'fastify';
import type { EmailTemplateValues } from '@cricket/contracts';
import { idsOfBatches } from '../../plugins/bulk-jobs';
import { deleteEmailTemplate, exportEmailTemplates, setEmailTemplateStatus } from './repository';

/** Bulk delete and status change of email templates (issue 33), row by row. */
export function provideEmailTemplatesBulk(app: FastifyInstance) {
  app.bulkJobs.provide('email-templates', {
    entity: 'email_template',
    resolve: (db, query) => idsOfBatches(exportEmailTemplates(db, query)),
    delete: async (db, { id, audit }) => {
      await deleteEmailTemplate(db, id, audit);
    },
    set_status: (db, { id, status, audit }) =>
      setEmailTemplateStatus(db, id, status as EmailTemplateValues['status'], audit),
  });
}
