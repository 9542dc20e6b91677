import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { ORGANIZER_ROLE } from '@cricket/contracts';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';

/** The lower-cased "first last" expression the trigram index is built on. */
export const fullNameExpr = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

/** Escapes LIKE wildcards so a search for "50%" means the characters. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

export async function listOrganizers(
  db: Db,
  q: { page: number; limit: number; search?: string; organizer_id?: number },
) {
  const filters: SQL[] = [sql`lower(${roles.name}) = ${ORGANIZER_ROLE}`, sql`${users.status} <> 'suspended'`];
  if (q.organizer_id) filters.push(eq(users.id, q.organizer_id));
  if (q.search) {
    const digits = q.search.replace(/\D/g, '');
    filters.push(
      digits.length >= 3
        ? sql`(${fullNameExpr} like ${likePattern(q.search)} or ${users.phoneNumber} like ${likePattern(digits)})`
        : sql`${fullNameExpr} like ${likePattern(q.search)}`,
    );
  }
  const where = and(...filters);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ id: users.id, phoneNumber: users.phoneNumber, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(where),
  ]);
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      phone_number: r.phoneNumber,
      details: { first_name: r.firstName, last_name: r.lastName },
    })),
  };
}
