import type { FastifyInstance } from 'fastify';
import { idsOfPages } from '../../plugins/bulk-jobs';
import { deleteTopic, listTopics } from './topics-repository';

/**
 * Bulk delete of messaging topics (issue 33): the single-row delete, row by row, so a topic a
 * template names or a send used fails with that reason and the rest go.
 */
export function provideMessagingTopicsBulk(app: FastifyInstance) {
  app.bulkJobs.provide('messaging-topics', {
    entity: 'messaging_topic',
    resolve: (db, query) =>
      idsOfPages(async (page) => {
        const { rows, total } = await listTopics(db, { ...query, ...page });
        return { ids: rows.map((topic) => topic.id), total };
      }),
    delete: async (db, { id, audit }) => {
      await deleteTopic(db, id, audit);
    },
  });
}
