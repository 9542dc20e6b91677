import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { AUDIT_COUNT_CAP, type AuditLog, type AuditLogsFilter } from '@cricket/contracts';
import type { Db } from '../../db/client';
import { auditLogs } from '../../db/schema';

const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
};

/** Each filter matches the leading columns of one index in schema/audit.ts (decision 021). */
function filtersOf(q: AuditLogsFilter): SQL | undefined {
  const f: SQL[] = [];
  if (q.entity_type) f.push(eq(auditLogs.entityType, q.entity_type));
  if (q.entity_id) f.push(eq(auditLogs.entityId, q.entity_id));
  if (q.actor_id) f.push(eq(auditLogs.actorId, q.actor_id));
  if (q.actor_email) f.push(sql`lower(${auditLogs.actorEmail}) = ${q.actor_email}`);
  if (q.action) f.push(eq(auditLogs.action, q.action));
  if (q.from) f.push(gte(auditLogs.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) f.push(lt(auditLogs.createdAt, nextDay(q.to)));
  return f.length ? and(...f) : undefined;
}

/** One page of records, newest first (the query the index test explains). */
export function auditPageQuery(db: Db, q: AuditLogsFilter) {
  return db
    .select()
    .from(auditLogs)
    .where(filtersOf(q))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
}

/**
 * One page, newest first, and how many records match, counted no further than
 * AUDIT_COUNT_CAP: the page is a backward scan of an index that stops after the page, and the
 * count reads at most the cap's worth of index entries, however large the trail has grown.
 */
export async function listAuditLogs(db: Db, q: AuditLogsFilter) {
  const where = filtersOf(q);
  const [rows, [counted]] = await Promise.all([
    auditPageQuery(db, q),
    db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(auditLogs)
        .where(where)
        .limit(AUDIT_COUNT_CAP)
        .as('capped'),
    ),
  ]);
  return {
    total: counted?.n ?? 0,
    rows: rows.map((r): AuditLog => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      actor: { id: r.actorId, email: r.actorEmail },
      entity_type: r.entityType,
      entity_id: r.entityId,
      action: r.action,
      changes: r.changes as AuditLog['changes'],
    })),
  };
}
