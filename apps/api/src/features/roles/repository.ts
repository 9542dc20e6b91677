import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema';

export function listActiveRoles(db: Db) {
  return db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.isActive, true)).orderBy(asc(roles.name));
}
