import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditEntityType } from '@cricket/contracts';
import { writeAudit, type AuditChange } from '../lib/audit';
import type { Db } from '../db/client';
import { recordKey } from './idempotency';

/**
 * What a mutating route changes (decision 021): the kind of record its audit entry names, or,
 * for a route whose writes are not a change to any record (signing in and out), `none` with
 * the reason. Every POST, PUT, PATCH and DELETE under /api must say which; the app refuses to
 * start otherwise, as it does for a missing `access`.
 */
export type RouteAudit = { entity: AuditEntityType } | { none: string };

export interface RouteAuditEntry {
  method: string;
  url: string;
  audit: RouteAudit;
}

/** Writes the one audit record of a request, inside the transaction of its change. */
export type AuditWriter = (tx: Db, change: AuditChange) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: RouteAudit;
  }
  interface FastifyRequest {
    /** How many audit records this request wrote (exactly one for a successful audited route). */
    auditWrites: number;
  }
  interface FastifyInstance {
    routeAuditTable: RouteAuditEntry[];
  }
}

export const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export default fp(async function auditPlugin(app: FastifyInstance) {
  app.decorate('routeAuditTable', [] as RouteAuditEntry[]);
  app.decorateRequest('auditWrites', 0);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) =>
      MUTATING_METHODS.has(m),
    );
    if (methods.length === 0) return;
    const audit = route.config?.audit;
    const where = `Route ${methods.join(',')} ${route.url}`;
    if (!audit) throw new Error(`${where} declares no audit`);
    if ('none' in audit && audit.none.trim() === '')
      throw new Error(`${where} declares audit none without a reason`);
    for (const method of methods) app.routeAuditTable.push({ method, url: route.url, audit });
  });

  // A declared route that answered success without its record is a bug in that route; the
  // route-table test (features/audit/audit-routes.test.ts) fails on it, this says which in a log.
  app.addHook('onResponse', async (request, reply) => {
    const audit = request.routeOptions.config.audit;
    if (!audit || 'none' in audit || reply.statusCode >= 400 || request.idempotentReplay) return;
    if (request.auditWrites !== 1)
      request.log.error(
        { route: request.routeOptions.url, writes: request.auditWrites },
        'An audited route succeeded without writing exactly one audit record',
      );
  });
});

/**
 * The audit writer of a request: bound to its signed-in actor and the entity type its route
 * declared. Pass it to the repository, which calls it once inside the change's transaction.
 * It also marks the request's Idempotency-Key committed there (decision 036), so a write that
 * committed is found by a retry even when its answer was lost.
 */
export function auditOf(request: FastifyRequest): AuditWriter {
  const audit = request.routeOptions.config.audit;
  if (!audit || 'none' in audit)
    throw new Error(`${request.method} ${request.routeOptions.url} declares no audited entity`);
  const actorId = request.session?.userId ?? null;
  return async (tx, change) => {
    await writeAudit(tx, { actorId, entityType: audit.entity, ...change });
    await recordKey(request, tx);
    request.auditWrites += 1;
  };
}

/** The audit writer of a change made outside a request (a command-line tool, a job). */
export function auditAs(actorId: number | null, entity: AuditEntityType): AuditWriter {
  return (tx, change) => writeAudit(tx, { actorId, entityType: entity, ...change });
}

/** The audit writer of a change reported by an outside system (Meta's webhook: 'WhatsApp'). */
export function auditBySystem(systemActor: string, entity: AuditEntityType): AuditWriter {
  return (tx, change) =>
    writeAudit(tx, { actorId: null, systemActor, entityType: entity, ...change });
}
