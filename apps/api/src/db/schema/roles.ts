import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const roles = pgTable(
  'roles',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 50 }).notNull(),
    description: varchar({ length: 200 }),
    isActive: boolean().notNull().default(true),
    /** Bumped by a trigger on every grant or revoke, so cached grants know when they are stale. */
    grantsVersion: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roles_name_lower_uq').on(sql`lower(${t.name})`),
    index('roles_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const permissions = pgTable('permissions', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: varchar({ length: 100 }).notNull().unique(),
  description: text().notNull(),
  action: varchar({ length: 50 }).notNull(),
  resource: varchar({ length: 50 }).notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    index('role_permissions_permission_idx').on(t.permissionId),
  ],
);
