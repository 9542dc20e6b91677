import { createHash, randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import stringify from 'safe-stable-stringify';
import {
  IDEMPOTENCY_DONE_EARLIER_STATUS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENCY_MESSAGES,
} from '@cricket/contracts';
import { preparedOnce, type Db } from '../db/client';
import { idempotencyKeys as keys } from '../db/schema';
import { withoutSecrets } from '../lib/audit';
import { HttpError, badRequest } from '../lib/http-errors';
import { loggableError } from '../lib/pg-error';

/**
 * Idempotency-Key on every POST under /api (decision 036). A POST that sends a key claims it
 * before its handler runs; the write's own transaction marks it committed (`recordKey`, called
 * by the audit writer), and its answer is stored before it is sent. A retry with the same key
 * and body gets that answer again without running the handler; one with another body, 422;
 * one while the first still runs, 409; one whose first request committed but lost its answer
 * (the connection dropped during COMMIT), 412. A failed request that committed nothing gives
 * its key back, so its retry runs.
 */

/** A route that must not store its answer says why (sign-in: the answer is a session token). */
export type RouteIdempotency = { none: string };

interface Claim {
  owner: string;
  key: string;
  lease: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: RouteIdempotency;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs; null without one, and once settled. */
    idempotencyClaim: Claim | null;
    /** This answer is a stored one, given again: the handler did not run. */
    idempotentReplay: boolean;
  }
  interface FastifyInstance {
    idempotency: {
      /** Deletes the keys older than the TTL; runs by itself at most hourly (on a claim). */
      forgetExpired(): Promise<void>;
    };
  }
}

/** How long a claim counts as running: a holder that died (a crash) frees its key after it. */
const LEASE_SECONDS = 30;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const TTL = sql.raw(`interval '${IDEMPOTENCY_KEY_TTL_HOURS} hours'`);
const LEASE = sql.raw(`interval '${LEASE_SECONDS} seconds'`);

/**
 * Answers that say the server could not finish rather than what the request did: after a
 * commit, a retry learns "done earlier" (412) instead of these again.
 */
const OUTCOME_UNKNOWN = new Set([500, 503, 504]);

/**
 * The key of a header value: a Structured Fields string (`"…"`, as the draft writes it) or the
 * bare value most clients send. Undefined without the header; null when it is not a key.
 */
export function parseKey(value: string | string[] | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return null;
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(value);
  if (value.startsWith('"') && !quoted) return null;
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : value;
  return IDEMPOTENCY_KEY_PATTERN.test(key) ? key : null;
}

/**
 * What makes two requests the same: method, URL and validated body, with secret-named fields
 * left out so the table never holds a password's hash. A multipart body streams to its
 * handler unread, so an upload is matched by its method and URL alone: never by its key alone,
 * or a key first used elsewhere would replay that route's answer (found by the contract fuzzer).
 */
function fingerprintOf(request: FastifyRequest): string {
  const body = /^multipart\//i.test(request.headers['content-type'] ?? '')
    ? 'multipart'
    : (stringify(withoutSecrets(request.body ?? null)) ?? 'null');
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

const ownerOf = (request: FastifyRequest) =>
  request.routeOptions.config.access === 'public' || !request.session
    ? `route:${request.method} ${request.routeOptions.url}`
    : `user:${request.session.userId}`;

const held = (claim: Claim) =>
  and(eq(keys.owner, claim.owner), eq(keys.key, claim.key), eq(keys.lease, claim.lease));

/**
 * Marks the request's key committed inside the transaction of its write, so the write and the
 * mark commit together or not at all. The audit writer calls it (`auditOf`); a write without
 * an audit record passes `keyRecorderOf(request)` to its transaction instead.
 */
export async function recordKey(request: FastifyRequest, tx: Db): Promise<void> {
  const claim = request.idempotencyClaim;
  if (!claim) return;
  if (!(tx instanceof PgTransaction))
    throw new Error('An idempotency key must be recorded inside the transaction of its write');
  const marked = await tx
    .update(keys)
    .set({ committed: true, lockedUntil: null })
    .where(held(claim))
    .returning({ key: keys.key });
  // The lease ran out and a retry took the key over: that retry does the write, not this one.
  if (marked.length === 0) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inFlight);
}

/**
 * The two statements every POST with a key runs, claiming it and storing its answer: built and
 * prepared once (decision 042), on the connections for named statements (db/client.ts).
 */
function prepareClaim(prepared: Db) {
  const param = (name: string) => sql.placeholder(name);
  return prepared
    .insert(keys)
    .values({
      owner: param('owner'),
      key: param('key'),
      fingerprint: param('fingerprint'),
      lease: param('lease'),
      lockedUntil: sql`now() + ${LEASE}`,
    })
    .onConflictDoUpdate({
      target: [keys.owner, keys.key],
      set: {
        fingerprint: sql`excluded.fingerprint`,
        lease: sql`excluded.lease`,
        lockedUntil: sql`excluded.locked_until`,
        committed: false,
        status: null,
        body: null,
        createdAt: sql`now()`,
      },
      // Expired, or held by a request that died before committing anything.
      setWhere: sql`${keys.createdAt} < now() - ${TTL}
        or (not ${keys.committed} and ${keys.lockedUntil} < now())`,
    })
    .returning({ lease: keys.lease })
    .prepare('idempotency_claim');
}

