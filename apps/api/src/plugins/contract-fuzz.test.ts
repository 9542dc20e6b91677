import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { ValidateFunction } from 'ajv-draft-04';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { roles, sessions, users } from '../db/schema';
import { hashToken, newToken } from '../lib/tokens';
import { ADMIN, createTestApp, userPayload, type TestApp } from '../test/harness';
import { startTestSmtp } from '../test/smtp';
import {
  asText,
  BROKEN_SEGMENTS,
  caseOf,
  createAjv,
  documentedValid,
  multipart,
  mutatedObject,
  pathSegment,
  queryString,
  validOf,
  type FilePart,
  type Schema,
} from '../test/contract-fuzz';

/**
 * The API against its own OpenAPI document (decision 038): for every operation,
 * CASES_PER_OPERATION generated requests, valid and invalid, each checked for what the
 * document promises. Runs on one database only: PostgreSQL where CI has one, else PGlite.
 */
const RUNS_HERE = process.env.TEST_DATABASE_URL
  ? process.env.TEST_DB === 'pg'
  : process.env.TEST_DB !== 'pg';
const CASES_PER_OPERATION = 200;
/** CI's seed; FUZZ_SEED=<number> replays a run, FUZZ_SEED=random draws a new one. */
const FIXED_SEED = 20261125;
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? FIXED_SEED);

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
  description?: string;
}
interface Operation {
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  info: { description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** A generated request: typed values, before they become text in a path or query. */
interface Case {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body:
    | { kind: 'json'; value: unknown; contentType: string }
    | { kind: 'multipart'; type?: unknown; files?: FilePart[] }
    | { kind: 'none' };
}

const JSON_TYPE = 'application/json';
const MULTIPART = 'multipart/form-data';

/** The app, its document and what the cases need: built once, before the tests are listed. */
const fuzz = RUNS_HERE ? await start() : null;

async function start() {
  // Mail goes to a real, in-process SMTP server, so the routes that send it can succeed; the
  // delivery worker stays off, or it would change deliveries between a request and its check.
  const smtp = await startTestSmtp({ onMail: () => {} });
  const t = await createTestApp({
    NOTIFY_WORKER: 'false',
    CONTACT_RATE_LIMIT: '1000000',
    SMTP_URL: smtp.url,
    // Configured so sends are taken; with the worker off nothing is ever posted to them.
    SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
    PUSH_WEBHOOK_URL: 'http://127.0.0.1:9/push',
    NOTIFY_WEBHOOK_SECRET: 'contract-fuzz',
  });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Document>();
  const token = await t.login();
  const [admin] = await t.db
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(sql`${users.email} = ${ADMIN.email}`);
  await fixtures(t, token);
  const tables = await queryRows<{ table_name: string }>(
    t.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  // Per table: its row count and the sum of its rows' xmin, the transaction that wrote each
  // row version. An insert, update or delete that commits changes one of them; a refusal that
  // rolled back, or only locked rows (SELECT … FOR UPDATE), leaves both as they were. Sessions
  // count their revoked rows instead: any signed-in request may touch last_used_at.
  const fingerprint = sql`select concat_ws(',', ${sql.join(
    tables.map(({ table_name }) =>
      table_name === 'sessions'
        ? sql`(select count(*) || ':' || count(revoked_at) from sessions)`
        : sql`(select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from ${sql.identifier(table_name)})`,
    ),
    sql`, `,
  )}) as f`;
  console.log(`contract fuzz: seed ${SEED} (FUZZ_SEED=${SEED} replays this run)`);
  return { t, smtp, doc, token, admin: admin!, fingerprint, ajv: createAjv() };
}

/** Records for the generated ids to find: an owner, players, a team, a contact message. */
async function fixtures(t: TestApp, token: string) {
  const [owner] = await t.db
    .insert(roles)
    .values({ name: 'owner', description: 'Team owners' })
    .returning({ id: roles.id });
  const made = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.as(token, { method: 'POST', url, payload });
    if (res.statusCode >= 300) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ data: { user: { id: number } } }>();
  };
  const ownerUser = await made(
    '/api/users',
    userPayload(owner!.id, { email: 'owner@fuzz.test', phone_number: '9811111111' }),
  );
  for (const n of [2, 3])
    await made(
      '/api/users',
      userPayload(owner!.id, { email: `player${n}@fuzz.test`, phone_number: `981111111${n}` }),
    );
  await made('/api/teams', {
    name: 'Fuzz XI',
    location: 'Pune',
    team_initials: 'FX',
    owner_id: ownerUser.data.user.id,
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Fan', email: 'fan@fuzz.test', subject: 'Hi', message: 'When is the final?' },
  });
}

afterAll(async () => {
  if (!fuzz) return;
  const total = tallies.reduce((n, c) => n + c.cases, 0);
  const valid = tallies.reduce((n, c) => n + c.valid, 0);
  for (const c of tallies)
    console.log(
      `  ${c.name}: ${c.cases} cases, ${c.valid} documented-valid, answers ${JSON.stringify(c.statuses)}`,
    );
  console.log(
    `contract fuzz: ${tallies.length} operations, ${total} cases (${valid} documented-valid), seed ${SEED}`,
  );
  await fuzz.t.close();
  await fuzz.smtp.close();
});

/**
 * The database's state, cheaply: the next transaction id first (it moves only once some
 * transaction has written or locked rows), and the per-table fingerprint only when it moved.
 */
let known = { xid: '', tables: '' };
async function databaseState() {
  const { t, fingerprint } = fuzz!;
  const [row] = await queryRows<{ xid: string }>(
    t.db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`,
  );
  if (row!.xid !== known.xid) {
    const [fp] = await queryRows<{ f: string }>(t.db, fingerprint);
    known = { xid: row!.xid, tables: fp!.f };
  }
  return known.tables;
}

/** A session of the admin for one case of a route that may end it or its siblings. */
async function freshSession() {
  const token = newToken();
  await fuzz!.t.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: fuzz!.admin.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

const METHOD_ORDER = ['post', 'get', 'put', 'delete'];
/**
 * Records are made before they are read, changed and deleted; the signed-in user's own routes
 * (which end sessions) come last.
 */
function operations(doc: Document) {
  return Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        path,
        method,
        op,
        name: `${method.toUpperCase()} ${path}`,
      })),
    )
    .sort(
      (a, b) =>
        Number(a.path.startsWith('/api/user/')) - Number(b.path.startsWith('/api/user/')) ||
        METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
    );
}

function objectSchema(params: Parameter[]): Schema {
  const required = params.filter((p) => p.required || p.in === 'path').map((p) => p.name);
  return {
    type: 'object',
    // The document moves a parameter's description from its schema to the parameter.
    properties: Object.fromEntries(
      params.map((p) => [p.name, { ...p.schema, description: p.description }]),
    ),
    ...(required.length > 0 && { required }),
  };
}

/** A 1×1 PNG: a file every image rule takes. */
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const filePart: fc.Arbitrary<FilePart> = fc.record({
  filename: fc.constantFrom('a.png', 'b.jpg', 'c.pdf', '../../x.png', 'é.png', 'noext'),
  contentType: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/plain'),
  bytes: fc.oneof(fc.constant(PNG), fc.uint8Array({ maxLength: 64 })),
});

function caseArbitrary(op: Operation): fc.Arbitrary<Case> {
  const params = op.parameters ?? [];
  const query = objectSchema(params.filter((p) => p.in === 'query'));
  const path = fc.record(
    Object.fromEntries(
      params
        .filter((p) => p.in === 'path')
        .map((p) => [
          p.name,
          fc.oneof(
            { weight: 30, arbitrary: caseOf(p.schema).filter((v) => asText(v).trim() !== '') },
            fc.constantFrom(...BROKEN_SEGMENTS),
          ),
        ]),
    ),
  );
  const queries = fc.oneof(
    { weight: 2, arbitrary: validOf(query) },
    mutatedObject(query),
  ) as fc.Arbitrary<Record<string, unknown>>;
  const json = op.requestBody?.content[JSON_TYPE]?.schema;
  const form = op.requestBody?.content[MULTIPART]?.schema;
  type Body = Case['body'];
  const sent = (value: unknown, contentType: string): Body => ({
    kind: 'json',
    value,
    contentType,
  });
  let body: fc.Arbitrary<Body> = fc.constant<Body>({ kind: 'none' });
  if (json)
    body = fc.oneof(
      { weight: 12, arbitrary: caseOf(json).map((value) => sent(value, JSON_TYPE)) },
      { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
      { weight: 1, arbitrary: validOf(json).map((value) => sent(value, 'text/plain')) },
    );
  if (form)
    body = fc
      .record(
        {
          type: caseOf(form.properties!.type!),
          files: fc.oneof(
            fc.array(filePart, { minLength: 1, maxLength: 3 }),
            fc.array(filePart, { maxLength: 12 }),
          ),
        },
        { requiredKeys: [] },
      )
      .map((parts): Body => ({ kind: 'multipart', ...parts }));
  const headerParams = params.filter((p) => p.in === 'header');
  const headers = fc.record(
    Object.fromEntries(
      headerParams.map((p) => [p.name, caseOf(p.schema).map(asText).filter(isHeaderText)]),
    ),
    { requiredKeys: headerParams.filter((p) => p.required).map((p) => p.name) },
  );
  return fc.record({ path, query: queries, headers, body });
}

/** What HTTP lets a header value hold (anything else cannot be sent at all). */
const isHeaderText = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);

/** The document's schemas from the top of a part of the request down to an error's field. */
function schemasAlong(schema: Schema | undefined, field: string): Schema[] {
  const found: Schema[] = [];
  let here = schema;
  for (const part of field === '_' ? [] : field.split('.')) {
    if (!here) break;
    found.push(here);
    here = here.properties?.[part] ?? (/^\d+$/.test(part) ? here.items : undefined);
  }
  if (here) found.push(here);
  return found;
}

/** The same seed for the same operation, whatever the others are. */
function seedOf(name: string) {
  let hash = 2166136261;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return (SEED ^ hash) | 0;
}

const tallies: { name: string; cases: number; valid: number; statuses: Record<number, number> }[] =
  [];

// Once per run, not per database: on PostgreSQL when TEST_DATABASE_URL is set (CI), else on
// PGlite; in the other project this suite is skipped (RUNS_HERE), the same cases twice add nothing.
describe.runIf(Boolean(fuzz))('the API against its OpenAPI document', () => {
  if (!fuzz) return;
  const { t, doc, ajv, token: adminToken, admin } = fuzz;
  const compile = (s: Schema): ValidateFunction =>
    ajv.compile(s.$ref ? doc.components.schemas[s.$ref.split('/').pop()!]! : s);
  const errorBody = compile(doc.components.schemas.Error!);

  it('states the rules every request keeps', () => {
    expect(doc.info.description).toMatch(/control character/);
  });

  for (const { name, method, path, op } of operations(doc)) {
    it(`${name} keeps the document's promises`, async () => {
      const params = op.parameters ?? [];
      const pathSchema = objectSchema(params.filter((p) => p.in === 'path'));
      const querySchema = objectSchema(params.filter((p) => p.in === 'query'));
      const headerSchema = objectSchema(params.filter((p) => p.in === 'header'));
      const bodySchema =
        op.requestBody?.content[JSON_TYPE]?.schema ?? op.requestBody?.content[MULTIPART]?.schema;
      const validPath = compile(pathSchema);
      const validQuery = compile(querySchema);
      const validHeaders = compile(headerSchema);
      const validBody = bodySchema ? compile(bodySchema) : null;
      const answers = new Map(
        Object.entries(op.responses).map(([status, r]) => {
          const s = r.content?.[JSON_TYPE]?.schema;
          return [Number(status), s ? compile(s) : null];
        }),
      );
      const tally = { name, cases: 0, valid: 0, statuses: {} as Record<number, number> };
      tallies.push(tally);
      // These end the signed-in session or its siblings: each case has a session of its own.
      const ownSession = path.startsWith('/api/user/');

      const property = fc.asyncProperty(caseArbitrary(op), async (c) => {
        tally.cases += 1;
        // The admin's own account and role are not the fuzzer's to delete, lock out or
        // re-password: the cases after them need the admin signed in with every permission.
        if (method !== 'get' && path.startsWith('/api/users/{id}') && c.path.id === admin.id)
          c.path.id = admin.id + 1;
        if (method !== 'get' && path.startsWith('/api/roles/{id}') && c.path.id === admin.roleId)
          c.path.id = admin.roleId + 1;

        const url =
          path.replace(/\{(\w+)\}/g, (_, key: string) => pathSegment(c.path[key])) +
          queryString(c.query);
        const request: Parameters<TestApp['as']>[1] & {
          payload?: string | Buffer;
          headers: Record<string, string>;
        } = { method: method.toUpperCase() as 'GET', url, headers: { ...c.headers } };
        let bodyValid = !op.requestBody?.required;
        if (c.body.kind === 'json') {
          request.payload = JSON.stringify(c.body.value);
          request.headers['content-type'] = c.body.contentType;
          bodyValid = c.body.contentType === JSON_TYPE && documentedValid(validBody!, c.body.value);
        } else if (c.body.kind === 'multipart') {
          const { type, files = [] } = c.body;
          const fields: [string, string | FilePart][] = files.map((file) => ['files', file]);
          if (type !== undefined) fields.unshift(['type', asText(type)]);
          const encoded = multipart(fields);
          request.payload = encoded.payload;
          request.headers['content-type'] = encoded.contentType;
          bodyValid = documentedValid(validBody!, {
            ...(type !== undefined && { type }),
            ...(files.length > 0 && {
              files: files.map((f) => Buffer.from(f.bytes).toString('latin1')),
            }),
          });
        }
        const valid =
          bodyValid &&
          documentedValid(validPath, c.path) &&
          documentedValid(validQuery, c.query) &&
          documentedValid(validHeaders, c.headers);
        if (valid) tally.valid += 1;

        const token = ownSession ? await freshSession() : adminToken;
        const before = await databaseState();
        const res = await t.as(token, request);
        const status = res.statusCode;
        tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
        // A download (a list's CSV export) answers in the media type its document names.
        const mediaType = String(res.headers['content-type'] ?? '').split(';')[0]!;
        const isJson = mediaType === JSON_TYPE;
        const body = res.body && isJson ? (JSON.parse(res.body) as unknown) : undefined;

        const problems: string[] = [];
        if (status >= 500) problems.push(`answered ${status}`);
        if (!answers.has(status)) problems.push(`${status} is not documented`);
        else if (res.body && !(mediaType in (op.responses[status]?.content ?? {})))
          problems.push(`the ${status} answer's ${mediaType} is not documented`);
        const schema = answers.get(status);
        if (schema && !schema(body))
          problems.push(`the ${status} body breaks its schema: ${ajv.errorsText(schema.errors)}`);
        if (status >= 400 && status < 500) {
          if (!errorBody(body)) problems.push(`the ${status} body is not the Error schema`);
          if ((await databaseState()) !== before)
            problems.push('the refused request changed the database');
        }
        // A request the document takes may still be refused for a rule the document states
        // in words: on the refused field, around it, or (no field named) on the operation.
        if (valid && status === 400) {
          const fields = Object.keys((body as { errors?: object }).errors ?? {});
          const stated = (field: string) =>
            [pathSchema, querySchema, headerSchema, bodySchema].some((s) =>
              schemasAlong(s, field).some((n) => n.description),
            );
          if (fields.length === 0 ? !op.description : !fields.every(stated))
            problems.push(
              'a request the document takes was refused for a reason it does not state',
            );
        }
        if (problems.length > 0) {
          const sent =
            typeof request.payload === 'string' ? request.payload.slice(0, 600) : c.body.kind;
          throw new Error(
            `${name}: ${problems.join('; ')}\n  ${request.method} ${url}\n  headers: ${JSON.stringify(c.headers)}\n  body: ${sent}\n  answer ${status}: ${res.body.slice(0, 600)}`,
          );
        }
      });
      const seed = seedOf(name);
      const run = await fc.check(property, {
        seed,
        numRuns: CASES_PER_OPERATION,
        endOnFailure: true,
      });
      // The case's own account, not fast-check's dump of it (a 70,000-character string…).
      if (run.failed)
        throw new Error(
          `${(run.errorInstance as Error).message}\n  (case ${run.numRuns} of seed ${seed}, FUZZ_SEED=${SEED})`,
        );
    });
  }
});
