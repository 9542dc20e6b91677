import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ETAG_HEADER,
  IF_MATCH_HEADER,
  RECORD_CHANGED_STATUS,
  RECORD_VERSION_MESSAGES,
  recordEtag,
} from '@cricket/contracts';
import type { Db } from '../db/client';
import { HttpError } from './http-errors';

/**
 * Edit conflicts (decision 059). A record's version is its `updated_at`; its GET and PUT send it
 * as the ETag, and its PUT and DELETE honour If-Match: a version the record no longer has answers
 * 412 and changes nothing. A request without If-Match writes as it always did.
 */

/** A table whose rows carry a version: an `id` and an `updated_at` every update sets. */
export type VersionedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The table of the record the route reads or writes, named by the `id` (or `_id`) path parameter: a
     * GET answers with its ETag, a PUT or DELETE honours If-Match (and the OpenAPI document says
     * so, plugins/openapi.ts).
     */
    version?: VersionedTable;
  }
}

/**
 * The `updated_at` of a row's update: now, to the millisecond the version keeps, and always past
 * the row's last version, so two updates within one millisecond (or on servers whose clocks
 * differ) still give two versions.
 */
export const nextVersion = (updatedAt: PgColumn): SQL =>
  sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${updatedAt}) + interval '1 millisecond')`;

export const etagOf = (updatedAt: string | Date) => recordEtag(updatedAt);

/** Sets the ETag of the record the answer carries. */
export function sendVersion(reply: FastifyReply, updatedAt: string | Date): void {
  reply.header(ETAG_HEADER, etagOf(updatedAt));
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** The entity tags of If-Match (`*` is any), or undefined when the request sends none. */
function ifMatchOf(request: FastifyRequest): string[] | undefined {
  const header = request.headers[IF_MATCH_HEADER];
  if (header === undefined) return undefined;
  const values = Array.isArray(header) ? header : [header];
  return values.flatMap((value) => value.split(',')).map(opaque);
}

/**
 * Refuses with 412 when If-Match names no version the record has. The comparison is weak (the
 * `W/` prefix is ignored on both sides): the tag names the record's version, not a byte-exact
 * representation, which is what If-Match protects here.
 */
export function assertIfMatch(request: FastifyRequest, current: Date): void {
  const tags = ifMatchOf(request);
  if (tags === undefined || tags.includes('*') || tags.includes(opaque(etagOf(current)))) return;
  throw new HttpError(RECORD_CHANGED_STATUS, RECORD_VERSION_MESSAGES.changed);
}

/**
 * Runs a PUT's or DELETE's write under its If-Match: in one transaction, the record's row is
 * locked, its version compared, then `write` runs (its own transaction becomes a savepoint), so
 * no other write can land between the check and this one. Without If-Match, or without the
 * record (the write answers its own 404), `write` runs as it always did.
 */
export async function versionedWrite<T>(
  db: Db,
  request: FastifyRequest,
  write: (db: Db) => Promise<T>,
): Promise<T> {
  const table = request.routeOptions.config.version;
  if (!table) throw new Error(`${request.method} ${request.routeOptions.url} declares no version`);
  if (ifMatchOf(request) === undefined) return write(db);
  // Spec §7 names some records' parameter `_id` (WhatsApp categories).
  const params = request.params as { id?: unknown; _id?: unknown };
  const id = Number(params.id ?? params._id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ updatedAt: table.updatedAt })
      .from(table)
      .where(eq(table.id, id))
      .for('update');
    if (row) assertIfMatch(request, row.updatedAt as Date);
    return write(tx);
  });
}
