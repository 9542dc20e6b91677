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
export async function seedBase(
  db: Db,
  opts: { adminEmail: string; adminPassword?: string },
  log: SeedLog,
) {
  await db
    .insert(permissions)
    .values(
      PERMISSION_CATALOGUE.map((p) => ({
        name: p.name,
        description: p.description,
        action: p.action,
        resource: p.module,
      })),
    )
    .onConflictDoUpdate({
      target: permissions.name,
      set: {
        description: sql`excluded.description`,
        action: sql`excluded.action`,
        resource: sql`excluded.resource`,
      },
    });

  await db
    .insert(roles)
    .values({ id: PROTECTED_ROLE_ID, name: 'admin', description: 'Full access to the back-office' })
    .onConflictDoNothing();
  // The identity sequence must move past the explicit id 1.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('roles', 'id'), greatest((select max(id) from roles), 1))`,
  );
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

  // ADMIN_EMAIL names an administrator to create when no account has that email: on the first
  // start, and on a later start with another ADMIN_EMAIL (a way back in). An existing account
  // is never changed, its password included.
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, opts.adminEmail));
  if (!existing) {
    const password = opts.adminPassword ?? randomBytes(12).toString('base64url');
    await db.insert(users).values({
      email: opts.adminEmail,
      phoneNumber: await freeAdminPhoneNumber(db),
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

/** Placeholder numbers 9000000001, 9000000002, …: the first no account has yet. */
async function freeAdminPhoneNumber(db: Db) {
  const taken = new Set(
    (
      await db
        .select({ n: users.phoneNumber })
        .from(users)
        .where(sql`${users.phoneNumber} like '90000000%'`)
    ).map((r) => r.n),
  );
  for (let n = 9_000_000_001; ; n++) if (!taken.has(String(n))) return String(n);
}
