import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_MESSAGES,
  activeRole,
  buildPagination,
  envelope,
  groupedPermissionsData,
  groupedPermissionsQuery,
  idParam,
  messageOnly,
  pageOf,
  roleBody,
  roleUpdateBody,
  roleData,
  roleListItem,
  rolePermissionsBody,
  rolesExportQuery,
  rolesQuery,
  ROLE_EXPORT_COLUMNS,
  ROLE_SUCCESS,
} from '@cricket/contracts';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { listExportRoute } from '../../lib/csv-export';
import { ok, okPage } from '../../lib/envelope';
import { sendVersion, versionedWrite } from '../../lib/record-version';
import { roles } from '../../db/schema';
import { auditOf } from '../../plugins/audit';
import { sessionOf } from '../../plugins/auth';
import {
  createRole,
  deleteRole,
  findRole,
  grantPermissions,
  listActiveRoles,
  listPermissionsGrouped,
  listRoles,
  revokePermissions,
  updateRole,
  searchRoles,
  exportRoles,
} from './repository';
import { provideRolesBulk } from './bulk';
import { assertKeepsOwnAccess as keepsOwnAccess } from './rules';

export async function rolesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.globalSearch.provide('roles', (q, limit) => searchRoles(app.db, q, limit));
  const tags = ['roles'];
  provideRolesBulk(app);

  const assertKeepsOwnAccess = (
    request: FastifyRequest,
    id: number,
    change: Parameters<typeof keepsOwnAccess>[3],
  ) => keepsOwnAccess(app.db, sessionOf(request).roleId, id, change);

  async function roleOrNotFound(id: number) {
    const role = await findRole(app.db, id);
    if (!role) throw notFound(ROLE_MESSAGES.notFound);
    return role;
  }

  // Feeds the role pickers of the user screens, so it needs users.view rather than roles.view.
  r.get('/api/roles/active', {
    config: { access: 'users.view' },
    schema: {
      tags,
      summary: 'Active roles for pickers',
      response: { 200: envelope(z.array(activeRole)) },
    },
    handler: async () => ok(ROLE_SUCCESS.activeListed, await listActiveRoles(app.db)),
  });

  r.get('/api/roles', {
    config: { access: 'roles.view' },
    schema: {
      tags,
      summary: 'Roles, filtered by name and status, with their user counts',
      querystring: rolesQuery,
      response: { 200: envelope(pageOf(roleListItem)) },
    },
    handler: async (request) => {
      const q = request.query;
      return okPage(ROLE_SUCCESS.listed, q, await listRoles(app.db, q));
    },
  });

  listExportRoute(app, {
    list: 'roles',
    access: 'roles.view',
    tag: 'roles',
    querystring: rolesExportQuery,
    rows: (q) => exportRoles(app.db, q),
    columns: ROLE_EXPORT_COLUMNS,
  });

  r.post('/api/roles', {
    config: { access: 'roles.create', audit: { entity: 'role' } },
    schema: {
      tags,
      summary: 'Create a role, optionally with its permissions in the same transaction',
      body: roleBody,
      response: { 201: envelope(roleData) },
    },
    handler: async (request, reply) => {
      const id = await createRole(
        app.db,
        sessionOf(request).permissions,
        request.body,
        auditOf(request),
      );
      reply.status(201);
      return ok(ROLE_SUCCESS.created, { role: await roleOrNotFound(id) });
    },
  });

  r.get('/api/roles/:id', {
    config: { access: 'roles.view', version: roles },
    schema: {
      tags,
      summary: 'A role with its permissions',
      params: idParam,
      response: { 200: envelope(roleData) },
    },
    handler: async (request, reply) => {
      const role = await roleOrNotFound(request.params.id);
      sendVersion(reply, role.updated_at);
      return ok(ROLE_SUCCESS.fetched, { role });
    },
  });

  r.put('/api/roles/:id', {
    config: { access: 'roles.update', audit: { entity: 'role' }, version: roles },
    schema: {
      tags,
      summary:
        'Update a role; fields left out keep their values; with permission_ids, its permissions become exactly those',
      params: idParam,
      body: roleUpdateBody,
      response: { 200: envelope(roleData) },
    },
    handler: async (request, reply) => {
      const { is_active, permission_ids } = request.body;
      await assertKeepsOwnAccess(request, request.params.id, {
        deactivates: is_active === false,
        keeps: permission_ids,
      });
      await versionedWrite(app.db, request, (db) =>
        updateRole(
          db,
          sessionOf(request).permissions,
          request.params.id,
          request.body,
          auditOf(request),
        ),
      );
      const role = await roleOrNotFound(request.params.id);
      sendVersion(reply, role.updated_at);
      return ok(ROLE_SUCCESS.updated, { role });
    },
  });

  r.delete('/api/roles/:id', {
    config: { access: 'roles.delete', audit: { entity: 'role' }, version: roles },
    schema: {
      tags,
      summary: 'Delete a role that has no users',
      params: idParam,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      await versionedWrite(app.db, request, (db) =>
        deleteRole(db, sessionOf(request).permissions, request.params.id, auditOf(request)),
      );
      return ok(ROLE_SUCCESS.deleted);
    },
  });

  // The spec's separate grant and revoke calls: the same shape, one verb each.
  const permissionChanges = [
    {
      method: 'POST',
      summary: 'Grant permissions to a role',
      apply: grantPermissions,
      message: ROLE_SUCCESS.permissionsAssigned,
    },
    {
      method: 'DELETE',
      summary: 'Revoke permissions from a role (permission_ids in the body)',
      apply: revokePermissions,
      message: ROLE_SUCCESS.permissionsRemoved,
    },
  ] as const;
  for (const change of permissionChanges) {
    r.route({
      method: change.method,
      url: '/api/roles/:id/permissions',
      config: { access: 'roles.update', audit: { entity: 'role' } },
      schema: {
        tags,
        summary: change.summary,
        params: idParam,
        body: rolePermissionsBody,
        response: { 200: envelope(roleData) },
      },
      handler: async (request) => {
        if (change.method === 'DELETE') {
          await assertKeepsOwnAccess(request, request.params.id, {
            drops: request.body.permission_ids,
          });
        }
        await change.apply(
          app.db,
          sessionOf(request).permissions,
          request.params.id,
          request.body.permission_ids,
          auditOf(request),
        );
        return ok(change.message, { role: await roleOrNotFound(request.params.id) });
      },
    });
  }

  r.get('/api/permissions/grouped', {
    config: { access: 'permissions.view' },
    schema: {
      tags,
      summary: 'One page of the permission catalogue, keyed by module',
      querystring: groupedPermissionsQuery,
      response: { 200: envelope(groupedPermissionsData) },
    },
    handler: async (request) => {
      const q = request.query;
      const { grouped, total } = await listPermissionsGrouped(app.db, q);
      return ok(ROLE_SUCCESS.permissionsListed, {
        permissions: grouped,
        pagination: buildPagination(total, q.page, q.limit),
      });
    },
  });
}
