import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBody,
  LOGIN_FAILED_MESSAGE,
  LOGIN_THROTTLED_MESSAGE,
  REMEMBER_SESSION_TTL_MS,
  SESSION_TTL_MS,
  TOKEN_COOKIE,
  USER_ERRORS,
  XSRF_COOKIE,
  envelope,
  loginBody,
  loginData,
  messageOnly,
  profileUser,
  AUTH_SUCCESS,
} from '@cricket/contracts';
import { z } from 'zod';
import { sessionOf } from '../../plugins/auth';
import { ok } from '../../lib/envelope';
import { HttpError, notFound, unauthorized } from '../../lib/http-errors';
import { verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { createSession, findLoginCandidate, findProfile, revokeSession } from './repository';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  function setSessionCookies(reply: FastifyReply, token: string, expiresAt: Date) {
    const common = {
      path: '/',
      sameSite: 'lax' as const,
      secure: app.config.cookieSecure,
      expires: expiresAt,
    };
    reply.setCookie(TOKEN_COOKIE, token, { ...common, httpOnly: true });
    reply.setCookie(XSRF_COOKIE, newToken(), { ...common, httpOnly: false });
  }

  r.post('/api/user/login', {
    config: {
      access: 'public',
      audit: { none: 'Signing in starts a session; it changes no record (see My sessions)' },
      idempotency: {
        none: 'The answer is a new session token, which is never stored; a second sign-in only starts a second session',
      },
    },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with email and password',
      body: loginBody,
      response: { 200: envelope(loginData), 401: errorBody, 429: errorBody },
    },
    handler: async (request, reply) => {
      const { email, password, device_info, remember } = request.body;
      const wait = await app.throttles.login.take(request.clientAddress, email);
      if (wait !== null) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, LOGIN_THROTTLED_MESSAGE);
      }
      const candidate = await findLoginCandidate(app.db, email);
      const passwordOk = await verifyPassword(candidate?.passwordHash, password);
      // A blocked account gets the wrong password's answer, whatever the password (decision 018).
      const maySignIn =
        candidate &&
        candidate.roleActive &&
        candidate.canSignIn &&
        candidate.status !== 'suspended';
      if (!passwordOk || !maySignIn) throw unauthorized(LOGIN_FAILED_MESSAGE);
      await app.throttles.login.succeeded(request.clientAddress, email);
      const token = newToken();
      const expiresAt = new Date(
        Date.now() + (remember ? REMEMBER_SESSION_TTL_MS : SESSION_TTL_MS),
      );
      await createSession(app.db, {
        tokenHash: hashToken(token),
        userId: candidate.id,
        deviceName: device_info.name,
        deviceType: device_info.type,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        expiresAt,
      });
      setSessionCookies(reply, token, expiresAt);
      return ok(AUTH_SUCCESS.signedIn, { token, expires_at: expiresAt.toISOString() });
    },
  });

  r.get('/api/user/profile', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user with role and permission names',
      response: { 200: envelope(z.object({ user: profileUser })) },
    },
    handler: async (request) => {
      const session = sessionOf(request);
      const profile = await findProfile(app.db, session.userId);
      if (!profile) throw notFound(USER_ERRORS.notFound);
      return ok(AUTH_SUCCESS.profileFetched, {
        user: {
          id: profile.id,
          email: profile.email,
          first_name: profile.firstName,
          last_name: profile.lastName,
          phone_number: profile.phoneNumber,
          profile_picture: profile.profilePicture,
          created_at: profile.createdAt.toISOString(),
          role: { id: profile.roleId, name: profile.roleName },
          permissions: session.permissions,
        },
      });
    },
  });

  r.post('/api/user/logout', {
    config: {
      access: 'signed-in',
      audit: { none: 'Signing out ends the current session; it changes no record' },
    },
    schema: {
      tags: ['auth'],
      summary: 'Revoke the current session',
      response: { 200: messageOnly },
    },
    handler: async (request, reply) => {
      await revokeSession(app.db, sessionOf(request).sessionId);
      reply.clearCookie(TOKEN_COOKIE, { path: '/' });
      reply.clearCookie(XSRF_COOKIE, { path: '/' });
      return ok(AUTH_SUCCESS.signedOut);
    },
  });
}
