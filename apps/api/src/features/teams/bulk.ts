import type { FastifyInstance } from 'fastify';
import { idsOfBatches } from '../../plugins/bulk-jobs';
import { removePlayer, squadUserIds } from './repository-squad';
import { deleteTeam, exportTeams } from './repository-teams';

/**
 * Bulk delete of teams and bulk remove from a squad (issue 33): the single-row action, row by
 * row. A squad's rows are its players' user ids, the job's scope naming the team.
 */
export function provideTeamsBulk(app: FastifyInstance) {
  app.bulkJobs.provide('teams', {
    entity: 'team',
    resolve: (db, query) => idsOfBatches(exportTeams(db, query)),
    delete: async (db, { id, audit }) => {
      await deleteTeam(db, id, audit);
    },
  });
  app.bulkJobs.provide('team-players', {
    // Each removal is an edit of the team, as the single-row remove is audited.
    entity: 'team',
    resolve: (db, _query, { team_id }) => squadUserIds(db, team_id),
    delete: async (db, { id, scope, audit }) => {
      await removePlayer(db, scope.team_id, id, audit);
    },
  });
}
