/**
 * A mixed workload against the real API on PostgreSQL with a million users: 100 connections,
 * 80% list and detail reads and 20% creates and updates of users, teams, templates and sends,
 * after a run of the bare `SELECT … LIMIT 10` route at the same 100 connections, whose
 * throughput the mixed run is printed against. It prints requests, req/s, p50/p99, errors and
 * non-2xx by status and by kind, then reads every acknowledged write back from the database.
 * Run: `npx tsx bench/load.ts` (needs a PostgreSQL server; it creates a fresh database there and
 * drops it at the end).
 *
 *   BENCH_DATABASE_URL       server to use (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_USERS              users to seed (default 1000000)
 *   BENCH_TEAMS              teams to seed (default 1000)
 *   BENCH_TEMPLATES          notification templates to seed (default 200)
 *   BENCH_SECONDS            seconds of the measured mixed run (default 60)
 *   BENCH_BASELINE_SECONDS   seconds of the bare route's run (default 10)
 *   BENCH_ONLY               regular expression: run only the kinds of request whose name
 *                            matches (e.g. "list|detail"), in the same proportions
 *   BENCH_PROFILE            directory: the API process writes a V8 CPU profile there
 *   BENCH_KEEP               name of a database to seed once and keep between runs
 *
 * Sends go to three users each and are delivered by the API's worker to an SMTP sink in this
 * process, as bench/fan-out.ts does. Two updates of one row are never in flight at once, so
 * the order in which they were acknowledged is the order in which they were applied; a write
 * that got no answer (a timeout, or still in flight when the run ended) may or may not have
 * landed, and the check accepts either value for its row.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { LAST_NAMES } from '../apps/api/src/db/seed/demo-names';
import { startTestSmtp } from '../apps/api/src/test/smtp';
import {
  CITIES,
  FIRST_NAMES,
  bareUsersQuery,
  cpuDuring,
  measure,
  prepareUsers,
  runBench,
  withApi,
  withBenchDatabase,
} from './lib';

const USER_COUNT = Number(process.env.BENCH_USERS ?? 1_000_000);
const TEAM_COUNT = Number(process.env.BENCH_TEAMS ?? 1_000);
const TEMPLATE_COUNT = Number(process.env.BENCH_TEMPLATES ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 10);
const CONNECTIONS = 100;
/**
 * Users whose rows the run edits, drawn at random from the seeded ones that the edit form
 * accepts as they are (an 'initiated' user must be given another status first).
 */
const EDITED_USERS = 5_000;
const RECIPIENTS_PER_SEND = 3;
const BARE_URL = '/api/bench/bare';
function routes(app: FastifyInstance) {
  app.get(BARE_URL, { config: { access: 'public' } }, bareUsersQuery(app));
}

