import { and, asc, eq, sql } from 'drizzle-orm';
import {
  BULK_ERRORS_KEPT,
  type BulkAction,
  type BulkJob,
  type BulkJobStatus,
  type BulkList,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import { bulkJobItems, bulkJobs } from '../../db/schema';
import type { AuditWriter } from '../../plugins/audit';
import { BULK_JOBS_CHANNEL } from '../../plugins/bulk-jobs';

type JobRow = typeof bulkJobs.$inferSelect;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** Rows inserted per statement when a job is made (one array parameter each). */
const INSERT_CHUNK = 10_000;

async function toJob(db: Db, row: JobRow): Promise<BulkJob> {
  const errors =
    row.failed === 0
      ? []
      : await db
          .select({ id: bulkJobItems.entityId, message: bulkJobItems.message })
          .from(bulkJobItems)
          .where(and(eq(bulkJobItems.jobId, row.id), eq(bulkJobItems.state, 'failed')))
          .orderBy(asc(bulkJobItems.position))
          .limit(BULK_ERRORS_KEPT);
  return {
    id: row.id,
    list: row.list as BulkList,
    action: row.action as BulkAction,
    to_status: row.toStatus,
    scope: row.scope ?? null,
    status: row.status as BulkJobStatus,
    total: row.total,
    done: row.done,
    failed: row.failed,
    errors: errors.map((e) => ({ id: e.id, message: e.message ?? '' })),
    cancel_requested: row.cancelRequested,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  };
}

/** The job as the API answers it, snapshot for its audit record. */
const snapshot = (row: JobRow) => ({
  list: row.list,
  action: row.action,
  to_status: row.toStatus,
  scope: row.scope,
  total: row.total,
  status: row.status,
});

/**
 * Makes a job over `ids` (in this order, each once), with its audit record, and announces it
 * on the workers' channel at commit. A job over no rows is done at once.
 */
export async function createJob(
  db: Db,
  o: {
    list: BulkList;
    action: BulkAction;
    toStatus: string | null;
    selection: Record<string, unknown>;
    scope: Record<string, number> | null;
    requestedBy: number;
    ids: number[];
  },
  audit: AuditWriter,
): Promise<BulkJob> {
  const ids = [...new Set(o.ids)];
  const row = await db.transaction(async (tx) => {
    const [job] = await tx
      .insert(bulkJobs)
      .values({
        list: o.list,
        action: o.action,
        toStatus: o.toStatus,
        selection: o.selection,
        scope: o.scope,
        requestedBy: o.requestedBy,
        total: ids.length,
        ...(ids.length === 0 && { status: 'done', finishedAt: sql`now()` }),
      })
      .returning();
    for (let at = 0; at < ids.length; at += INSERT_CHUNK) {
      const chunk = ids.slice(at, at + INSERT_CHUNK);
      await tx.execute(sql`
        insert into ${bulkJobItems} (job_id, position, entity_id)
        select ${job!.id}, ${at} + t.ord::int, t.id
        from unnest(${`{${chunk.join(',')}}`}::int[]) with ordinality as t(id, ord)`);
    }
    await audit(tx, { entityId: job!.id, action: 'create', after: snapshot(job!) });
    if (ids.length > 0)
      await tx.execute(sql`select pg_notify(${BULK_JOBS_CHANNEL}, ${String(job!.id)})`);
    return job!;
  });
  return toJob(db, row);
}

/** A job, only to the user who made it (another's is not found). */
export async function findJob(db: Db, id: number, requestedBy: number): Promise<BulkJob | null> {
  const [row] = await db
    .select()
    .from(bulkJobs)
    .where(and(eq(bulkJobs.id, id), eq(bulkJobs.requestedBy, requestedBy)));
  return row ? toJob(db, row) : null;
}

/**
 * Asks a job to stop: a queued one is cancelled at once; a running one at its next row (the
 * worker reads the request between rows). Answers null when there is no such job of theirs,
 * 'finished' when it has ended already.
 */
export async function cancelJob(
  db: Db,
  id: number,
  requestedBy: number,
  audit: AuditWriter,
): Promise<BulkJob | 'finished' | null> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(bulkJobs)
      .where(and(eq(bulkJobs.id, id), eq(bulkJobs.requestedBy, requestedBy)))
      .for('update');
    if (!before) return null;
    if (before.status === 'done' || before.status === 'cancelled') return 'finished' as const;
    const [after] = await tx
      .update(bulkJobs)
      .set({
        cancelRequested: true,
        ...(before.status === 'queued' && { status: 'cancelled', finishedAt: sql`now()` }),
      })
      .where(eq(bulkJobs.id, id))
      .returning();
    await audit(tx, {
      entityId: id,
      action: 'cancel',
      before: { ...snapshot(before), cancel_requested: before.cancelRequested },
      after: { ...snapshot(after!), cancel_requested: after!.cancelRequested },
    });
    return after!;
  });
  return row === null || row === 'finished' ? row : toJob(db, row);
}
