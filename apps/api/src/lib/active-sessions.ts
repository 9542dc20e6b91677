import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PermissionName } from '@cricket/contracts';
import { preparedOnce, type Db, type NotifiedCache } from '../db/client';
import { permissionsOfRole } from '../db/grants';
import { permissions, roles, sessions, users } from '../db/schema';

/**
 * The session behind a request's token, for the auth plugin: looked up on every signed-in
 * request, so cached per instance and kept honest by notification (decision 008).
 */
export interface SessionContext {
  sessionId: number;
  userId: number;
  roleId: number;
  roleName: string;
  permissions: PermissionName[];
}

function prepareActiveSession(prepared: Db) {
  return prepared
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
      userId: users.id,
      roleId: roles.id,
      roleName: roles.name,
      roleActive: roles.isActive,
      grantsVersion: roles.grantsVersion,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        sql`${users.status} <> 'suspended'`,
      ),
    )
    .prepare('active_session');
}

function prepareRoleGrants(prepared: Db) {
  return permissionsOfRole(prepared, sql.placeholder('roleId'), { name: permissions.name }).prepare(
    'role_grants',
  );
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareActiveSession>['execute']>>[number];

/** How long a cached session may be used without hearing from the database: a backstop only. */
const SESSION_CACHE_MS = 60_000;
const SESSION_CACHE_MAX = 10_000;

interface PerDatabase {
  /** Grants per role, valid while the role's grants_version (bumped by a trigger) is unchanged. */
  grants: Map<number, { version: number; names: PermissionName[] }>;
  /** Sessions by token hash; used only while this instance is listening for auth changes. */
  sessions: Map<string, { row: SessionRow; until: number }>;
  listening: boolean;
  /** Bumped whenever the cache is emptied, so a lookup that raced a change is not cached. */
  generation: number;
  /** When this instance last wrote each session's last_used_at. */
  touched: Map<number, number>;
}

const perDatabase = new WeakMap<Db, PerDatabase>();

function stateOf(db: Db): PerDatabase {
  let state = perDatabase.get(db);
  if (!state) {
    state = {
      grants: new Map(),
      sessions: new Map(),
      listening: false,
      generation: 0,
      touched: new Map(),
    };
    perDatabase.set(db, state);
  }
  return state;
}

/** Empties this instance's session cache: after a signed-in write it served, and on every auth change. */
export function forgetSessions(db: Db): void {
  const state = stateOf(db);
  state.sessions.clear();
  state.generation++;
}

/**
 * The session cache as the auth plugin keeps it honest (decision 008): triggers NOTIFY
 * auth_changed whenever a session, a user's status or role, or a role changes, on any instance
 * or by hand, and every instance then forgets what it cached. While the listening connection
 * is down nothing is cached at all.
 */
export function sessionCache(db: Db): NotifiedCache {
  return {
    forget: () => forgetSessions(db),
    setListening: (listening) => {
      stateOf(db).listening = listening;
      forgetSessions(db);
    },
  };
}

async function lookUpSession(
  db: Db,
  state: PerDatabase,
  tokenHash: string,
): Promise<SessionRow | null> {
  const now = Date.now();
  const cached = state.sessions.get(tokenHash);
  if (cached && state.listening && now < cached.until && now < cached.row.expiresAt.getTime())
    return cached.row;
  if (cached) state.sessions.delete(tokenHash);

  const generation = state.generation;
  const [row] = await preparedOnce(db, 'active_session', prepareActiveSession).execute({
    tokenHash,
  });
  if (!row) return null;
  if (state.listening && generation === state.generation) {
    // Oldest first out: a Map iterates in insertion order.
    if (state.sessions.size >= SESSION_CACHE_MAX)
      state.sessions.delete(state.sessions.keys().next().value!);
    state.sessions.set(tokenHash, { row, until: now + SESSION_CACHE_MS });
  }
  return row;
}

/** My sessions' "last used" is this precise: a busy session costs one write a minute. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Records that a session was used, at most once a minute, without holding up the request;
 * the column is not one the auth_changed trigger watches, so no cache is emptied by it.
 */
function touchSession(db: Db, state: PerDatabase, row: SessionRow) {
  const now = Date.now();
  const last = Math.max(row.lastUsedAt.getTime(), state.touched.get(row.sessionId) ?? 0);
  if (now - last < TOUCH_EVERY_MS) return;
  if (state.touched.size >= SESSION_CACHE_MAX) state.touched.clear();
  state.touched.set(row.sessionId, now);
  db.update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(sessions.id, row.sessionId))
    .catch(() => undefined);
}

/**
 * The session behind a token with the role's current grants. Sessions are cached by this
 * instance and forgotten on every auth change (see sessionCache); the role's grants are
 * cached per grants_version. An inactive role grants nothing.
 */
export async function findActiveSession(db: Db, tokenHash: string): Promise<SessionContext | null> {
  const state = stateOf(db);
  const row = await lookUpSession(db, state, tokenHash);
  if (!row) return null;
  touchSession(db, state, row);
  let grants = state.grants.get(row.roleId);
  if (grants?.version !== row.grantsVersion) {
    const grantRows = await preparedOnce(db, 'role_grants', prepareRoleGrants).execute({
      roleId: row.roleId,
    });
    const names = grantRows.map((p) => p.name as PermissionName);
    grants = { version: row.grantsVersion, names };
    state.grants.set(row.roleId, grants);
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    roleId: row.roleId,
    roleName: row.roleName,
    permissions: row.roleActive ? grants.names : [],
  };
}
