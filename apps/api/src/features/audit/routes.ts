import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUDIT_EXPORT_COLUMNS,
  AUDIT_SUCCESS,
  auditLogsExportQuery,
  auditLogsPage,
  auditLogsQuery,
  envelope,
} from '@cricket/contracts';
import { listExportRoute } from '../../lib/csv-export';
import { okPage } from '../../lib/envelope';
import { exportAuditLogs, listAuditLogs } from './repository';

export async function auditRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/audit-logs', {
    config: { access: 'audit.view' },
    schema: {
      tags: ['audit'],
      summary:
        'The audit trail, newest first, filtered by record type and id, actor, action and days',
      querystring: auditLogsQuery,
      response: { 200: envelope(auditLogsPage) },
    },
    handler: async (request) => {
      const q = request.query;
      return okPage(AUDIT_SUCCESS.listed, q, await listAuditLogs(app.db, q));
    },
  });

  listExportRoute(app, {
    list: 'audit-logs',
    access: 'audit.view',
    tag: 'audit',
    querystring: auditLogsExportQuery,
    rows: (q) => exportAuditLogs(app.db, q),
    columns: AUDIT_EXPORT_COLUMNS,
  });
}
