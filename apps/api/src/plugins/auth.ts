import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ADMIN_ACCESS,
  FORBIDDEN_MESSAGE,
  TOKEN_COOKIE,
  UNAUTHENTICATED_MESSAGE,
  XSRF_COOKIE,
  XSRF_HEADER,
  type AuditEntityType,
  type PermissionName,
} from '@cricket/contracts';
import {
  findActiveSession,
  forgetSessions,
  sessionCache,
  type SessionContext,
} from '../lib/active-sessions';
import { forbidden, unauthorized } from '../lib/http-errors';
import { hashToken } from '../lib/tokens';
import type { RouteAudit } from './audit';

/**
 * What a route needs: a permission from the catalogue, any signed-in session, or nothing.
 * Every /api route must say which; the app refuses to start otherwise.
 */
export type RouteAccess = PermissionName | 'signed-in' | 'public';

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    session: SessionContext | null;
  }
  interface FastifyInstance {
    routeAccessTable: RouteAccessEntry[];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The records whose writes can end a session or change what it may do: the tables the
 * auth_changed triggers watch are sessions, users and roles (with their grants). Routes that
 * change other records (teams, templates, sends…) never touch those, so their writes leave
 * the session cache alone: emptying it after each one made the next request of every session
 * read its session again. A route without an audited entity (signing out, ending sessions)
 * counts as one that can.
 */
const AUTH_ENTITIES: ReadonlySet<AuditEntityType> = new Set(['user', 'role']);

const mayChangeAuth = (audit: RouteAudit | undefined) =>
  !audit || 'none' in audit || AUTH_ENTITIES.has(audit.entity);

function readToken(request: FastifyRequest): { token: string; viaCookie: boolean } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), viaCookie: false };
  const cookie = request.cookies[TOKEN_COOKIE];
  return cookie ? { token: cookie, viaCookie: true } : null;
}

async function authPlugin(app: FastifyInstance) {
  app.decorate('routeAccessTable', [] as RouteAccessEntry[]);
  app.decorateRequest('session', null);

  await app.forgetOnNotify('auth_changed', sessionCache(app.db));
  // This instance forgets cached sessions after every signed-in write it serves that could
  // end a session or change what one may do, before answering, so its own changes hold on the
  // very next request; other instances hear it by notification. Anonymous writes (sign-in)
  // cannot end or change a session.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (
      request.session &&
      !SAFE_METHODS.has(request.method) &&
      mayChangeAuth(request.routeOptions.config.audit)
    )
      forgetSessions(app.db);
    done(null, payload);
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') app.routeAccessTable.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;

    const found = readToken(request);
    if (!found) throw unauthorized(UNAUTHENTICATED_MESSAGE);
    // A cookie rides along with any cross-site form post; the XSRF header cannot.
    if (found.viaCookie && !SAFE_METHODS.has(request.method)) {
      const expected = request.cookies[XSRF_COOKIE];
      if (!expected || request.headers[XSRF_HEADER] !== expected) {
        throw forbidden('Invalid or missing XSRF token. Reload the page and try again.');
      }
    }
    const session = await findActiveSession(app.db, hashToken(found.token));
    if (!session || !session.permissions.includes(ADMIN_ACCESS)) {
      throw unauthorized(UNAUTHENTICATED_MESSAGE);
    }
    request.session = session;
    if (access !== 'signed-in' && !session.permissions.includes(access)) {
      throw forbidden(FORBIDDEN_MESSAGE);
    }
  });
}

export default fp(authPlugin, {
  name: 'auth',
  dependencies: ['notify-listener'],
  decorators: { fastify: ['db'] },
});

/** The signed-in session of a route that is not public. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw unauthorized(UNAUTHENTICATED_MESSAGE);
  return request.session;
}
