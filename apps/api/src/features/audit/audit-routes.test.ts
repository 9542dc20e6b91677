import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { desc, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { auditLogs, permissions, roles, sessions, users } from '../../db/schema';
import { auditAs } from '../../plugins/audit';
import {
  auditContext,
  createTeam,
  teamBody,
  type AuditContext,
  type AuditExample,
  type AuditExamples,
} from '../../test/audit-examples';
import { ADMIN, createTestApp, type TestApp } from '../../test/harness';
import { standinEnv, startGraphStandin, type GraphStandin } from '../../test/graph-standin';
import { startTestSmtp } from '../../test/smtp';

/**
 * Generated from the app's route table (decision 021): every mutating route that declares an
 * audited entity must have an example call. Each feature keeps its examples beside its routes,
 * in `features/<feature>/audit-examples.ts`, and this file collects them all. Called as given, an
 * example must succeed and leave exactly one audit record with the right entity, action and
 * field changes; made invalid, it must fail and leave none. A new mutating route without an
 * example fails this file.
 */

let t: TestApp;
let token: string;
let ctx: AuditContext;
/** Every password this file sends; none may reach the trail. */
const SECRETS = [ADMIN.password, 'Secret#Pass123', 'Invalid#Pass999', 'Another#Pass456'];

/** Every feature's examples, keyed `METHOD /api/path`; a route with examples in two features fails. */
async function collectExamples(context: AuditContext) {
  const featuresDir = path.resolve(import.meta.dirname, '..');
  const all = new Map<string, { feature: string; example: AuditExample }>();
  for (const feature of readdirSync(featuresDir).sort()) {
    const file = path.join(featuresDir, feature, 'audit-examples.ts');
    if (!existsSync(file)) continue;
    const { auditExamples } = (await import(pathToFileURL(file).href)) as {
      auditExamples: AuditExamples;
    };
    for (const [key, example] of Object.entries(auditExamples(context))) {
      const other = all.get(key);
      if (other) throw new Error(`${key} has examples in both ${other.feature} and ${feature}`);
      all.set(key, { feature, example });
    }
  }
  return new Map([...all].map(([key, { example }]) => [key, example]));
}
let EXAMPLES: Map<string, AuditExample>;

const api = (method: string, url: string, payload?: unknown) => ctx.api(method, url, payload);
const ok = <T>(method: string, url: string, payload?: unknown) => ctx.ok<T>(method, url, payload);
const newTeam = (over: Record<string, unknown> = {}) => createTeam(ctx, over);

let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let graph: GraphStandin;

beforeAll(async () => {
  // Replies are emailed: a real SMTP server receives them; WhatsApp goes to Meta's stand-in.
  smtp = await startTestSmtp();
  graph = await startGraphStandin();
  t = await createTestApp({ SMTP_URL: smtp.url, ...standinEnv(graph) });
  token = await t.login();
  const [admin] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${ADMIN.email}`);
  const made = await t.db
    .insert(roles)
    .values([{ name: 'owner' }, { name: 'player' }])
    .returning({ id: roles.id, name: roles.name });
  const roleId = (name: string) => made.find((r) => r.name === name)!.id;
  const catalogue = await t.db
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions);
  const helpers = auditContext({
    t,
    smtp,
    token,
    adminId: admin!.id,
    playerRole: roleId('player'),
    perm: (name) => catalogue.find((p) => p.name === name)!.id,
  });
  const ownerId = await helpers.newUser({ role_id: roleId('owner'), first_name: 'Olivia' });
  ctx = { ...helpers, ownerId };
  EXAMPLES = await collectExamples(ctx);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await graph.close();
});

const lastId = async () =>
  (await t.db.select({ id: auditLogs.id }).from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]
    ?.id ?? 0;
const recordsAfter = (id: number) =>
  t.db.select().from(auditLogs).where(gt(auditLogs.id, id)).orderBy(auditLogs.id);

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const audited = () =>
  t.app.routeAuditTable.filter(
    (r): r is typeof r & { audit: { entity: string } } => 'entity' in r.audit,
  );

describe('audit route table', () => {
  it('has a valid and an invalid example call for every audited mutating route', () => {
    const missing = audited()
      .map(key)
      .filter((k) => !EXAMPLES.has(k));
    expect(missing, "add these routes' examples to features/<feature>/audit-examples.ts").toEqual(
      [],
    );
    const stale = [...EXAMPLES.keys()].filter((k) => !audited().some((r) => key(r) === k));
    expect(stale, 'examples for routes that are gone or not audited').toEqual([]);
  });

  it('gives a reason for every mutating route that is not audited', () => {
    for (const r of t.app.routeAuditTable)
      if ('none' in r.audit) expect(r.audit.none.length, key(r)).toBeGreaterThan(10);
  });

  it('each audited route writes exactly one record on success and none when refused', async () => {
    for (const route of audited()) {
      const example = EXAMPLES.get(key(route));
      if (!example) continue;
      const { call, expect: expected } = await example.valid();
      const before = await lastId();
      const res = await api(route.method, call.url, call.payload);
      expect(res.statusCode, `${key(route)}: ${res.body}`).toBeLessThan(300);
      const records = await recordsAfter(before);
      expect(records, key(route)).toHaveLength(1);
      const [record] = records;
      const want = expected(res.json());
      expect(record, key(route)).toMatchObject({
        actorId: ctx.adminId,
        actorEmail: ADMIN.email,
        entityType: route.audit.entity,
        entityId: want.entityId,
        action: want.action,
      });
      const changes = record!.changes as Record<string, unknown>;
      expect(changes, key(route)).toMatchObject(want.changes);
      if (want.exact)
        expect(Object.keys(changes).sort(), key(route)).toEqual(Object.keys(want.changes).sort());

      const bad = await example.invalid();
      const beforeBad = await lastId();
      const refused = await api(route.method, bad.url, bad.payload);
      expect(refused.statusCode, `${key(route)} invalid: ${refused.body}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(await recordsAfter(beforeBad), `${key(route)} invalid`).toHaveLength(0);
    }
    // A hang guard for some sixty routes' calls in turn on a loaded machine, not a speed check.
  }, 600_000);

  it('never records a password, a password hash or a session token', async () => {
    const hashes = (await t.db.select({ h: users.passwordHash }).from(users))
      .map((r) => r.h)
      .filter((h): h is string => Boolean(h));
    const tokenHashes = (await t.db.select({ h: sessions.tokenHash }).from(sessions)).map(
      (r) => r.h,
    );
    const secrets = [...SECRETS, token, ...hashes, ...tokenHashes];
    expect(hashes.length).toBeGreaterThan(1);
    const rows = await queryRows<{ t: string }>(t.db, sql`select a::text as t from audit_logs a`);
    expect(rows.length).toBeGreaterThan(10);
    for (const { t: text } of rows)
      for (const secret of secrets) expect(text.includes(secret), text).toBe(false);
  });
});

