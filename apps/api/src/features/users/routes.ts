import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  USER_ERRORS,
  createUserBody,
  envelope,
  idParam,
  messageOnly,
  organizer,
  organizersQuery,
  pageOf,
  user,
  userData,
  userForm,
  userPasswordForm,
  usersQuery,
  USER_SUCCESS,
} from '@cricket/contracts';
import { auditOf } from '../../plugins/audit';
import { sessionOf } from '../../plugins/auth';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import { ok, okPage, sendJsonPage } from '../../lib/envelope';
import {
  deleteUser,
  findUser,
  insertUser,
  listOrganizers,
  ownsAnyTeam,
  setPassword,
  updateUser,
  searchUsers,
} from './repository';
import { listUsers, searchNamesCache } from './list-planner';
import {
  assertAssignableRole,
  assertKeepsOwnAccess,
  assertRoleWithinRights,
  assertUnique,
  rethrowDeleteRefusal,
  rethrowUniqueViolation,
  withKnownTimeZone,
} from './rules';

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.globalSearch.provide('users', (q, limit) => searchUsers(app.db, q, limit));
  await app.forgetOnNotify('search_names_changed', searchNamesCache(app.db));

  r.get('/api/users', {
    config: { access: 'users.view' },
    schema: {
      tags: ['users'],
      summary: 'Users, newest first, filtered by name, phone number, role and status',
      querystring: usersQuery,
      response: { 200: envelope(pageOf(user)) },
    },
    handler: async (request, reply) =>
      sendJsonPage(
        reply,
        USER_SUCCESS.listed,
        request.query,
        await listUsers(app.db, request.query),
      ),
  });

  // The owner picker of the team panels reads this, hence the teams permission.
  r.get('/api/users/organizers', {
    config: { access: 'teams.view' },
    schema: {
      tags: ['users'],
      summary: 'Users who may own a team (owner picker)',
      querystring: organizersQuery,
      response: { 200: envelope(pageOf(organizer)) },
    },
    handler: async (request) =>
      okPage(
        USER_SUCCESS.organizersListed,
        request.query,
        await listOrganizers(app.db, request.query),
      ),
  });

  r.get('/api/users/:id', {
    config: { access: 'users.view' },
    schema: {
      tags: ['users'],
      summary: 'One user',
      params: idParam,
      response: { 200: envelope(userData) },
    },
    handler: async (request) => {
      const found = await findUser(app.db, request.params.id);
      if (!found) throw notFound(USER_ERRORS.notFound);
      return ok(USER_SUCCESS.fetched, { user: found });
    },
  });

  r.post('/api/users', {
    config: { access: 'users.create', audit: { entity: 'user' } },
    schema: {
      tags: ['users'],
      summary: 'Create a user',
      body: createUserBody,
      response: { 200: envelope(userData) },
    },
    handler: async (request) => {
      const v = await withKnownTimeZone(app.db, request.body);
      await assertAssignableRole(app.db, sessionOf(request), v.role_id);
      await assertUnique(app.db, v);
      const created = await insertUser(app.db, v, auditOf(request)).catch(rethrowUniqueViolation);
      return ok(USER_SUCCESS.created, { user: created });
    },
  });

  r.put('/api/users/:id', {
    config: { access: 'users.update', audit: { entity: 'user' } },
    schema: {
      tags: ['users'],
      summary: 'Edit a user',
      params: idParam,
      body: userForm,
      response: { 200: envelope(userData) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const session = sessionOf(request);
      const current = await findUser(app.db, id);
      if (!current) throw notFound(USER_ERRORS.notFound);
      const grants = await assertRoleWithinRights(app.db, session, current.role_id);
      await assertAssignableRole(app.db, session, request.body.role_id, current.role_id, grants);
      await assertKeepsOwnAccess(app.db, session, id, request.body);
      await assertUnique(app.db, request.body, id);
      const v = await withKnownTimeZone(app.db, request.body);
      const updated = await updateUser(app.db, id, v, auditOf(request)).catch(
        rethrowUniqueViolation,
      );
      if (!updated) throw notFound(USER_ERRORS.notFound);
      return ok(USER_SUCCESS.updated, { user: updated });
    },
  });

  r.delete('/api/users/:id', {
    config: { access: 'users.delete', audit: { entity: 'user' } },
    schema: {
      tags: ['users'],
      summary: 'Delete a user',
      description: 'Your own account cannot be deleted (400).',
      params: idParam,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      const { id } = request.params;
      const session = sessionOf(request);
      const current = await findUser(app.db, id);
      if (!current) throw notFound(USER_ERRORS.notFound);
      if (id === session.userId) throw badRequest(USER_ERRORS.selfDelete);
      await assertRoleWithinRights(app.db, session, current.role_id);
      if (await ownsAnyTeam(app.db, id)) throw conflict(USER_ERRORS.ownsTeam);
      const deleted = await deleteUser(app.db, id, auditOf(request)).catch(rethrowDeleteRefusal);
      if (!deleted) throw notFound(USER_ERRORS.notFound);
      return ok(USER_SUCCESS.deleted);
    },
  });

  r.put('/api/users/:id/password', {
    config: { access: 'users.update', audit: { entity: 'user' } },
    schema: {
      tags: ['users'],
      summary: "Set a user's password (signs them out of their other sessions)",
      params: idParam,
      body: userPasswordForm,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      const { id } = request.params;
      const session = sessionOf(request);
      const current = await findUser(app.db, id);
      if (!current) throw notFound(USER_ERRORS.notFound);
      await assertRoleWithinRights(app.db, session, current.role_id);
      const hash = await hashPassword(request.body.password);
      await setPassword(
        app.db,
        id,
        hash,
        id === session.userId ? session.sessionId : undefined,
        auditOf(request),
      );
      return ok(USER_SUCCESS.passwordUpdated);
    },
  });
}
