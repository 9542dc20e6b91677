import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  USER_ERRORS,
  buildPagination,
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
} from '@cricket/contracts';
import type { Database } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import { sendJsonPage } from '../../lib/response-serializer';
import {
  deleteUser,
  findUser,
  insertUser,
  listOrganizers,
  listUsers,
  ownsAnyTeam,
  setPassword,
  updateUser,
} from './repository';
import { watchSearchNames } from './name-matches';
import {
  assertAssignableRole,
  assertKeepsOwnAccess,
  assertRoleWithinRights,
  assertUnique,
  rethrowOwnerViolation,
  rethrowUniqueViolation,
} from './rules';

/** A list body: `data.data` and the spec's pagination object. */
function pageBody<T>(
  message: string,
  q: { page: number; limit: number },
  { rows, total }: { rows: T[]; total: number },
) {
  return {
    success: true,
    message,
    data: { data: rows, pagination: buildPagination(total, q.page, q.limit) },
  };
}

export async function usersRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const nameChanges = await watchSearchNames(database);
  app.addHook('onClose', () => nameChanges.close());

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
        'Users fetched successfully',
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
      pageBody(
        'Organizers fetched successfully',
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
      return { success: true, message: 'User fetched successfully', data: { user: found } };
    },
  });

  r.post('/api/users', {
    config: { access: 'users.create' },
    schema: {
      tags: ['users'],
      summary: 'Create a user',
      body: createUserBody,
      response: { 200: envelope(userData) },
    },
    handler: async (request) => {
      const v = request.body;
      await assertAssignableRole(app.db, sessionOf(request), v.role_id);
      await assertUnique(app.db, v);
      const id = await insertUser(app.db, v).catch(rethrowUniqueViolation);
      const created = await findUser(app.db, id);
      return { success: true, message: 'User created successfully', data: { user: created! } };
    },
  });

  r.put('/api/users/:id', {
    config: { access: 'users.update' },
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
      await assertRoleWithinRights(app.db, session, current.role_id);
      await assertAssignableRole(app.db, session, request.body.role_id, current.role_id);
      await assertKeepsOwnAccess(app.db, session, id, request.body);
      await assertUnique(app.db, request.body, id);
      const updated = await updateUser(app.db, id, request.body).catch(rethrowUniqueViolation);
      if (!updated) throw notFound(USER_ERRORS.notFound);
      return {
        success: true,
        message: 'User updated successfully',
        data: { user: (await findUser(app.db, id))! },
      };
    },
  });

  r.delete('/api/users/:id', {
    config: { access: 'users.delete' },
    schema: {
      tags: ['users'],
      summary: 'Delete a user',
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
      const deleted = await deleteUser(app.db, id).catch(rethrowOwnerViolation);
      if (!deleted) throw notFound(USER_ERRORS.notFound);
      return { success: true, message: 'User deleted successfully' };
    },
  });

  r.put('/api/users/:id/password', {
    config: { access: 'users.update' },
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
      await setPassword(app.db, id, hash, id === session.userId ? session.sessionId : undefined);
      return { success: true, message: 'Password updated successfully' };
    },
  });
}
