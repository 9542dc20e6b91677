import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import fp from 'fastify-plugin';
import {
  BULK_JOB_MESSAGES,
  BULK_LISTS,
  FORBIDDEN_MESSAGE,
  MAX_PAGE_SIZE,
  bulkPermissionOf,
  type AuditEntityType,
  type BulkAction,
  type BulkList,
  type PermissionName,
} from '@cricket/contracts';
import { queryRows, type Database, type Db } from '../db/client';
import type { KeyedRow } from '../db/export';
import { permissionsOfRole } from '../db/grants';
import { bulkJobItems, bulkJobs, permissions, roles, users } from '../db/schema';
import type { SessionContext } from '../lib/active-sessions';
import { writeAudit } from '../lib/audit';
import { HttpError } from '../lib/http-errors';
import type { AuditWriter } from './audit';
import { sleepUnlessWoken } from '../lib/sleep-unless-woken';

/**
 * Bulk actions as background jobs (issue 33, decision 060). A feature provides, for its list,
 * how its filters resolve to ids and, per action, how one row is changed: the single-row
 * action's own rules and repository call, with the audit writer it is given. This plugin keeps
 * the jobs: a worker claims one with FOR UPDATE SKIP LOCKED under a lease, runs its pending rows
 * one after the other, each in its own transaction, and looks for a cancel between two rows.
 */

/** The ids of a list's export batches (the list's own filters, walked by keyset). */
export async function idsOfBatches(batches: AsyncIterable<KeyedRow[]>): Promise<number[]> {
  const ids: number[] = [];
  for await (const batch of batches) for (const row of batch) ids.push(row.keyId);
  return ids;
}

/**
 * The ids of a list with no export, read page by page through the list's own query (such
 * lists are short: templates, categories, messages).
 */
export async function idsOfPages(
  page: (p: { page: number; limit: number }) => Promise<{ ids: number[]; total: number }>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 1; ; n += 1) {
    const { ids: found, total } = await page({ page: n, limit: MAX_PAGE_SIZE });
    ids.push(...found);
    if (found.length < MAX_PAGE_SIZE || ids.length >= total) return ids;
  }
}

/** Whom a job's rows run as: its requester, with their role's grants as they are now. */
export type BulkActor = SessionContext;

export interface BulkRow<S = null> {
  id: number;
  actor: BulkActor;
  /** The record the list belongs to (a squad's `{ team_id }`); null for a list of its own. */
  scope: S;
  /** The status of set_status; null for a delete. */
  status: string | null;
  /**
   * The audit writer of this row: pass it to the single-row action's repository call, which
   * calls it once inside its transaction. It also marks the row done there, so a row's change
   * and its being done commit together (a restart never redoes it).
   */
  audit: AuditWriter;
}

/** One row's change; a refusal is thrown as the single-row route throws it (its HttpError). */
export type BulkRowAction<S = null> = (db: Db, row: BulkRow<S>) => Promise<void>;

/** A list's filters as its own query schema reads them (the contract's BULK_LISTS). */
export type BulkQuery<L extends BulkList> = z.output<(typeof BULK_LISTS)[L]['query']>;

/** The record a list belongs to as its scope schema reads it; null for a list of its own. */
export type BulkScope<L extends BulkList> = ScopeOf<(typeof BULK_LISTS)[L]['scope']>;
type ScopeOf<T> = T extends z.ZodType<infer S> ? S : null;

export interface BulkListProvider<Q = never, S = null> {
  /** The audit record's entity type: the one the single-row routes declare. */
  entity: AuditEntityType;
  /** Every id the list's filters match (within the scope's record, where it has one). */
  resolve(db: Db, query: Q, scope: S): Promise<number[]>;
  delete: BulkRowAction<S>;
  set_status?: BulkRowAction<S>;
}

export interface BulkWorker {
  start(): void;
  /** Stops after the row in progress; resolves once it has. */
  stop(): Promise<void>;
  /** Ends the idle wait now (a job was just made). */
  wake(): void;
  /**
   * One round: claim a job (queued, or running with its lease run out) and run its pending
   * rows until it ends, is cancelled, or `maxRows` rows have run (a test stopping half-way, as
   * a process that dies would). `now` stands for the time the lease is read against. Answers
   * the rows run.
   */
  runOnce(o?: { now?: Date; maxRows?: number }): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bulkJobs: {
      /** The feature that owns a list says how its rows are found and changed; once per list. */
      provide<L extends BulkList>(
        list: L,
        provider: BulkListProvider<BulkQuery<L>, BulkScope<L>>,
      ): void;
      provider<L extends BulkList>(
        list: L,
      ): BulkListProvider<BulkQuery<L>, BulkScope<L>> | undefined;
      worker: BulkWorker;
    };
  }
}

/** The channel a new job is announced on, so an idle worker of any instance starts it. */
export const BULK_JOBS_CHANNEL = 'bulk_jobs';

