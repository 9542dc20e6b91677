import { sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { AUDIT_SECRET_FIELD, type AuditAction, type AuditEntityType } from '@cricket/contracts';
import type { Db } from '../db/client';
import { auditLogs, users } from '../db/schema';

export type Snapshot = Record<string, unknown>;
export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditChange {
  entityId: number;
  action: AuditAction;
  /** The record before and after the change (null where it did not exist); diffed here. */
  before?: Snapshot | null;
  after?: Snapshot | null;
}

/**
 * Another record a snapshot points at (a team's owner, a user's role, a player's batting
 * style), recorded as `{ id, name }`: the trail reads by the name it had at the time, and a
 * change to another record of the same name still shows (decision 039).
 */
export function reference(
  id: number | null,
  name: string | null,
): { id: number; name: string | null } | null {
  return id === null ? null : { id, name };
}

/** Bookkeeping every record has; a change to only these is no change worth reading. */
const NOT_FIELDS = new Set(['id', 'created_at', 'updated_at']);

/** Drops every secret-looking key, at any depth, so no caller can leak one into the trail. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !AUDIT_SECRET_FIELD.test(k))
        .map(([k, v]) => [k, withoutSecrets(v)]),
    );
  }
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * The fields that differ between two snapshots, each with its before and after value (null
 * where the record or the field did not exist). Values compare as JSON, so arrays and nested
 * objects count as one field.
 */
export function fieldChanges(before: Snapshot | null, after: Snapshot | null): FieldChanges {
  const b = (withoutSecrets(before ?? {}) as Snapshot) ?? {};
  const a = (withoutSecrets(after ?? {}) as Snapshot) ?? {};
  const changes: FieldChanges = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (NOT_FIELDS.has(key)) continue;
    const was = b[key] ?? null;
    const is = a[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[key] = { before: was, after: is };
  }
  return changes;
}

/**
 * The one statement an audited change adds to its transaction: an insert that also copies the
 * actor's name and email as they are now. Refuses to run outside a transaction, where the record could
 * survive a change that failed or be lost from one that succeeded.
 */
export async function writeAudit(
  tx: Db,
  entry: AuditChange & {
    actorId: number | null;
    entityType: AuditEntityType;
    /** A change no user made, named for the trail: 'WhatsApp' for Meta's webhook reports. */
    systemActor?: string;
  },
) {
  if (!(tx instanceof PgTransaction))
    throw new Error('An audit record must be written inside the transaction of its change');
  const changes = fieldChanges(entry.before ?? null, entry.after ?? null);
  // A change with a before and an after that differ in no field (a form saved as it was
  // loaded, a grant of permissions held already, a revoke of ones never held) is not a change,
  // whatever its action: the trail would fill with entries that show no field. An event that
  // carries no values (a password change) has neither and is always recorded.
  if (entry.before && entry.after && Object.keys(changes).length === 0) return;
  const actor = (column: SQL) =>
    entry.actorId === null
      ? null
      : sql`(select ${column} from ${users} where ${users.id} = ${entry.actorId})`;
  await tx.insert(auditLogs).values({
    actorId: entry.actorId,
    actorEmail: actor(sql`${users.email}`),
    actorName:
      entry.actorId === null
        ? (entry.systemActor ?? null)
        : actor(sql`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`),
    entityType: entry.entityType,
    entityId: entry.entityId,
    action: entry.action,
    changes,
  });
}
