import { sql } from 'drizzle-orm';
import type { PermissionName } from '@cricket/contracts';
import type { Db } from '../client';
import { permissions, rolePermissions, roles } from '../schema';

/** The platform's roles beside admin: players and their officials, plus a back-office helper. */
const DEMO_ROLES: { name: string; description: string; permissions: PermissionName[] }[] = [
  { name: 'owner', description: 'Team owners and tournament organizers', permissions: [] },
  { name: 'umpire', description: 'Match officials', permissions: [] },
  { name: 'player', description: 'Registered cricketers', permissions: [] },
  {
    name: 'support staff',
    description: 'Back-office staff who look after users and teams',
    permissions: [
      'admin.access',
      'dashboard.view',
      'users.view',
      'users.update',
      'teams.view',
      'team_players.view',
    ],
  },
];

export async function seedDemoRoles(db: Db) {
  for (const role of DEMO_ROLES) {
    const [row] = await db
      .insert(roles)
      .values({ name: role.name, description: role.description })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    if (!row || role.permissions.length === 0) continue;
    await db.execute(sql`
      insert into ${rolePermissions} (role_id, permission_id)
      select ${row.id}, id from ${permissions} where name in ${role.permissions}`);
  }
}

/** A cricket platform in India: quiet hours (21:00–08:00, the migration's) in India's time. */
export async function seedDemoMessagingSettings(db: Db) {
  await db.execute(sql`update messaging_settings set time_zone = 'Asia/Kolkata' where id = 1`);
}
