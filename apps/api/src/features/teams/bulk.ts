import type { FastifyInstance } from 'fastify';
import { idsOfBatches } from '../../plugins/bulk-jobs';
import { deleteTeam, exportTeams } from './repository-teams';

/** Bulk delete of teams (issue 33): the single-row delete, row by row. */
export function provideTeamsBulk(app: FastifyInstance) {
  app.bulkJobs.provide('teams', {
    entity: 'team',
    resolve: (db, query) => idsOfBatches(exportTeams(db, query)),
    delete: async (db, { id, audit }) => {
      await deleteTeam(db, id, audit);
    },
  });
}