export interface BulkWorkerSettings {
  /** How long a claimed job is this worker's without a word from it. */
  leaseMs: number;
  /** How often an idle worker looks for work it was not told about. */
  pollMs: number;
  /** Pending rows read at a time. */
  batchRows: number;
}

export const DEFAULT_BULK_SETTINGS: BulkWorkerSettings = {
  leaseMs: 60_000,
  pollMs: 5_000,
  batchRows: 200,
};

interface ClaimedJob {
  id: number;
  list: BulkList;
  action: BulkAction;
  to_status: string | null;
  scope: Record<string, number> | null;
  requested_by: number | null;
}

/** The requester as a session would have them now: an inactive role, or nobody, grants nothing. */
async function actorOf(db: Db, userId: number | null): Promise<BulkActor> {
  const none: BulkActor = {
    sessionId: 0,
    userId: userId ?? 0,
    roleId: 0,
    roleName: '',
    permissions: [],
  };
  if (userId === null) return none;
  const [row] = await db
    .select({
      roleId: roles.id,
      roleName: roles.name,
      active: roles.isActive,
      status: users.status,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  if (!row) return none;
  const grants =
    row.active && row.status !== 'suspended'
      ? await permissionsOfRole(db, row.roleId, { name: permissions.name })
      : [];
  return {
    sessionId: 0,
    userId,
    roleId: row.roleId,
    roleName: row.roleName,
    permissions: grants.map((g) => g.name as PermissionName),
  };
}

export function createBulkWorker(options: {
  db: Db;
  providers: Map<BulkList, BulkListProvider<unknown, unknown>>;
  settings?: Partial<BulkWorkerSettings>;
  log?: { error(obj: unknown, msg?: string): void };
}): BulkWorker {
  const s = { ...DEFAULT_BULK_SETTINGS, ...options.settings };
  const { db, providers } = options;
  const wakers = new Set<() => void>();
  let running = false;
  let loop: Promise<void> | null = null;

  async function claim(now: Date): Promise<ClaimedJob | null> {
    const at = now.toISOString();
    const [job] = await queryRows<ClaimedJob>(
      db,
      sql`update ${bulkJobs} j set
            status = 'running',
            started_at = coalesce(j.started_at, now()),
            lease_until = ${at}::timestamptz + ${`${s.leaseMs} milliseconds`}::interval
          where j.id = (
            select id from ${bulkJobs}
            where status = 'queued' or (status = 'running' and lease_until < ${at}::timestamptz)
            order by id limit 1
            for update skip locked)
          returning j.id, j.list, j.action, j.to_status, j.scope, j.requested_by`,
    );
    return job ?? null;
  }

  /**
   * Between two rows: the lease renewed, and whether a cancel was asked. A cancelled job ends
   * here, its rows after this one left pending and untouched.
   */
  async function carryOn(job: ClaimedJob, now: Date): Promise<boolean> {
    const [row] = await db
      .update(bulkJobs)
      .set({
        leaseUntil: sql`${now.toISOString()}::timestamptz + ${`${s.leaseMs} milliseconds`}::interval`,
      })
      .where(eq(bulkJobs.id, job.id))
      .returning({ cancel: bulkJobs.cancelRequested });
    if (!row) return false;
    if (!row.cancel) return true;
    await db
      .update(bulkJobs)
      .set({ status: 'cancelled', finishedAt: sql`now()`, leaseUntil: null })
      .where(eq(bulkJobs.id, job.id));
    return false;
  }

  /** A row refused: failed with the rule's message, in one transaction with the count. */
  async function fail(jobId: number, position: number, message: string) {
    await db.transaction(async (tx) => {
      const marked = await tx
        .update(bulkJobItems)
        .set({ state: 'failed', message })
        .where(
          and(
            eq(bulkJobItems.jobId, jobId),
            eq(bulkJobItems.position, position),
            eq(bulkJobItems.state, 'pending'),
          ),
        )
        .returning({ position: bulkJobItems.position });
      if (marked.length > 0)
        await tx
          .update(bulkJobs)
          .set({ failed: sql`${bulkJobs.failed} + 1` })
          .where(eq(bulkJobs.id, jobId));
    });
  }

  async function runRow(
    job: ClaimedJob,
    provider: BulkListProvider<unknown, unknown>,
    action: BulkRowAction<unknown>,
    actor: BulkActor,
    item: { position: number; entityId: number },
  ) {
    let audited = false;
    const audit: AuditWriter = async (tx, change) => {
      await writeAudit(tx, { actorId: job.requested_by, entityType: provider.entity, ...change });
      const marked = await tx
        .update(bulkJobItems)
        .set({ state: 'done' })
        .where(
          and(
            eq(bulkJobItems.jobId, job.id),
            eq(bulkJobItems.position, item.position),
            eq(bulkJobItems.state, 'pending'),
          ),
        )
        .returning({ position: bulkJobItems.position });
      // Another worker ran it already (this one outlived its lease): its change rolls back.
      if (marked.length === 0) throw new Error(`bulk job ${job.id} row ${item.position} ran twice`);
      await tx
        .update(bulkJobs)
        .set({ done: sql`${bulkJobs.done} + 1` })
        .where(eq(bulkJobs.id, job.id));
      audited = true;
    };
    try {
      await action(db, {
        id: item.entityId,
        actor,
        status: job.to_status,
        scope: job.scope,
        audit,
      });
      if (!audited) await fail(job.id, item.position, BULK_JOB_MESSAGES.rowFailed);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode < 500) {
        await fail(job.id, item.position, err.message);
      } else {
        options.log?.error({ err, job: job.id, row: item.entityId }, 'bulk job row failed');
        await fail(job.id, item.position, BULK_JOB_MESSAGES.rowFailed);
      }
    }
  }

  async function runOnce(o: { now?: Date; maxRows?: number } = {}) {
    const now = o.now ?? new Date();
    const job = await claim(now);
    if (!job) return 0;
    const provider = providers.get(job.list);
    const action = provider?.[job.action];
    const permission = bulkPermissionOf(job.list, job.action);
    const actor = await actorOf(db, job.requested_by);
    // Whoever lost the right since asking has their rows refused as the route would refuse them.
    const refusal =
      !provider || !action
        ? BULK_JOB_MESSAGES.rowFailed
        : !permission || !actor.permissions.includes(permission)
          ? FORBIDDEN_MESSAGE
          : null;
    let ran = 0;
    for (;;) {
      const batch = await db
        .select({ position: bulkJobItems.position, entityId: bulkJobItems.entityId })
        .from(bulkJobItems)
        .where(and(eq(bulkJobItems.jobId, job.id), eq(bulkJobItems.state, 'pending')))
        .orderBy(bulkJobItems.position)
        .limit(s.batchRows);
      if (batch.length === 0) {
        await db
          .update(bulkJobs)
          .set({ status: 'done', finishedAt: sql`now()`, leaseUntil: null })
          .where(and(eq(bulkJobs.id, job.id), eq(bulkJobs.status, 'running')));
        return ran;
      }
      for (const item of batch) {
        if (o.maxRows !== undefined && ran >= o.maxRows) return ran;
        // Other work of this process goes first: on embedded PGlite, one connection, a reader
        // of the job's progress would otherwise wait until the job ends.
        await new Promise((resolve) => setImmediate(resolve));
        if (!(await carryOn(job, o.now ?? new Date()))) return ran;
        if (refusal) await fail(job.id, item.position, refusal);
        else await runRow(job, provider!, action!, actor, item);
        ran += 1;
      }
    }
  }

  async function run() {
    while (running) {
      let ran = 0;
      try {
        ran = await runOnce();
      } catch (err) {
        options.log?.error({ err }, 'bulk job round failed');
      }
      if (!running) break;
      // A job just ended: another may be waiting; otherwise sleep until told or polled.
      if (ran === 0) await sleepUnlessWoken(s.pollMs, wakers);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      for (const wake of [...wakers]) wake();
      await loop;
      loop = null;
    },
    wake() {
      for (const wake of [...wakers]) wake();
    },
    runOnce,
  };
}

export default fp(
  async function bulkJobsPlugin(
    app: FastifyInstance,
    { database, settings }: { database: Database; settings?: Partial<BulkWorkerSettings> },
  ) {
    const providers = new Map<BulkList, BulkListProvider<unknown, unknown>>();
    const worker = createBulkWorker({ db: app.db, providers, settings, log: app.log });
    app.decorate('bulkJobs', {
      provide<L extends BulkList>(list: L, provider: BulkListProvider<BulkQuery<L>, BulkScope<L>>) {
        if (providers.has(list)) throw new Error(`Bulk list ${list} has a provider already`);
        if (Boolean(BULK_LISTS[list].setStatus) !== Boolean(provider.set_status))
          throw new Error(`Bulk list ${list}: set_status must be provided exactly where offered`);
        providers.set(list, provider as BulkListProvider<unknown, unknown>);
      },
      provider: <L extends BulkList>(list: L) =>
        providers.get(list) as BulkListProvider<BulkQuery<L>, BulkScope<L>> | undefined,
      worker,
    });
    if (app.config.bulkWorker) {
      let subscription: { close(): Promise<void> } | null = null;
      app.addHook('onReady', async () => {
        // Another instance's new job wakes this one; the poll covers a lost notification.
        subscription = await database.subscribe(BULK_JOBS_CHANNEL, {
          message: () => worker.wake(),
          up: () => worker.wake(),
          down: () => {},
        });
        worker.start();
      });
      app.addHook('preClose', async () => {
        await subscription?.close();
        await worker.stop();
      });
    }
  },
  { name: 'bulk-jobs', decorators: { fastify: ['db', 'config'] } },
);
