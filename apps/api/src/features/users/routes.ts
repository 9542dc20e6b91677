import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PERSONAL_DATA_MESSAGES,
  PERSONAL_DATA_SUCCESS,
  USER_ERRORS,
  createUserBody,
  erasedUserData,
  errorBody,
  eraseUserBody,
  personalDataData,
  personalDataFileName,
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
  usersExportQuery,
  usersQuery,
  USER_EXPORT_COLUMNS,
  USER_SUCCESS,
} from '@cricket/contracts';
import { auditOf } from '../../plugins/audit';
import { sessionOf } from '../../plugins/auth';
import { notFound } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import { localDirectoryStorage } from '../../lib/storage';
import { listExportRoute } from '../../lib/csv-export';
import { linkPageKeys, ok, okPage, sendJsonPage } from '../../lib/envelope';
import { sendVersion, versionedWrite } from '../../lib/record-version';
import { users } from '../../db/schema';
import {
  deleteUser,
  exportUsers,
  findUser,
  insertUser,
  listOrganizers,
  setPassword,
  updateUser,
  userSearch,
} from './repository';
import { provideUsersBulk } from './bulk';
import { listUsers, searchNamesCache } from './list-planner';
import { erasePersonalData, exportPersonalData } from './personal-data-repository';
import {
  assertAssignableRole,
  assertDeletable,
  erasureChecks,
  assertKeepsOwnAccess,
  assertRoleWithinRights,
  assertUnique,
  rethrowDeleteRefusal,
  rethrowUniqueViolation,
  withKnownTimeZone,
} from './rules';

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.globalSearch.provide('users', userSearch);
  await app.forgetOnNotify('search_names_changed', searchNamesCache(app.db));
  provideUsersBulk(app);

  r.get('/api/users', {
    config: { access: 'users.view' },
    schema: {
      tags: ['users'],
      summary: 'Users, newest first, filtered by name, phone number, role and status',
      querystring: usersQuery,
      response: { 200: envelope(pageOf(user)) },
    },
    handler: async (request, reply) => {
      const page = await listUsers(app.db, request.query);
      linkPageKeys(reply, request.url, request.query, page.keys);
      return sendJsonPage(reply, USER_SUCCESS.listed, request.query, page);
    },
  });

  listExportRoute(app, {
    list: 'users',
    access: 'users.view',
    tag: 'users',
    querystring: usersExportQuery,
    rows: (q) => exportUsers(app.db, q),
    columns: USER_EXPORT_COLUMNS,
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
    config: { access: 'users.view', version: users },
    schema: {
      tags: ['users'],
      summary: 'One user',
      params: idParam,
      response: { 200: envelope(userData) },
    },
    handler: async (request, reply) => {
      const found = await findUser(app.db, request.params.id);
      if (!found) throw notFound(USER_ERRORS.notFound);
      sendVersion(reply, found.updated_at);
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
    config: { access: 'users.update', audit: { entity: 'user' }, version: users },
    schema: {
      tags: ['users'],
      summary: 'Edit a user',
      params: idParam,
      body: userForm,
      response: { 200: envelope(userData) },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const session = sessionOf(request);
      const current = await findUser(app.db, id);
      if (!current) throw notFound(USER_ERRORS.notFound);
      const grants = await assertRoleWithinRights(app.db, session, current.role_id);
      await assertAssignableRole(app.db, session, request.body.role_id, current.role_id, grants);
      await assertKeepsOwnAccess(app.db, session, id, request.body);
      await assertUnique(app.db, request.body, id);
      const v = await withKnownTimeZone(app.db, request.body);
      const updated = await versionedWrite(app.db, request, (db) =>
        updateUser(db, id, v, auditOf(request)),
      ).catch(rethrowUniqueViolation);
      if (!updated) throw notFound(USER_ERRORS.notFound);
      sendVersion(reply, updated.updated_at);
      return ok(USER_SUCCESS.updated, { user: updated });
    },
  });

  r.delete('/api/users/:id', {
    config: { access: 'users.delete', audit: { entity: 'user' }, version: users },
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
      await assertDeletable(app.db, session, current);
      const deleted = await versionedWrite(app.db, request, (db) =>
        deleteUser(db, id, auditOf(request)),
      ).catch(rethrowDeleteRefusal);
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

  // Personal data on request and forgotten on request (issue 34, decision 055).
  const storage = localDirectoryStorage(app.config.uploadDir);

  r.get('/api/users/:id/personal-data', {
    config: { access: 'users.export_data', audit: { entity: 'user' } },
    schema: {
      tags: ['users'],
      summary: 'Everything the product holds about one person, as one JSON document',
      description:
        "Served as a download (Content-Disposition: attachment). `data.personal_data` holds the person's profile, picture, teams and squad places, posts, sessions, messaging consents, suppression entries, every delivery addressed to them, their contact messages with the replies, the audit records about them in full and the ones they made about other records as what and when only. Nothing of anyone else. The export is recorded in the audit trail, without its values.",
      params: idParam,
      response: { 200: envelope(personalDataData) },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const document = await exportPersonalData(app.db, id, auditOf(request));
      if (!document) throw notFound(USER_ERRORS.notFound);
      reply.header('content-disposition', `attachment; filename="${personalDataFileName(id)}"`);
      reply.header('cache-control', 'no-store');
      return ok(PERSONAL_DATA_SUCCESS.exported, { personal_data: document });
    },
  });

  r.post('/api/users/:id/erase', {
    config: { access: 'users.erase', audit: { entity: 'user' } },
    schema: {
      tags: ['users'],
      summary: "Erase a person's personal data for good",
      description:
        "In one transaction: the profile becomes 'Erased user #<id>' (email erased-<id>@invalid, no phone, birth date, address or picture, suspended, no password), sessions, squad places, posts and contact messages from their email are removed, deliveries keep only status and times, the audit records keep who did what and when with the person's values reading [erased], and their email and phone stay only as salted hashes in the suppression list, so no later send reaches them. The picture file is deleted. `confirm` must be the user's current email.",
      params: idParam,
      body: eraseUserBody,
      response: {
        200: envelope(erasedUserData),
        400: errorBody.describe(
          `The confirmation is not the user's email ('${PERSONAL_DATA_MESSAGES.confirmMismatch}'), or the user is you ('${PERSONAL_DATA_MESSAGES.selfErase}')`,
        ),
        409: errorBody.describe(
          `The user owns a team ('${PERSONAL_DATA_MESSAGES.ownsTeam}'), is the last active administrator ('${PERSONAL_DATA_MESSAGES.lastAdmin}') or was erased already ('${PERSONAL_DATA_MESSAGES.alreadyErased}')`,
        ),
      },
    },
    handler: async (request) => {
      const { id } = request.params;
      const session = sessionOf(request);
      const erased = await erasePersonalData(
        app.db,
        id,
        session.userId,
        erasureChecks(session, request.body.confirm),
        auditOf(request),
      );
      if (!erased) throw notFound(USER_ERRORS.notFound);
      // After the commit: a rolled-back erasure must not have lost the picture.
      await Promise.all(erased.pictureKeys.map((key) => storage.delete(key)));
      return ok(PERSONAL_DATA_SUCCESS.erased(id), { user: erased.user });
    },
  });
}
