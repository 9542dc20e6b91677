import type { FastifyInstance } from 'fastify';
import { idsOfPages } from '../../plugins/bulk-jobs';
import { deleteAudience, listAudiences } from './repository';

/**
 * Bulk delete of saved audiences: the single-row delete, row by row, each audited; sends made
 * to an audience keep their copy of its rules, as after a single delete.
 */
export function provideAudiencesBulk(app: FastifyInstance) {
  app.bulkJobs.provide('audiences', {
    entity: 'audience',
    resolve: (db, query) =>
      idsOfPages(async (page) => {
        const { rows, total } = await listAudiences(db, { ...query, ...page });
        return { ids: rows.map((a) => a._id), total };
      }),
    delete: async (db, { id, audit }) => {
      await deleteAudience(db, id, audit);
    },
  });
}
