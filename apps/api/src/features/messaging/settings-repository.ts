import { eq, sql } from 'drizzle-orm';
import {
  TIME_ZONE_MESSAGES,
  type MessagingSettings,
  type MessagingSettingsValues,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import { messagingSettings as t } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { knownTimeZone } from '../../lib/quiet-hours';
import type { AuditWriter } from '../../plugins/audit';

/** The organisation's messaging settings: one row, id 1 (migration 0032). */
const ROW = 1;

const columns = {
  start: sql<string>`to_char(${t.quietHoursStart}, 'HH24:MI')`,
  end: sql<string>`to_char(${t.quietHoursEnd}, 'HH24:MI')`,
  timeZone: t.timeZone,
  updatedAt: t.updatedAt,
};

async function read(db: Db, lock = false): Promise<MessagingSettings> {
  const query = db.select(columns).from(t).where(eq(t.id, ROW));
  const [row] = lock ? await query.for('update') : await query;
  return {
    quiet_hours_start: row!.start,
    quiet_hours_end: row!.end,
    time_zone: row!.timeZone,
    updated_at: row!.updatedAt.toISOString(),
  };
}

export const getMessagingSettings = (db: Db) => read(db);

const snapshotOf = ({ updated_at: _, ...s }: MessagingSettings) => s;

export async function updateMessagingSettings(
  db: Db,
  v: MessagingSettingsValues,
  audit: AuditWriter,
): Promise<MessagingSettings> {
  const zone = await knownTimeZone(db, v.time_zone);
  if (!zone)
    throw badRequest(TIME_ZONE_MESSAGES.invalid, { time_zone: [TIME_ZONE_MESSAGES.invalid] });
  return db.transaction(async (tx) => {
    const before = await read(tx, true);
    await tx
      .update(t)
      .set({
        quietHoursStart: v.quiet_hours_start,
        quietHoursEnd: v.quiet_hours_end,
        timeZone: zone,
        updatedAt: sql`now()`,
      })
      .where(eq(t.id, ROW));
    const after = await read(tx);
    await audit(tx, {
      entityId: ROW,
      action: 'update',
      before: snapshotOf(before),
      after: snapshotOf(after),
    });
    return after;
  });
}
