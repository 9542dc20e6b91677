import type { FastifyInstance } from 'fastify';
import { USER_ERRORS, type UserFormValues } from '@cricket/contracts';
import { notFound } from '../../lib/http-errors';
import { idsOfBatches } from '../../plugins/bulk-jobs';
import { deleteUser, exportUsers, findUser, setUserStatus } from './repository';
import { assertDeletable, assertStatusSettable, rethrowDeleteRefusal } from './rules';

/** Bulk delete and status change of users (issue 33): the single-row rules, row by row. */
export function provideUsersBulk(app: FastifyInstance) {
  app.bulkJobs.provide('users', {
    entity: 'user',
    resolve: (db, query) => idsOfBatches(exportUsers(db, query)),
    async delete(db, { id, actor, audit }) {
      const current = await findUser(db, id);
      if (!current) throw notFound(USER_ERRORS.notFound);
      await assertDeletable(db, actor, current);
      const deleted = await deleteUser(db, id, audit).catch(rethrowDeleteRefusal);
      if (!deleted) throw notFound(USER_ERRORS.notFound);
    },
    async set_status(db, { id, actor, status, audit }) {
      const to = status as UserFormValues['status'];
      const current = await findUser(db, id);
      if (!current) throw notFound(USER_ERRORS.notFound);
      await assertStatusSettable(db, actor, current, to);
      if (!(await setUserStatus(db, id, to, audit))) throw notFound(USER_ERRORS.notFound);
    },
  });
}
