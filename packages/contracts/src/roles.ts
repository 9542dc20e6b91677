import { z } from 'zod';
import {
  MAX_ID,
  nameText,
  optionalText,
  pagination,
  paginationQuery,
  sortQuery,
} from './common.ts';
import { ROLE_SORT_KEYS, ROLE_STATUSES } from './role-values.ts';

/** Spec §9: role name at most 50 characters, description at most 200. */
export const ROLE_NAME_MAX = 50;
export const ROLE_DESCRIPTION_MAX = 200;
/** Spec §9: the permission picker loads 20 per page, 10 after a reset. */
export const PERMISSIONS_PAGE_SIZE = 20;
export const PERMISSIONS_RESET_PAGE_SIZE = 10;

/** `GET /roles/active`: the roles a user can be given (role pickers and filters). */
export const activeRole = z.object({ id: z.number().int(), name: z.string() });
export type ActiveRole = z.infer<typeof activeRole>;

/** Spec §5 Role: the create/edit form, also the request body of POST and PUT /roles. */
export const roleForm = z.object({
  name: nameText('Role name')
    .min(1, 'Role name is required')
    .max(ROLE_NAME_MAX, `Role name must not exceed ${ROLE_NAME_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(ROLE_DESCRIPTION_MAX, `Description must not exceed ${ROLE_DESCRIPTION_MAX} characters`),
  is_active: z.boolean(),
});
export type RoleForm = z.infer<typeof roleForm>;

export const permissionIds = z
  .array(z.number().int().positive().max(MAX_ID))
  .max(1000)
  .meta({ description: 'Ids of existing permissions (GET /api/permissions/grouped)' });

/**
 * POST/PUT /roles: the form plus, optionally, the complete set of permission ids, so a whole
 * save is one transaction. Without `permission_ids` the role's grants stay as they are.
 */
export const roleBody = roleForm.extend({
  description: roleForm.shape.description.optional().default(''),
  is_active: z.boolean().optional().default(true),
  permission_ids: permissionIds.optional(),
});
export type RoleBody = z.input<typeof roleBody>;

/**
 * PUT /roles/{id}: like POST, but a field left out keeps its value, as the grants do without
 * `permission_ids`: a name-only save keeps the description and the status (an empty
 * description clears it).
 */
export const roleUpdateBody = roleBody.extend({
  description: roleForm.shape.description.optional(),
  is_active: z.boolean().optional(),
});
export type RoleUpdateBody = z.input<typeof roleUpdateBody>;

/** POST and DELETE /roles/{id}/permissions. */
export const rolePermissionsBody = z.object({
  permission_ids: permissionIds.min(1, 'Select at least one permission'),
});

export const roleStatus = z.enum(ROLE_STATUSES);
export type RoleStatus = z.infer<typeof roleStatus>;

export const rolesQuery = paginationQuery.extend({
  name: optionalText,
  status: z
    .union([roleStatus, z.literal('')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  ...sortQuery(ROLE_SORT_KEYS),
});
export type RolesQuery = z.input<typeof rolesQuery>;
/** The export's query (issue 33): the list's filters and sort, without its page. */
export const rolesExportQuery = rolesQuery.omit({ page: true, limit: true });
/** The roles export's header row: the list's columns, with the id to find each again. */
export const ROLE_EXPORT_COLUMNS = {
  id: 'ID',
  name: 'Role Name',
  description: 'Description',
  user_count: 'Users',
  is_active: 'Active',
  created_at: 'Created At',
} as const;

/** Spec §3 Permission. */
export const permission = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  action: z.string(),
  resource: z.string(),
});
export type Permission = z.infer<typeof permission>;

const roleBase = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
});

/** A row of the roles list: the users count is `user_count` here (spec §3). */
export const roleListItem = roleBase.extend({
  user_count: z.number().int(),
  /** The role's version: its delete sends If-Match built from it (decision 059). */
  updated_at: z.string(),
});
export type RoleListItem = z.infer<typeof roleListItem>;

/** One role with its permissions: the users count is `users_count` here (spec §3). */
export const roleDetail = roleBase.extend({
  users_count: z.number().int(),
  updated_at: z.string(),
  permissions: z.array(permission),
});
export type RoleDetail = z.infer<typeof roleDetail>;

export const roleData = z.object({ role: roleDetail });

/** `GET /permissions/grouped`: one page of the catalogue, keyed by module (resource). */
export const groupedPermissionsQuery = paginationQuery.extend({
  limit: paginationQuery.shape.limit.default(PERMISSIONS_PAGE_SIZE),
});
export const groupedPermissions = z.record(z.string(), z.array(permission));
export type GroupedPermissions = z.infer<typeof groupedPermissions>;
export const groupedPermissionsData = z.object({ permissions: groupedPermissions, pagination });
export type GroupedPermissionsData = z.infer<typeof groupedPermissionsData>;