async function seedTeamsAndTemplates(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    // Owners as the API accepts them: the owner role, not suspended.
    await client.query(
      `insert into teams (name, location, team_initials, owner_id)
       select 'Team ' || g, c.names[1 + g % cardinality(c.names)], 'T' || (g % 10000),
              o.ids[1 + g % cardinality(o.ids)]
       from generate_series(1, $1::int) g, (select $2::text[] as names) c,
            (select array_agg(id) as ids from (
               select u.id from users u join roles r on r.id = u.role_id
               where r.name = 'owner' and u.status <> 'suspended' order by u.id limit 1000) s) o`,
      [TEAM_COUNT, CITIES],
    );
    await client.query(
      `insert into notification_templates (name, subject, message, type, status)
       select 'Template ' || g, 'Hello {{first_name}}',
              'Dear {{first_name}}, match ' || g || ' starts at 7 pm.', 'email',
              case when g % 4 = 0 then 'draft' else 'active' end
       from generate_series(1, $1::int) g`,
      [TEMPLATE_COUNT],
    );
    await client.query('analyze teams');
    await client.query('analyze notification_templates');
    console.log(
      `Seeded ${TEAM_COUNT.toLocaleString('en')} teams and ${TEMPLATE_COUNT} templates in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
}

interface EditedUser {
  id: number;
  email: string;
  phone_number: string;
  role_id: number;
  status: string;
}

/** What the run needs from the seeded data: rows to read, edit, own teams and receive sends. */
async function loadPools(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const q = async <T extends pg.QueryResultRow>(text: string) =>
      (await client.query<T>(text)).rows;
    const [range] = await q<{ min: number; max: number }>(
      "select min(id) as min, max(id) as max from users where email like '%@bench.example.in'",
    );
    return {
      userIds: range!,
      /**
       * The highest mobile number starting with 9 (the seeded ones start with 6): the run's new
       * users take the numbers above it, and emails made from them, so a kept database's
       * earlier runs never collide.
       */
      lastNumber: Number(
        (
          await q<{ max: string | null }>(
            "select max(phone_number) as max from users where phone_number >= '9'",
          )
        )[0]!.max ?? 9_000_000_000,
      ),
      users: await q<EditedUser>(
        `select id, email, phone_number, role_id, status from users
         where email like '%@bench.example.in' and status <> 'initiated'
         order by random() limit ${EDITED_USERS}`,
      ),
      owners: (
        await q<{ id: number }>(
          `select u.id from users u join roles r on r.id = u.role_id
           where r.name = 'owner' and u.status <> 'suspended' order by u.id limit 1000`,
        )
      ).map((r) => r.id),
      player: (await q<{ id: number }>("select id from roles where name = 'player'"))[0]!.id,
      teams: await q<{ id: number; owner_id: number }>('select id, owner_id from teams'),
      templates: await q<{ id: number; status: string }>(
        "select id, status from notification_templates where type = 'email'",
      ),
    };
  } finally {
    await client.end();
  }
}

type Pools = Awaited<ReturnType<typeof loadPools>>;

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/**
 * The rows of one table that the run wrote, each with the value its last acknowledged write
 * left (`expect`) and how many acknowledged writes it had, plus the rows with a write in flight:
 * at most one per row, so acknowledgements arrive in the order the writes were applied.
 */
class Written<T extends { id: number }> {
  readonly rows = new Map<number, { value: string; writes: number; doubt?: string }>();
  private readonly busy = new Set<number>();
  constructor(
    readonly table: string,
    /** The SQL expression over the row `t` whose text is compared with the expected value. */
    readonly expression: string,
    /** Rows that updates may pick; acknowledged creates join it. */
    readonly editable: T[],
  ) {}

  /** A row no other write is touching, reserved until `settle`. */
  reserve(): T {
    for (;;) {
      const row = pick(this.editable);
      if (!this.busy.has(row.id)) {
        this.busy.add(row.id);
        return row;
      }
    }
  }

  acknowledge(id: number, value: string) {
    const row = this.rows.get(id);
    this.rows.set(id, { value, writes: (row?.writes ?? 0) + 1 });
  }

  /** A write to `id` that was sent; until `settle`, its value is as likely as the last one. */
  send(id: number, value: string) {
    const row = this.rows.get(id);
    if (row) row.doubt = value;
    else this.rows.set(id, { value: '', writes: 0, doubt: value });
  }

  settle(id: number) {
    this.busy.delete(id);
    const row = this.rows.get(id);
    if (row?.writes === 0) this.rows.delete(id);
    else if (row) delete row.doubt;
  }
}

interface Call {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  /** The answer was 2xx: `data` is its envelope's data. */
  acked?: (data: never) => void;
  /** Any answer. */
  settled?: () => void;
}

function workload(pools: Pools) {
  let seq = 0;
  let lastNumber = pools.lastNumber;
  const userBody = (u: EditedUser, city: string) => ({
    first_name: pick(FIRST_NAMES),
    last_name: pick(LAST_NAMES),
    email: u.email,
    phone_number: u.phone_number,
    role_id: u.role_id,
    status: u.status,
    date_of_birth: '1994-05-17',
    gender: 'Male',
    address: '12, MG Road',
    city,
    state: 'Maharashtra',
    country: 'India',
    pincode: '400001',
    profile_picture: null,
  });
  const users = new Written<EditedUser>(
    'users',
    "t.email || ' ' || coalesce(t.city, '')",
    pools.users,
  );
  const teams = new Written<{ id: number; owner_id: number }>('teams', 't.name', pools.teams);
  const templates = new Written<{ id: number; status: string }>(
    'notification_templates',
    't.name',
    pools.templates,
  );
  const sends = new Written<{ id: number }>(
    'notification_sends',
    "t.message || ' to ' || (select count(*) from notification_deliveries d where d.send_id = t.id)",
    [],
  );
  const active = pools.templates.filter((t) => t.status === 'active').map((t) => t.id);
  const teamBody = (name: string, owner: number) => ({
    name,
    location: pick(CITIES),
    team_initials: 'LD',
    is_active: true,
    add_me: false,
    owner_id: owner,
  });
  const templateBody = (name: string) => ({
    name,
    type: 'email',
    status: 'active',
    subject: 'Hello {{first_name}}',
    message: 'Dear {{first_name}}, the toss is at 6.30 pm.',
  });

  /** An update of a reserved row of `written`, acknowledged with `value`. */
  const update = <T extends { id: number }>(
    written: Written<T>,
    path: (row: T) => string,
    body: (row: T, value: string) => unknown,
    value: (row: T, n: number) => string,
    expected: (row: T, value: string) => string = (_, v) => v,
  ): Call => {
    const row = written.reserve();
    const v = value(row, ++seq);
    written.send(row.id, expected(row, v));
    return {
      method: 'PUT',
      path: path(row),
      body: body(row, v),
      acked: () => written.acknowledge(row.id, expected(row, v)),
      settled: () => written.settle(row.id),
    };
  };

  const kinds: Record<string, { weight: number; call: () => Call }> = {
    // Reads: 80%.
    'users list': {
      weight: 25,
      call: () => ({
        method: 'GET',
        path:
          Math.random() < 0.25
            ? `/api/users?page=1&limit=10&name=${encodeURIComponent(pick(LAST_NAMES))}`
            : `/api/users?page=${between(1, 20)}&limit=10`,
      }),
    },
    'user detail': {
      weight: 15,
      call: () => ({
        method: 'GET',
        path: `/api/users/${between(pools.userIds.min, pools.userIds.max)}`,
      }),
    },
    'teams list': {
      weight: 10,
      call: () => ({ method: 'GET', path: `/api/teams?page=${between(1, 5)}&limit=10` }),
    },
    'team detail': {
      weight: 10,
      call: () => ({ method: 'GET', path: `/api/teams/${pick(teams.editable).id}` }),
    },
    'templates list': {
      weight: 10,
      call: () => ({
        method: 'GET',
        path: `/api/notifications/templates?page=${between(1, 3)}&limit=10`,
      }),
    },
    'sends list': {
      weight: 10,
      call: () => ({
        method: 'GET',
        path: `/api/notifications/sends?page=${between(1, 3)}&limit=10`,
      }),
    },
    // Writes: 20%.
    'create user': {
      weight: 4,
      call: () => {
        const n = ++lastNumber;
        const u: EditedUser = {
          id: 0,
          email: `load${n}@bench.example.in`,
          phone_number: String(n),
          role_id: pools.player,
          status: 'verified',
        };
        const city = pick(CITIES);
        return {
          method: 'POST',
          path: '/api/users',
          body: userBody(u, city),
          acked: (data: { user: { id: number } }) => {
            users.acknowledge(data.user.id, `${u.email} ${city}`);
            users.editable.push({ ...u, id: data.user.id });
          },
        };
      },
    },
    'update user': {
      weight: 4,
      call: () =>
        update(
          users,
          (u) => `/api/users/${u.id}`,
          userBody,
          (_, n) => `Load ${n}`,
          (u, city) => `${u.email} ${city}`,
        ),
    },
    'create team': {
      weight: 3,
      call: () => {
        const owner = pick(pools.owners);
        const name = `Load Team ${++seq}`;
        return {
          method: 'POST',
          path: '/api/teams',
          body: teamBody(name, owner),
          acked: (data: { team: { id: number } }) => {
            teams.acknowledge(data.team.id, name);
            teams.editable.push({ id: data.team.id, owner_id: owner });
          },
        };
      },
    },
    'update team': {
      weight: 3,
      call: () =>
        update(
          teams,
          (t) => `/api/teams/${t.id}`,
          (t, name) => teamBody(name, t.owner_id),
          (t, n) => `Team ${t.id} edit ${n}`,
        ),
    },
    'create template': {
      weight: 2,
      call: () => {
        const name = `Load template ${++seq}`;
        return {
          method: 'POST',
          path: '/api/notifications/templates',
          body: templateBody(name),
          acked: (data: { template: { id: number } }) => {
            templates.acknowledge(data.template.id, name);
            templates.editable.push({ id: data.template.id, status: 'active' });
          },
        };
      },
    },
    'update template': {
      weight: 2,
      call: () =>
        update(
          templates,
          (t) => `/api/notifications/templates/${t.id}`,
          // Stays active: sends pick their template among the seeded active ones.
          (t, name) => ({ ...templateBody(name), status: t.status }),
          (t, n) => `Template ${t.id} edit ${n}`,
        ),
    },
    'create send': {
      weight: 2,
      call: () => {
        const message = `Dear {{first_name}}, load send ${++seq}.`;
        const recipients = new Set<number>();
        while (recipients.size < RECIPIENTS_PER_SEND)
          recipients.add(between(pools.userIds.min, pools.userIds.max));
        return {
          method: 'POST',
          path: '/api/notifications/send',
          body: {
            template_id: pick(active),
            recipient_type: 'specific',
            recipient_ids: [...recipients],
            subject: 'Hello {{first_name}}',
            message,
            send_immediately: true,
          },
          acked: (data: { send: { id: number } }) =>
            sends.acknowledge(data.send.id, `${message} to ${RECIPIENTS_PER_SEND}`),
        };
      },
    },
  };
  // BENCH_ONLY narrows the run to the kinds whose name matches (to see what each one costs).
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  for (const name of Object.keys(kinds)) if (only && !only.test(name)) delete kinds[name];
  const total = Object.values(kinds).reduce((sum, k) => sum + k.weight, 0);
  const choose = () => {
    let r = Math.random() * total;
    for (const [name, kind] of Object.entries(kinds)) {
      r -= kind.weight;
      if (r < 0) return name;
    }
    return Object.keys(kinds)[0]!;
  };
  return { kinds, choose, written: [users, teams, templates, sends] };
}

type Workload = ReturnType<typeof workload>;

interface Tally {
  latencies: number[];
  statuses: Map<number, number>;
  /** The first refusals' bodies, to say why. */
  samples: string[];
}

/** One autocannon run of the mixed workload; every request picks its kind at random by weight. */
async function runMixed(
  base: string,
  headers: Record<string, string>,
  work: Workload,
  seconds: number,
) {
  const tallies = new Map<string, Tally>(
    Object.keys(work.kinds).map((k) => [k, { latencies: [], statuses: new Map(), samples: [] }]),
  );
  type Context = { kind?: string; call?: Call; start?: number };
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (request, context) => {
          const ctx = context as Context;
          const kind = work.choose();
          const call = work.kinds[kind]!.call();
          Object.assign(ctx, { kind, call, start: performance.now() });
          return {
            ...request,
            method: call.method,
            path: call.path,
            // As the web app does, every POST carries a new Idempotency-Key (decision 036).
            headers: {
              ...headers,
              'content-type': 'application/json',
              ...(call.method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
            },
            body: call.body === undefined ? undefined : JSON.stringify(call.body),
          };
        },
        onResponse: (status, body, context) => {
          const { kind, call, start } = context as Required<Context>;
          const tally = tallies.get(kind)!;
          tally.latencies.push(performance.now() - start);
          tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
          if (status >= 200 && status < 300) {
            if (call.acked) call.acked((JSON.parse(body) as { data: never }).data);
          } else if (tally.samples.length < 3)
            tally.samples.push(`${status} ${body.slice(0, 200)}`);
          call.settled?.();
        },
      },
    ],
  });
  return { result, tallies };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const loadAverage = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

type Cpu = Awaited<ReturnType<typeof cpuDuring>>['cpu'];

function report(
  { result, tallies }: Awaited<ReturnType<typeof runMixed>>,
  bare: { rps: number; p50: number; p99: number },
  loadBefore: string,
  cpu: Cpu,
) {
  const rps = result.requests.total / result.duration;
  console.log(
    `\nMixed run: ${CONNECTIONS} connections for ${SECONDS} s; load average (1, 5, 15 min) ${loadBefore} before, ${loadAverage()} after`,
  );
  console.log(
    `requests ${result.requests.total.toLocaleString('en')}, ${rps.toFixed(0)} req/s ` +
      `(${(rps / bare.rps).toFixed(2)} of the bare route's ${bare.rps.toFixed(0)} req/s at ${CONNECTIONS} connections, p50 ${bare.p50} ms, p99 ${bare.p99} ms)`,
  );
  console.log(
    `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  const byStatus = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, s]) => `${code}: ${s.count ?? 0}`);
  console.log(
    `errors ${result.errors} (timeouts ${result.timeouts}); non-2xx ${result.non2xx}${byStatus.length ? ` (${byStatus.join(', ')})` : ''}`,
  );
  const perRequest = (seconds: number) => ((seconds * 1000) / result.requests.total).toFixed(2);
  console.log(
    `CPU seconds over the run: API ${cpu.api.toFixed(1)} (${perRequest(cpu.api)} ms per request), ` +
      `PostgreSQL ${cpu.postgres.toFixed(1)} (${perRequest(cpu.postgres)} ms), load generator and sink ${cpu.loadGenerator.toFixed(1)}, ` +
      `rest of the machine ${cpu.others.toFixed(1)}, idle ${cpu.idle.toFixed(1)}`,
  );
  const answered = [...tallies.values()].reduce((sum, t) => sum + t.latencies.length, 0);
  console.log(
    `\n${'kind'.padEnd(16)} ${'requests'.padStart(9)} ${'share'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  non-2xx`,
  );
  for (const [kind, t] of tallies) {
    const sorted = [...t.latencies].sort((a, b) => a - b);
    const refused = [...t.statuses].filter(([s]) => s < 200 || s >= 300);
    console.log(
      `${kind.padEnd(16)} ${String(sorted.length).padStart(9)} ${((sorted.length / answered) * 100).toFixed(1).padStart(5)}% ` +
        `${percentile(sorted, 0.5).toFixed(0).padStart(7)} ${percentile(sorted, 0.99).toFixed(0).padStart(7)}  ` +
        (refused.length ? refused.map(([s, n]) => `${s}: ${n}`).join(', ') : '0'),
    );
    for (const sample of t.samples) console.log(`    ${sample}`);
  }
}

/** Reads every row the run wrote and compares it with its last acknowledged value. */
async function verify(databaseUrl: string, work: Workload) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let writes = 0;
  let present = 0;
  const lines: string[] = [];
  try {
    for (const written of work.written) {
      const ids = [...written.rows.keys()];
      const { rows } = await client.query<{ id: number; v: string }>(
        `select t.id, ${written.expression} as v from ${written.table} t where t.id = any($1::int[])`,
        [ids],
      );
      const found = new Map(rows.map((r) => [r.id, r.v]));
      let tableWrites = 0;
      let tablePresent = 0;
      let doubtful = 0;
      for (const [id, row] of written.rows) {
        tableWrites += row.writes;
        if (row.doubt !== undefined) doubtful += 1;
        const value = found.get(id);
        if (value === row.value || (row.doubt !== undefined && value === row.doubt))
          tablePresent += row.writes;
        else if (row.writes > 0 && lines.length < 10)
          lines.push(`  ${written.table} ${id}: expected "${row.value}", found "${value}"`);
      }
      writes += tableWrites;
      present += tablePresent;
      console.log(
        `  ${written.table}: ${tablePresent} of ${tableWrites} acknowledged writes present over ${written.rows.size} rows` +
          (doubtful ? ` (${doubtful} with a write left unanswered, either value accepted)` : ''),
      );
    }
  } finally {
    await client.end();
  }
  for (const line of lines) console.log(line);
  console.log(`acknowledged writes present: ${present} of ${writes}`);
  return present === writes;
}

async function main() {
  let delivered = 0;
  const sink = await startTestSmtp({ onMail: () => (delivered += 1) });
  let ok = true;
  try {
    await withBenchDatabase('bench_load', async (databaseUrl, fresh) => {
      await prepareUsers(databaseUrl, fresh, USER_COUNT);
      if (fresh) await seedTeamsAndTemplates(databaseUrl);
      const work = workload(await loadPools(databaseUrl));
      const config = { SMTP_URL: sink.url, MAIL_FROM: 'Bench <bench@load.test>' };
      const profile = process.env.BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
        : [];
      await withApi(
        import.meta.url,
        databaseUrl,
        { config, execArgv: profile },
        async (base, headers) => {
          // Warm-up: the bare route and a short mixed run (its writes are checked too).
          await measure(base, BARE_URL, {}, 2, CONNECTIONS);
          await runMixed(base, headers, work, 5);
          const bare = await measure(base, BARE_URL, {}, BASELINE_SECONDS, CONNECTIONS);
          const loadBefore = loadAverage();
          const { result: run, cpu } = await cpuDuring(base, databaseUrl, () =>
            runMixed(base, headers, work, SECONDS),
          );
          report(run, bare, loadBefore, cpu);
          // Writes still in flight when autocannon stopped: let the API finish them.
          await new Promise((r) => setTimeout(r, 1000));
          console.log(`\nChecking every acknowledged write (warm-up included):`);
          ok = await verify(databaseUrl, work);
          console.log(`messages received by the SMTP sink so far: ${delivered}`);
        },
      );
    });
  } finally {
    await sink.close();
  }
  if (!ok) process.exitCode = 1;
}

runBench(main, routes);