function prepareAnswer(prepared: Db) {
  return prepared
    .update(keys)
    .set({
      status: sql`${sql.placeholder('status')}::int`,
      body: sql`${sql.placeholder('body')}::text`,
      committed: true,
      lockedUntil: null,
    })
    .where(
      and(
        eq(keys.owner, sql.placeholder('owner')),
        eq(keys.key, sql.placeholder('key')),
        eq(keys.lease, sql.placeholder('lease')),
      ),
    )
    .prepare('idempotency_answer');
}

/** The key recorder of a request, for a repository that writes without an audit record. */
export const keyRecorderOf = (request: FastifyRequest) => (tx: Db) => recordKey(request, tx);

export default fp(
  async function idempotencyPlugin(app: FastifyInstance) {
    app.decorateRequest('idempotencyClaim', null);
    app.decorateRequest('idempotentReplay', false);

    const forgetExpired = async () => {
      await app.db.delete(keys).where(lt(keys.createdAt, sql`now() - ${TTL}`));
    };
    app.decorate('idempotency', { forgetExpired });
    let lastSweep = 0;
    const sweep = async (request: FastifyRequest) => {
      if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
      lastSweep = Date.now();
      await forgetExpired().catch((err: unknown) =>
        request.log.warn({ err: loggableError(err) }, 'expired idempotency keys not deleted'),
      );
    };

    /** The key as this request's, unless another live request holds it or it was used. */
    async function claim(owner: string, key: string, fingerprint: string) {
      const lease = randomUUID();
      const [won] = await preparedOnce(app.db, 'idempotency_claim', prepareClaim).execute({
        owner,
        key,
        fingerprint,
        lease,
      });
      return won ? { owner, key, lease } : null;
    }

    async function answerRetry(
      reply: FastifyReply,
      owner: string,
      key: string,
      fingerprint: string,
    ) {
      const [row] = await app.db
        .select({
          fingerprint: keys.fingerprint,
          committed: keys.committed,
          status: keys.status,
          body: keys.body,
          waitSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${keys.lockedUntil} - now())))::int`,
        })
        .from(keys)
        .where(and(eq(keys.owner, owner), eq(keys.key, key)));
      // Given back between the two statements: the caller claims again.
      if (!row) return false;
      // A row without one was stored by an upload before uploads had one: matched by key.
      if (row.fingerprint !== null && row.fingerprint !== fingerprint)
        throw new HttpError(422, IDEMPOTENCY_MESSAGES.keyReused);
      if (!row.committed) {
        reply.header('retry-after', String(row.waitSeconds ?? 1));
        throw new HttpError(409, IDEMPOTENCY_MESSAGES.inFlight);
      }
      if (row.status === null || row.body === null)
        throw new HttpError(IDEMPOTENCY_DONE_EARLIER_STATUS, IDEMPOTENCY_MESSAGES.doneEarlier);
      reply.request.idempotentReplay = true;
      reply.code(row.status).type('application/json; charset=utf-8').send(row.body);
      return true;
    }

    app.addHook('preHandler', async (request, reply) => {
      if (request.method !== 'POST' || !request.routeOptions.url?.startsWith('/api/')) return;
      if (request.routeOptions.config.idempotency) return;
      const key = parseKey(request.headers[IDEMPOTENCY_HEADER]);
      if (key === undefined) return;
      if (key === null)
        throw badRequest(IDEMPOTENCY_MESSAGES.invalidKey, {
          [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_MESSAGES.invalidKey],
        });
      await sweep(request);
      const owner = ownerOf(request);
      const fingerprint = fingerprintOf(request);
      for (let tries = 0; tries < 3; tries++) {
        const won = await claim(owner, key, fingerprint);
        if (won) {
          request.idempotencyClaim = won;
          return;
        }
        if (await answerRetry(reply, owner, key, fingerprint)) return reply;
      }
      throw new HttpError(409, IDEMPOTENCY_MESSAGES.inFlight);
    });

    // Before the answer leaves, so a client cannot retry ahead of it being stored. Failing to
    // store it (the database went away) costs the retry its answer, never the client this one.
    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = null;
      const status = reply.statusCode;
      const answer = { status, body: typeof payload === 'string' ? payload : null };
      try {
        if (status < 400) {
          // A write without a transaction mark (no audit record) commits its key here.
          await preparedOnce(app.db, 'idempotency_answer', prepareAnswer).execute({
            ...claim,
            ...answer,
          });
        } else {
          // A refusal or failure after the write committed (a reply kept but not delivered) is
          // that request's answer; one that committed nothing gives the key back.
          if (!OUTCOME_UNKNOWN.has(status))
            await app.db
              .update(keys)
              .set(answer)
              .where(and(held(claim), eq(keys.committed, true)));
          await app.db.delete(keys).where(and(held(claim), eq(keys.committed, false)));
        }
      } catch (err) {
        request.log.warn({ err: loggableError(err) }, 'idempotency key not settled');
      }
      return payload;
    });
  },
  { name: 'idempotency', decorators: { fastify: ['db'] } },
);
