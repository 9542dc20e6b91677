import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { ACTIVE_RECIPIENT_STATUS } from '@cricket/contracts';
import type { Db } from '../../db/client';
import { selectPage, withTotal } from '../../db/page';
import { byPersonName, personDetails, userNameOrPhone } from '../../db/search';
import { users } from '../../db/schema';
import { likePattern } from '../../lib/like-pattern';

/** The send form's recipient picker: who a send can reach. */

/** Who receives a send of this recipient type, as SQL over `users`. */
function audience(type: 'all' | 'active'): SQL | undefined {
  return type === 'active' ? eq(users.status, ACTIVE_RECIPIENT_STATUS) : undefined;
}

export async function listRecipients(
  db: Db,
  q: { page: number; limit: number; search?: string; recipient_type?: 'all' | 'active' },
) {
  // An erased person is nobody's recipient any more (decision 055).
  const filters: SQL[] = [isNull(users.erasedAt)];
  const inAudience = audience(q.recipient_type ?? 'all');
  if (inAudience) filters.push(inAudience);
  if (q.search) {
    filters.push(
      sql`(${userNameOrPhone(q.search)} or lower(${users.email}) like ${likePattern(q.search)})`,
    );
  }
  const { rows, total } = await selectPage(
    () =>
      db
        .select(
          withTotal({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            phoneNumber: users.phoneNumber,
            email: users.email,
          }),
        )
        .from(users)
        .where(and(...filters))
        .orderBy(...byPersonName)
        .$dynamic(),
    q,
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      details: personDetails(r),
      phone_number: r.phoneNumber,
      email: r.email,
    })),
    total,
  };
}
