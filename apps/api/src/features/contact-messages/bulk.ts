import type { FastifyInstance } from 'fastify';
import { idsOfPages } from '../../plugins/bulk-jobs';
import { deleteContactMessage, listContactMessages } from './repository';

/** Bulk delete of contact messages (issue 33): the single-row delete, row by row. */
export function provideContactMessagesBulk(app: FastifyInstance) {
  app.bulkJobs.provide('contact-messages', {
    entity: 'contact_message',
    resolve: (db, query) =>
      idsOfPages(async (page) => {
        const { rows, total } = await listContactMessages(db, { ...query, ...page });
        return { ids: rows.map((m) => m.id), total };
      }),
    delete: async (db, { id, audit }) => {
      await deleteContactMessage(db, id, audit);
    },
  });
}
