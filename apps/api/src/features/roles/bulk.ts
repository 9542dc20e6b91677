import type { FastifyInstance } from 'fastify';
import type { RoleStatus } from '@cricket/contracts';
import { idsOfBatches } from '../../plugins/bulk-jobs';
import { deleteRole, exportRoles, updateRole } from './repository';
import { assertKeepsOwnAccess } from './rules';

/**
 * Bulk delete of roles and the bulk change of their active flag (issue 33): each row through
 * the single-row repository call, whose rules (the admin role, rights) are checked inside it.
 */
export function provideRolesBulk(app: FastifyInstance) {
  app.bulkJobs.provide('roles', {
    entity: 'role',
    resolve: (db, query) => idsOfBatches(exportRoles(db, query)),
    delete: (db, { id, actor, audit }) => deleteRole(db, actor.permissions, id, audit),
    async set_status(db, { id, actor, status, audit }) {
      const isActive = (status as RoleStatus) === 'active';
      await assertKeepsOwnAccess(db, actor.roleId, id, { deactivates: !isActive });
      // The active flag alone: the name is read under the row's lock, so a rename saved while
      // the job ran is kept.
      await updateRole(db, actor.permissions, id, { is_active: isActive }, audit);
    },
  });
}
