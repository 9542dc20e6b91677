import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PATH_MESSAGES, SERVICE_UNAVAILABLE_MESSAGE } from '@cricket/contracts';
import { HttpError } from '../lib/http-errors';
import { isDatabaseUnavailable, loggableError, pgErrorCode } from '../lib/pg-error';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

/** Postgres error codes a client can cause, answered as client errors rather than 500s. */
const PG_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'A record with the same value already exists' },
  '23503': { status: 409, message: 'This record is still referenced by other data' },
  '23514': { status: 400, message: 'A value is out of the allowed range' },
  '22P02': { status: 400, message: 'A value has the wrong format' },
  // Text PostgreSQL cannot store (a NUL byte); validation refuses it first.
  '22021': { status: 400, message: 'A value has the wrong format' },
};

/** Seconds a client is asked to wait while a dependency is down (decision 017). */
export const RETRY_AFTER_SECONDS = 5;

function fieldErrors(validation: { instancePath: string; message?: string }[]) {
  // No prototype: a field named `constructor` or `__proto__` is a field like any other.
  const errors: Record<string, string[]> = Object.create(null);
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    (errors[field] ??= []).push(issue.message ?? 'Invalid value');
  }
  return errors;
}

/**
 * The router's own refusals (a path parameter too long, a broken percent-encoding), which no
 * error handler sees: answered as 400 with the one error body, like any invalid path.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(400).send({ success: false, message: PATH_MESSAGES.tooLong });
  if (error.code === 'FST_ERR_BAD_URL')
    return reply.status(400).send({ success: false, message: PATH_MESSAGES.badEncoding });
  request.log.error({ err: error }, 'request failed in the router');
  return reply.status(500).send({ success: false, message: GENERIC_500 });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods an API path answers to, for a 405's `Allow` (empty: no such path). */
    allowedMethods(path: string): string[];
  }
}

/** One error handler: 4xx carry a clear message and field errors; 5xx never leak internals. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  // The API's routes again, matched the way Fastify matches them, to tell an unknown path (404)
  // from a known one asked with a method it does not take (405, RFC 9110 §15.5.6).
  const routes = FindMyWay();
  const methods = new Set<HTTPMethod>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat() as HTTPMethod[]) {
      methods.add(method);
      routes.on(method, route.url, () => {});
    }
  });
  app.decorate('allowedMethods', (path: string) =>
    [...methods].filter((method) => routes.find(method, path)).sort(),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const first = Object.values(errors)[0]?.[0] ?? 'Invalid request';
      return reply.status(400).send({ success: false, message: first, errors });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        success: false,
        message: error.message,
        ...(error.errors && { errors: error.errors }),
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send({ success: false, message: SERVICE_UNAVAILABLE_MESSAGE });
    }
    const code = pgErrorCode(error);
    const pg = code ? PG_CLIENT_ERRORS[code] : undefined;
    if (pg) {
      request.log.info({ err: loggableError(error) }, 'database rejected a write');
      return reply.status(pg.status).send({ success: false, message: pg.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, message: error.message });
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.status(500).send({ success: false, message: GENERIC_500 });
  });
});
