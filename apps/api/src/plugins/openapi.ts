import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APP_VERSION,
  errorBody,
  IDEMPOTENCY_DONE_EARLIER_STATUS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_HOURS,
  MAX_INPUT_DEPTH,
  MAX_PATH_PARAM_LENGTH,
  MEDIA_MAX_FILES,
  MEDIA_MAX_REQUEST_BYTES,
  MEDIA_RULES,
  MEDIA_TYPES,
  RECORD_CHANGED_STATUS,
  RECORD_VERSION_MESSAGES,
} from '@cricket/contracts';

type Schema = Record<string, unknown> & {
  body?: unknown;
  headers?: { type?: string; properties?: Record<string, unknown>; required?: string[] };
  querystring?: unknown;
  params?: unknown;
  response?: Record<string, unknown>;
  consumes?: string[];
  operationId?: string;
  security?: { [label: string]: readonly string[] }[];
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every error answer has this body (plugins/errors.ts); documented once, referred to. */
const ERROR_REF = { $ref: '#/components/schemas/Error' };
const RETRY_AFTER = {
  'Retry-After': {
    type: 'integer',
    minimum: 1,
    description: 'Seconds to wait before trying again',
  },
};

/** Why each status can answer, so a client knows what it is handling. */
const ERRORS: Record<number, string> = {
  400: "The request is invalid: `message` names the first problem, `errors` every field's",
  401: 'Not signed in, or the session has ended (signing in: the email and password match no account that may sign in)',
  403: 'The role lacks the permission, or a cookie-signed write lacks the XSRF header',
  404: 'No such record',
  409: 'The change conflicts with stored data (a value already in use, a record still referenced)',
  [IDEMPOTENCY_DONE_EARLIER_STATUS]:
    'The request with this Idempotency-Key was carried out earlier, but its answer was lost: nothing was done again',
  413: 'The body is larger than the route accepts',
  415: 'The body is not in a media type the route accepts',
  422: 'This Idempotency-Key was already used with another request: nothing was done',
  429: 'Too many attempts: wait for Retry-After seconds',
  500: 'An unexpected failure; the body never carries details',
  502: 'The mail server refused the message or could not be reached; what was recorded stays',
  503: 'A dependency is unavailable (the database; or the mail, SMS or push channel is not configured): wait for Retry-After seconds',
};

/** `GET /api/users/{id}/password` → `getUsersByIdPassword`; a route may name its own. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const param = /^[:{]([^}]+)}?$/.exec(part);
      const word = param ? `by-${param[1]}` : part;
      return word
        .split(/[^A-Za-z0-9]+/)
        .map((piece) => piece.charAt(0).toUpperCase() + piece.slice(1))
        .join('');
    });
  return method.toLowerCase() + words.join('');
}

/** A POST's Idempotency-Key (plugins/idempotency.ts, decision 036). */
const IDEMPOTENCY_KEY = {
  type: 'string',
  minLength: 1,
  maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
  pattern: IDEMPOTENCY_KEY_PATTERN.source,
  description:
    `Makes the request safe to retry: a string you generate once per action, such as a UUID, ` +
    `sent bare or as a Structured Fields string ("…", whose quotes the limits do not count), ` +
    `and send again with every retry of it. Within ${IDEMPOTENCY_KEY_TTL_HOURS} hours, a retry ` +
    `with the same key and body (from the same user; on a public route, to the same route) gets ` +
    `the first answer again and changes nothing more: 409 while the first is still running, ` +
    `${IDEMPOTENCY_DONE_EARLIER_STATUS} if it was carried out but its answer was lost, 422 for ` +
    `the same key with another body. A request that failed and changed nothing gives its key back.`,
};
const IN_FLIGHT_409 =
  'The change conflicts with stored data, or a request with the same Idempotency-Key is still running (wait for Retry-After seconds)';

/** A record's version (lib/record-version.ts, decision 059). */
const ETAG = {
  ETag: {
    type: 'string',
    description:
      "The record's version, a weak entity tag: send it as If-Match with the record's PUT or DELETE",
  },
};
const IF_MATCH = {
  type: 'string',
  description:
    "The record's ETag as last read (several, comma-separated, or `*`): a record changed since answers 412 and nothing is changed. Without it the write is made whatever the version.",
};
const RECORD_CHANGED = `${RECORD_VERSION_MESSAGES.changed} If-Match names a version the record no longer has: nothing was changed; read it again`;

/** The error answers a route can give, from what it declares: access, input, path, method. */
function errorStatuses(
  method: string,
  schema: Schema,
  isPublic: boolean,
  idempotent: boolean,
  versioned: boolean,
): number[] {
  const statuses = [500, 503];
  const takesInput = Boolean(schema.body || schema.querystring || schema.params || schema.consumes);
  if (takesInput || idempotent) statuses.push(400);
  if (!isPublic) statuses.push(401, 403);
  if (schema.params) statuses.push(404);
  if ((WRITES.has(method) && !isPublic) || idempotent) statuses.push(409);
  if (idempotent) statuses.push(IDEMPOTENCY_DONE_EARLIER_STATUS, 422);
  if (schema.body || schema.consumes) statuses.push(413, 415);
  if (versioned && (method === 'PUT' || method === 'DELETE')) statuses.push(RECORD_CHANGED_STATUS);
  return statuses;
}

/** The upload's multipart body, which the route reads as a stream rather than validating. */
const multipartBody = {
  type: 'object',
  required: ['type', 'files'],
  properties: {
    type: { type: 'string', enum: [...MEDIA_TYPES], description: 'What the files are for' },
    files: {
      type: 'array',
      minItems: 1,
      maxItems: MEDIA_MAX_FILES,
      items: { type: 'string', format: 'binary' },
      description: `Up to ${MEDIA_MAX_FILES} files, ${MEDIA_MAX_REQUEST_BYTES / 1024 / 1024} MB in all, each of a kind its type takes (read from the file's content, not its name): ${MEDIA_TYPES.map(
        (type) =>
          `${type}: ${MEDIA_RULES[type].mimeTypes.join(', ')}, at most ${MEDIA_RULES[type].maxBytes / 1024 / 1024} MB each`,
      ).join('; ')}`,
    },
  },
};

/**
 * The rules every request keeps beyond its schemas: the app applies them to every body, query
 * and path (app.ts, contracts' plainInput; Fastify's JSON parser; the router).
 */
const REQUEST_RULES = [
  'Text is trimmed of surrounding white space before a field’s rules apply (passwords are taken as sent).',
  'No text or key anywhere in a request, unknown fields included, holds a control character other than tab and line breaks, or a lone UTF-16 surrogate.',
  `A request nests at most ${MAX_INPUT_DEPTH} levels deep.`,
  'A JSON body has no `__proto__` key and no `constructor` key holding a `prototype`.',
  `A path parameter is at most ${MAX_PATH_PARAM_LENGTH} characters and correctly percent-encoded.`,
  'Fields a schema does not name are ignored.',
];

/**
 * The shared error body, as is or described for one route (`errorBody.describe(...)`): a
 * described copy keeps the definition's shape. Not `.shape`, whose object differs from one read
 * to another once the app has been built before in the same process.
 */
const isErrorBody = (s: unknown) =>
  s === errorBody || (s instanceof z.ZodObject && s.def.shape === errorBody.def.shape);

/**
 * The document from the same zod schemas that validate the requests, completed with what every
 * route shares: its operationId, the error answers it can give with their one body (and
 * Retry-After where a client should wait), `security: []` where it is public, and the
 * multipart body of an upload. Only the document changes: answers are validated as before.
 */
function transform(input: Parameters<typeof jsonSchemaTransform>[0]) {
  const out = jsonSchemaTransform(input) as { schema: Schema; url: string };
  const route = input.route as RouteOptions;
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
  const isPublic = route.config?.access === 'public';
  const idempotent = method === 'POST' && !route.config?.idempotency;
  const schema: Schema = { ...out.schema };
  schema.operationId ??= operationIdOf(method, input.url);
  if (isPublic) schema.security = [];
  if (schema.consumes?.includes('multipart/form-data') && !schema.body) schema.body = multipartBody;
  if (idempotent) {
    schema.headers = {
      ...schema.headers,
      type: 'object',
      properties: { ...schema.headers?.properties, [IDEMPOTENCY_HEADER]: IDEMPOTENCY_KEY },
    };
  }
  const versioned = Boolean(route.config?.version);
  if (versioned && (method === 'PUT' || method === 'DELETE')) {
    schema.headers = {
      ...schema.headers,
      type: 'object',
      properties: { ...schema.headers?.properties, 'if-match': IF_MATCH },
    };
  }
  const response: Record<string, unknown> = { ...schema.response };
  const success = response[200] as Record<string, unknown> | undefined;
  if (versioned && success && method !== 'DELETE') response[200] = { ...success, headers: ETAG };
  // A route names an error answer its declarations do not imply with `<status>: errorBody`,
  // or `errorBody.describe('when')` to say when it comes (the same shape, described).
  const declared = Object.entries(route.schema?.response ?? {}).filter(([, s]) => isErrorBody(s));
  const described = new Map<number, string>();
  for (const [status, s] of declared) {
    delete response[status];
    const description = (s as { description?: string }).description;
    if (description) described.set(Number(status), description);
  }
  const statuses = [
    ...errorStatuses(method, schema, isPublic, idempotent, versioned),
    ...declared.map(([status]) => Number(status)),
  ];
  for (const status of statuses) {
    const inFlight = idempotent && status === 409;
    // A route's own schema for a status (health's 503) is the truth for it.
    response[status] ??= {
      // A route's own words for a status replace the general ones; a key still in flight can
      // answer 409 on any keyed POST, so that stays beside them.
      description: [
        inFlight ? IN_FLIGHT_409 : null,
        described.get(status) ??
          (versioned && status === RECORD_CHANGED_STATUS ? RECORD_CHANGED : ERRORS[status]),
      ]
        .filter(Boolean)
        .join('; or: '),
      ...(status === 429 || status === 503 || inFlight ? { headers: RETRY_AFTER } : {}),
      content: { 'application/json': { schema: ERROR_REF } },
    };
  }
  schema.response = response;
  return { ...out, schema };
}

export default fp(async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cricket back-office API',
        version: APP_VERSION,
        description: [
          'Every answer is `{ success, message, data? }`; every error answer is the `Error` schema.',
          '',
          'Every request keeps these rules, beyond its own schemas (refused with 400 otherwise):',
          ...REQUEST_RULES.map((rule) => `- ${rule}`),
        ].join('\n'),
        license: { name: 'Proprietary', url: 'https://cricket.local/license' },
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: '__token' },
        },
        schemas: {
          Error: z.toJSONSchema(errorBody, { target: 'openapi-3.0' }) as Record<string, unknown>,
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {},
    staticCSP: true,
  });
});
