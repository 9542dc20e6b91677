import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

/**
 * Quiet hours (issue 32, decision 054): the organisation's daily window of local time
 * (messaging_settings), counted in each recipient's own time zone. The one place that says
 * when a delivery due inside the window may go: the sends (createSend) and the dry run share it.
 */

/** A recipient's zone: their own (`users.time_zone`), else the organisation's default. */
export const recipientZone = (userTimeZone: SQL) =>
  sql`coalesce(${userTimeZone}, (select ms.time_zone from messaging_settings ms where ms.id = 1))`;

/**
 * When a delivery due at `due` (timestamptz) may go for someone in `timeZone` (an IANA name):
 * the end of the quiet hours it falls in, in that zone, or `due` itself outside them. A window
 * crossing midnight (21:00–08:00) ends the next morning from the evening and the same morning
 * after midnight; one that does not (13:00–15:00) ends the same day. PostgreSQL does the zone
 * arithmetic (`at time zone`, with its tz data), so DST changes are its: the window ends at
 * 08:00 wall-clock time, whatever the offset that day.
 */
export function quietRelease(timeZone: SQL, due: SQL): SQL<string> {
  return sql`(select greatest(w.due, case
      when w.s < w.e and w.t >= w.s and w.t < w.e then (w.d + w.e) at time zone w.z
      when w.s > w.e and w.t >= w.s then (w.d + 1 + w.e) at time zone w.z
      when w.s > w.e and w.t < w.e then (w.d + w.e) at time zone w.z
      else w.due end)
    from (select x.due, x.z, ms.quiet_hours_start as s, ms.quiet_hours_end as e,
            (x.due at time zone x.z)::date as d, (x.due at time zone x.z)::time as t
          from messaging_settings ms,
            (select (${due})::timestamptz as due, (${timeZone})::text as z) x
          where ms.id = 1) w)`;
}

/**
 * The zone as PostgreSQL spells it, or null when it does not know it. The contracts' rule asks
 * the runtime's Intl; the database's tz data decides what a send can compute, and the two may
 * differ by a tz release, so a zone is stored only when both know it.
 */
export async function knownTimeZone(db: Db, name: string): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select name from pg_timezone_names where lower(name) = lower(${name})
        order by name = ${name} desc limit 1`,
  );
  return row?.name ?? null;
}
