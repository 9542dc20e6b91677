import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

/** One query API for both drivers: repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What a LISTEN subscription reports. */
export interface ChannelHandlers {
  /** A notification arrived on the channel. */
  message(): void;
  /** Listening (again): notifications sent while it was down were missed. */
  up(): void;
  /** The listening connection failed; nothing is heard until up() is called again. */
  down(): void;
}

/**
 * A per-instance cache kept honest through a channel that triggers notify on every change that
 * could make it wrong (decisions 008 and 011); see plugins/notify-listener.ts.
 */
export interface NotifiedCache {
  /** Empties the cache: a notification arrived. */
  forget(): void;
  /** The cache may be used only while listening, and starts empty each time it comes up. */
  setListening(listening: boolean): void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** Runs `fn` on a single connection holding a session-level advisory lock. */
  withLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** LISTENs on a channel; resolves once the first attempt to listen has succeeded or failed. */
  subscribe(channel: string, handlers: ChannelHandlers): Promise<{ close(): Promise<void> }>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, for `openPglite`'s `loadDataDir`. */
  dumpDataDir?(): Promise<Blob>;
}

const LOCK_KEY = 72_157_001;

/**
 * `dataDir` null opens an in-memory database (tests); `loadDataDir`, a data directory saved by
 * PGlite's `dumpDataDir`, starts it from that copy instead of from an empty cluster.
 */
export async function openPglite(
  dataDir: string | null,
  opts: { loadDataDir?: Blob } = {},
): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: dataDir ?? undefined,
    extensions: { pg_trgm },
    loadDataDir: opts.loadDataDir,
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite is one connection in one process: there is nobody to lock out.
    withLock: (fn) => fn(db),
    async subscribe(channel, handlers) {
      const unlisten = await client.listen(channel, () => handlers.message());
      handlers.up();
      return { close: () => unlisten() };
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * Where statements prepared by name run (see openPostgres); on PGlite the database itself.
 * Every `.prepare()` is made on it, through preparedOnce.
 */
export function preparedDb(db: Db): Db {
  return preparedTwins.get(db) ?? db;
}

const preparedTwins = new WeakMap<Db, Db>();

const preparedStatements = new WeakMap<Db, Map<string, unknown>>();

/** Whether `db` is a transaction: a statement prepared by name runs outside one, on its own pool. */
export const isTransaction = (db: Db) => db instanceof PgTransaction;

/**
 * A statement built and prepared once per database under a name, then reused: building a
 * query with drizzle costs more CPU than PostgreSQL spends on a small one.
 */
export function preparedOnce<T>(db: Db, name: string, build: (prepared: Db) => T): T {
  let statements = preparedStatements.get(db);
  if (!statements) preparedStatements.set(db, (statements = new Map()));
  if (!statements.has(name)) statements.set(name, build(preparedDb(db)));
  return statements.get(name) as T;
}

/**
 * Run on every pooled connection before its first use. A list query makes its PostgreSQL
 * backend allocate and free 250–550 KB of executor memory, and glibc hands freed memory at the
 * top of the heap back to the kernel once more than M_TRIM_THRESHOLD (128 KiB) of it is free:
 * a busy backend then grows and trims its heap on every query (measured: 3.4 brk calls per
 * name search, and the page faults that follow, a third of its throughput). glibc raises that
 * threshold for good, to twice the block's size, once a block it mapped for one large
 * allocation is freed (mallopt(3), "dynamic mmap threshold"); building and dropping one 1 MiB
 * value does that. Decision 012.
 */
const SETTLE_ALLOCATOR = "select length(repeat('x', 1048576))";

// Also how long a request may wait for a free pooled connection under load.
const CONNECT_TIMEOUT_MS = 5000;

export function openPostgres(url: string, max = 10): Database {
  const settings = {
    connectionString: url,
    max,
    // A database that does not answer must fail the request quickly (503), not hold it.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    onConnect: async (client: pg.ClientBase) => {
      await client.query(SETTLE_ALLOCATOR);
    },
  };
  // Just-in-time compilation pays off for long analytical queries, never for this API's:
  // compiling costs ~100 ms, and a generic plan's pessimistic costs can cross jit_above_cost
  // for a query that runs in a fraction of a millisecond (decision 012).
  const pool = new pg.Pool({ ...settings, options: '-c jit=off' });
  // PostgreSQL keeps replanning a prepared statement whose generic plan looks costlier than
  // a custom one (a `LIMIT $1` is costed as a tenth of the table), and planning a page of
  // users costs several times running it. Named statements are written to be right for any
  // value, so they get connections that always use the generic plan; everything else,
  // text searches above all, is still planned for its values. Those pessimistic estimates can
  // also make a parallel plan look cheaper, and starting workers costs more than the whole
  // small query (measured: the broad name search at 2,100 instead of 5,300 req/s).
  const preparedPool = new pg.Pool({
    ...settings,
    options:
      '-c jit=off -c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0',
  });
  // A connection PostgreSQL drops emits 'error'; pg-pool listens only while the client is
  // idle, so one dropped while checked out would end the process. Every client gets its own
  // listener for its whole life; the query in flight fails on its own and the pool discards
  // the connection when it is released with that error.
  for (const p of [pool, preparedPool]) {
    p.on('error', () => undefined);
    p.on('connect', (client) => client.on('error', () => undefined));
  }
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  preparedTwins.set(
    db,
    drizzlePg({ client: preparedPool, schema, casing: 'snake_case' }) as unknown as Db,
  );
  return {
    db,
    kind: 'pg',
    async withLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
        return await fn(drizzlePg({ client, schema, casing: 'snake_case' }) as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    subscribe: (channel, handlers) => listenWithRetry(url, channel, handlers),
    close: async () => {
      await Promise.all([pool.end(), preparedPool.end()]);
    },
  };
}

const RELISTEN_DELAY_MS = 1000;

/** LISTEN on a connection of its own, reconnecting after a failure until closed. */
async function listenWithRetry(url: string, channel: string, handlers: ChannelHandlers) {
  let current: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const start = async () => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    current = client;
    let listening = false;
    const fail = () => {
      if (closed || current !== client) return;
      current = null;
      if (listening) handlers.down();
      listening = false;
      client.end().catch(() => undefined);
      retry = setTimeout(() => void start(), RELISTEN_DELAY_MS);
      retry.unref();
    };
    client.on('error', fail);
    client.on('end', fail);
    client.on('notification', () => handlers.message());
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      fail();
      return;
    }
    if (current === client && !closed) {
      listening = true;
      handlers.up();
    }
  };

  await start();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Rows of a raw SQL statement; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