describe('audit writer', () => {
  it('leaves no record when the change it belongs to fails', async () => {
    const before = await lastId();
    await expect(
      t.db.transaction(async (tx) => {
        await auditAs(null, 'team')(tx, {
          entityId: 1,
          action: 'update',
          before: { name: 'Before' },
          after: { name: 'After' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await recordsAfter(before)).toHaveLength(0);
  });

  it('leaves no record for a save that changed nothing, and one for a save that did', async () => {
    const id = await newTeam({ name: 'Same Again XI' });
    const before = await lastId();
    const same = await api(
      'PUT',
      `/api/teams/${id}`,
      teamBody({ owner_id: ctx.ownerId, name: 'Same Again XI' }),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(await recordsAfter(before)).toHaveLength(0);
    const moved = await api(
      'PUT',
      `/api/teams/${id}`,
      teamBody({ owner_id: ctx.ownerId, name: 'Same Again XI', location: 'Indore' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const records = await recordsAfter(before);
    expect(records).toHaveLength(1);
    expect(Object.keys(records[0]!.changes as object)).toEqual(['location']);
  });

  it('leaves no record for a grant of held permissions, a revoke of missing ones, or a player saved as it was', async () => {
    const role = (
      await ok<{ data: { role: { id: number } } }>('POST', '/api/roles', {
        name: `Unchanged ${ctx.unique()}`,
        permission_ids: [ctx.perm('teams.view')],
      })
    ).data.role.id;
    const team = await newTeam();
    const player = await ctx.newUser();
    await ok('POST', `/api/teams/${team}/players/multiple`, {
      players: [{ user_id: player, jersey_number: 7 }],
    });
    const [saved] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select player_name, player_role, batting_style, bowling_style, jersey_number,
            is_captain, is_wicket_keeper
          from team_players where team_id = ${team} and user_id = ${player}`,
    );
    const before = await lastId();
    await ok('POST', `/api/roles/${role}/permissions`, {
      permission_ids: [ctx.perm('teams.view')],
    });
    await ok('DELETE', `/api/roles/${role}/permissions`, {
      permission_ids: [ctx.perm('teams.create')],
    });
    await ok('PUT', `/api/teams/${team}/players/${player}`, saved);
    expect(await recordsAfter(before)).toEqual([]);
    // Events that carry no values (a password change) are still recorded.
    await t.db.transaction((tx) =>
      auditAs(null, 'user')(tx, { entityId: player, action: 'password_change' }),
    );
    expect(await recordsAfter(before)).toHaveLength(1);
  });

  it('names each record as it is called now, and a deleted one as its delete record kept it', async () => {
    const id = await newTeam({ name: 'Named XI' });
    await ok('PUT', `/api/teams/${id}`, teamBody({ owner_id: ctx.ownerId, name: 'Renamed XI' }));
    const names = async () =>
      (
        await ok<{ data: { data: { entity_name: string | null }[] } }>(
          'GET',
          `/api/audit-logs?entity_type=team&entity_id=${id}`,
        )
      ).data.data.map((r) => r.entity_name);
    expect(await names()).toEqual(['Renamed XI', 'Renamed XI']);
    await ok('DELETE', `/api/teams/${id}`);
    expect(await names()).toEqual(['Renamed XI', 'Renamed XI', 'Renamed XI']);

    const userId = await ctx.newUser({ first_name: 'Asha', last_name: 'Rao' });
    const [user] = (
      await ok<{ data: { data: { entity_name: string | null }[] } }>(
        'GET',
        `/api/audit-logs?entity_type=user&entity_id=${userId}`,
      )
    ).data.data;
    expect(user?.entity_name).toBe('Asha Rao');
  });

  it('refuses to write outside a transaction', async () => {
    await expect(auditAs(null, 'team')(t.db, { entityId: 1, action: 'update' })).rejects.toThrow(
      /inside the transaction/,
    );
  });

  it('keeps secret fields out of the changes at any depth', async () => {
    const before = await lastId();
    await t.db.transaction((tx) =>
      auditAs(null, 'user')(tx, {
        entityId: 1,
        action: 'update',
        before: { name: 'a', password_hash: 'h1', nested: { token: 't1', keep: 1 } },
        after: { name: 'b', password_hash: 'h2', nested: { token: 't2', keep: 2 } },
      }),
    );
    const [record] = await recordsAfter(before);
    expect(record!.changes).toEqual({
      name: { before: 'a', after: 'b' },
      nested: { before: { keep: 1 }, after: { keep: 2 } },
    });
    expect(record!.actorId).toBeNull();
  });

  it('refuses to start with a mutating route that declares no audit, or none without a reason', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: auditPlugin } = await import('../../plugins/audit');
    const app = Fastify();
    await app.register(auditPlugin);
    expect(() =>
      app.post('/api/undeclared', { config: { access: 'public' } }, async () => 'x'),
    ).toThrow(/declares no audit/);
    expect(() =>
      app.put('/api/lazy', { config: { access: 'public', audit: { none: ' ' } } }, async () => 'x'),
    ).toThrow(/without a reason/);
    expect(() =>
      app.get('/api/read', { config: { access: 'public' } }, async () => 'x'),
    ).not.toThrow();
    await app.close();
  });
});
