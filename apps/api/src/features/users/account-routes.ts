import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBody,
  ACCOUNT_MESSAGES,
  ACCOUNT_SUCCESS,
  LOGIN_THROTTLED_MESSAGE,
  USER_ERRORS,
  accountForm,
  envelope,
  messageOnly,
  ownSessionsPage,
  ownSessionsQuery,
  passwordChangeForm,
  sessionIdParam,
} from '@cricket/contracts';
import { z } from 'zod';
import { ok, okPage } from '../../lib/envelope';
import { HttpError, badRequest, notFound } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { auditOf } from '../../plugins/audit';
import { sessionOf } from '../../plugins/auth';
import { setPassword } from './repository';
import { rethrowUniqueViolation } from './rules';
import {
  endOtherSessions,
  endOwnSession,
  findPasswordHash,
  listOwnSessions,
  updateAccount,
} from './account-repository';

const SESSIONS_NOT_AUDITED =
  'Ending a session changes no record; the sessions list shows what is still signed in';

/** The signed-in person's own account: details, password and sessions (issue 13). */
export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  r.put('/api/user/profile', {
    config: { access: 'signed-in', audit: { entity: 'user' } },
    schema: {
      tags,
      summary: 'Save your own name, phone number and picture (not email or role)',
      body: accountForm,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      const { userId } = sessionOf(request);
      const saved = await updateAccount(app.db, userId, request.body, auditOf(request)).catch(
        rethrowUniqueViolation,
      );
      if (!saved) throw notFound(USER_ERRORS.notFound);
      return ok(ACCOUNT_SUCCESS.saved);
    },
  });

  r.put('/api/user/password', {
    config: { access: 'signed-in', audit: { entity: 'user' } },
    schema: {
      tags,
      summary: 'Change your own password; signs out every other session of yours',
      body: passwordChangeForm,
      response: { 200: messageOnly, 429: errorBody },
    },
    handler: async (request, reply) => {
      const session = sessionOf(request);
      const { current_password, new_password } = request.body;
      // Guessing the current password here counts as guessing it at sign-in (decision 018).
      const key = `user:${session.userId}`;
      const wait = await app.throttles.login.take(request.clientAddress, key);
      if (wait !== null) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, LOGIN_THROTTLED_MESSAGE);
      }
      const stored = await findPasswordHash(app.db, session.userId);
      if (!(await verifyPassword(stored, current_password)))
        throw badRequest(ACCOUNT_MESSAGES.currentWrong, {
          current_password: [ACCOUNT_MESSAGES.currentWrong],
        });
      await app.throttles.login.succeeded(request.clientAddress, key);
      await setPassword(
        app.db,
        session.userId,
        await hashPassword(new_password),
        session.sessionId,
        auditOf(request),
      );
      return ok(ACCOUNT_SUCCESS.passwordChanged);
    },
  });

  r.get('/api/user/sessions', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'Your active sessions, a page at a time, the most recently used first',
      querystring: ownSessionsQuery,
      response: { 200: envelope(ownSessionsPage) },
    },
    handler: async (request) => {
      const { userId, sessionId } = sessionOf(request);
      const q = request.query;
      return okPage(
        ACCOUNT_SUCCESS.sessionsListed,
        q,
        await listOwnSessions(app.db, userId, sessionId, q),
      );
    },
  });

  r.delete('/api/user/sessions/:id', {
    config: { access: 'signed-in', audit: { none: SESSIONS_NOT_AUDITED } },
    schema: {
      tags,
      summary: 'Sign out one of your own sessions',
      params: sessionIdParam,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      const { userId } = sessionOf(request);
      if (!(await endOwnSession(app.db, userId, request.params.id)))
        throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
      return ok(ACCOUNT_SUCCESS.sessionEnded);
    },
  });

  r.delete('/api/user/sessions', {
    config: { access: 'signed-in', audit: { none: SESSIONS_NOT_AUDITED } },
    schema: {
      tags,
      summary: 'Sign out all your sessions except this one',
      response: { 200: envelope(z.object({ ended: z.number().int() })) },
    },
    handler: async (request) => {
      const { userId, sessionId } = sessionOf(request);
      return ok(ACCOUNT_SUCCESS.othersEnded, {
        ended: await endOtherSessions(app.db, userId, sessionId),
      });
    },
  });
}
