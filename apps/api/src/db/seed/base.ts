import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { PERMISSION_CATALOGUE, PROTECTED_ROLE_ID, STANDARD_DROPDOWNS } from '@cricket/contracts';
import type { Db } from '../client';
import { dropdownOptions, permissions, rolePermissions, roles, users } from '../schema';
import { hashPassword } from '../../lib/passwords';

export interface SeedLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * Reference data every start makes sure of (idempotent): the permission catalogue, the
 * protected admin role holding every permission, the dropdown lists and the first admin.
 */
export async function seedBase(db: Db, opts: { adminEmail: string; adminPassword?: string }, log: SeedLog) {
  await db
    .insert(permissions)
    .values(
      PERMISSION_CATALOGUE.map((p) => ({ name: p.name, description: p.description, action: p.action, resource: p.module })),
    )
    .onConflictDoUpdate({
      target: permissions.name,
      set: { description: sql`excluded.description`, action: sql`excluded.action`, resource: sql`excluded.resource` },
    });

  await db
    .insert(roles)
    .values({ id: PROTECTED_ROLE_ID, name: 'admin', description: 'Full access to the back-office' })
    .onConflictDoNothing();
  // The identity sequence must move past the explicit id 1.
  await db.execute(sql`select setval(pg_get_serial_sequence('roles', 'id'), greatest((select max(id) from roles), 1))`);
  await db.execute(sql`
    insert into ${rolePermissions} (role_id, permission_id)
    select ${PROTECTED_ROLE_ID}, id from ${permissions}
    on conflict do nothing`);

  for (const [category, names] of Object.entries(STANDARD_DROPDOWNS)) {
    await db
      .insert(dropdownOptions)
      .values(names.map((name, i) => ({ category, name, sortOrder: i })))
      .onConflictDoNothing();
  }

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, opts.adminEmail));
  if (!existing) {
    const password = opts.adminPassword ?? randomBytes(12).toString('base64url');
    await db.insert(users).values({
      email: opts.adminEmail,
      phoneNumber: '9000000001',
      passwordHash: await hashPassword(password),
      roleId: PROTECTED_ROLE_ID,
      status: 'verified',
      firstName: 'Platform',
      lastName: 'Admin',
    });
    if (opts.adminPassword) {
      log.info(`Created administrator ${opts.adminEmail} with the password from ADMIN_PASSWORD`);
    } else {
      // Printed once, on the start that creates the account; it is not stored anywhere else.
      log.warn(`Created administrator ${opts.adminEmail} with generated password: ${password}`);
    }
  }
}
