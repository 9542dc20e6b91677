import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_RECIPIENT_STATUS,
  AUDIENCE_MESSAGES,
  type AudienceMatch,
  type RecipientType,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import { selectPage, withTotal } from '../../db/page';
import { byPersonName, personDetails, userNameOrPhone } from '../../db/search';
import { audiences, users } from '../../db/schema';
import { audienceWhere } from '../../lib/audience-sql';
import { badRequest } from '../../lib/http-errors';
import { likePattern } from '../../lib/like-pattern';

/** The send form's recipient picker: who a send can reach. */

/** A send's saved audience (decision 073): its name and rules, or the form's 400 when it is gone. */
async function savedAudience(db: Db, id: number | null | undefined) {
  const [row] = await db
    .select({
      id: audiences.id,
      name: audiences.name,
      match: audiences.match,
      rules: audiences.rules,
    })
    .from(audiences)
    .where(eq(audiences.id, id ?? 0));
  if (!row)
    throw badRequest(AUDIENCE_MESSAGES.sendAudienceMissing, {
      audience_id: [AUDIENCE_MESSAGES.sendAudienceMissing],
    });
  return { ...row, match: row.match as AudienceMatch };
}

/**
 * Who a send goes to, as a condition on user `u`, and the saved audience it names, if any:
 * the one reading of a send's recipient type, for the send, its dry run and the picker's count.
 */
export async function recipientsOf(
  db: Db,
  v: { recipient_type: RecipientType; recipient_ids?: number[]; audience_id?: number | null },
) {
  if (v.recipient_type === 'audience') {
    const saved = await savedAudience(db, v.audience_id);
    return { who: audienceWhere(saved), saved };
  }
  const who =
    v.recipient_type === 'specific'
      ? sql`u.id = any(${sql.param(v.recipient_ids ?? [])}::int[])`
      : v.recipient_type === 'active'
        ? sql`u.status = ${ACTIVE_RECIPIENT_STATUS}`
        : sql`true`;
  return { who, saved: null };
}

export async function listRecipients(
  db: Db,
  q: {
    page: number;
    limit: number;
    search?: string;
    recipient_type?: 'all' | 'active' | 'audience';
    audience_id?: number;
  },
) {
  // An erased person is nobody's recipient any more (decision 055).
  const filters: SQL[] = [isNull(users.erasedAt)];
  if (q.recipient_type === 'active') filters.push(eq(users.status, ACTIVE_RECIPIENT_STATUS));
  if (q.recipient_type === 'audience') {
    const { who } = await recipientsOf(db, {
      recipient_type: 'audience',
      audience_id: q.audience_id,
    });
    filters.push(sql`${users.id} in (select u.id from users u where ${who})`);
  }
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
