/**
 * A notification to 'all' over 100,000 users on the PostgreSQL server, delivered by the real
 * API's worker (in a child process) to a local SMTP sink in this process. Prints how long the
 * send request took (recording the send and enqueueing every delivery), the delivery rate, and
 * what the sink counted: every Message-ID once, none missing.
 * Then a WhatsApp template to 'all' over 10,000 users, sent by the same worker to the Graph API
 * stand-in in this process at WHATSAPP_MPS=500: the enqueue time, the rate the stand-in measured
 * (it must stay within 5% under the limit, and no second above it), and every player once.
 * Run: `npx tsx bench/fan-out.ts` (creates fresh databases and drops them at the end).
 *
 *   BENCH_DATABASE_URL  server to use (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_USERS         users to seed for the email run (default 100000)
 *   BENCH_WA_USERS      users to seed for the WhatsApp run (default 10000)
 *   BENCH_WA_MPS        WHATSAPP_MPS of the WhatsApp run (default 500)
 *   BENCH_RUNS          email, whatsapp or both (default both)
 *   BENCH_KEEP          name of a database to seed once and keep between runs
 */
import pg from 'pg';
import { openPostgres } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { seedBase } from '../apps/api/src/db/seed/base';
import { standinEnv, startGraphStandin } from '../apps/api/src/test/graph-standin';
import { startTestSmtp } from '../apps/api/src/test/smtp';
import { ADMIN, runBench, withApi, withBenchDatabase } from './lib';

const USER_COUNT = Number(process.env.BENCH_USERS ?? 100_000);
const WA_USER_COUNT = Number(process.env.BENCH_WA_USERS ?? 10_000);
const WA_MPS = Number(process.env.BENCH_WA_MPS ?? 500);
const RUNS = process.env.BENCH_RUNS ?? 'both';

async function seed(databaseUrl: string, count = USER_COUNT) {
  const database = openPostgres(databaseUrl);
  await runMigrations(database);
  await seedBase(
    database.db,
    { adminEmail: ADMIN.email, adminPassword: ADMIN.password },
    { info() {}, warn() {} },
  );
  await database.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  // The users triggers keep list counters this bench never reads: off for the load.
  await client.query('set session_replication_role = replica');
  await client.query(
    `insert into users (email, phone_number, role_id, status, first_name, last_name)
     select 'fan' || g || '@fanout.test', (6000000000 + g)::text,
       (select id from roles order by id limit 1), 'verified', 'Fan', 'Number ' || g
     from generate_series(1, $1::int) g`,
    [count],
  );
  await client.query('analyze');
  await client.end();
  console.log(
    `seeded ${count.toLocaleString()} users in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function waitForEnd(databaseUrl: string, id: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let status = 'running';
  while (status === 'running') {
    await new Promise((r) => setTimeout(r, 250));
    status = (await client.query('select status from notification_sends where id = $1', [id]))
      .rows[0].status;
  }
  const outcome = (
    await client.query(
      `select status, count(*)::int as n from notification_deliveries where send_id = $1 group by status`,
      [id],
    )
  ).rows as { status: string; n: number }[];
  await client.end();
  return { status, outcome };
}

async function whatsapp() {
  const standin = await startGraphStandin();
  await withBenchDatabase('fanout_wa', async (databaseUrl, fresh) => {
    if (fresh) await seed(databaseUrl, WA_USER_COUNT);
    // An approved template, as Meta's review would leave it.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const category = await client.query(
      `insert into wa_template_categories (name, slug) values ('Bench', 'bench-' || gen_random_uuid()) returning id`,
    );
    const template = await client.query(
      `insert into wa_templates (name, category_id, type, status, body_text)
       values ('fan_out_bench_' || floor(random() * 1e9)::int, $1, 'text', 'approved',
         'Dear {{first_name}}, the final at {{venue}} starts at 7 pm. See you there!') returning id`,
      [category.rows[0].id],
    );
    await client.end();
    const config = { ...standinEnv(standin), WHATSAPP_MPS: String(WA_MPS) };
    await withApi(import.meta.url, databaseUrl, { config }, async (base, auth) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/wa/templates/${template.rows[0].id}/send`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          recipient_type: 'all',
          variables: { first_name: '{{first_name}}', venue: 'Eden Gardens' },
          send_immediately: true,
        }),
      });
      const enqueueMs = performance.now() - t0;
      const body = (await res.json()) as {
        data: { send: { id: number; counts: { total: number; skipped: number } } };
      };
      const { id, counts } = body.data.send;
      console.log(
        `WhatsApp send ${id}: ${counts.total.toLocaleString()} deliveries enqueued in ${(enqueueMs / 1000).toFixed(2)} s (HTTP ${res.status})`,
      );
      const { status, outcome } = await waitForEnd(databaseUrl, id);
      const requests = standin.requestsTo('/messages', 'POST');
      const perPhone = new Map<string, number>();
      for (const r of requests) {
        const to = (r.json as { to: string }).to;
        perPhone.set(to, (perPhone.get(to) ?? 0) + 1);
      }
      const at = requests.map((r) => r.at).sort((a, b) => a - b);
      let busiest = 0;
      for (let i = 0, j = 0; i < at.length; i += 1) {
        while (j < at.length && at[j]! < at[i]! + 1000) j += 1;
        busiest = Math.max(busiest, j - i);
      }
      const seconds = (at[at.length - 1]! - at[0]!) / 1000;
      const rate = (at.length - 1) / seconds;
      const expected = counts.total - counts.skipped;
      console.log(
        `WhatsApp send ended '${status}'; deliveries: ${outcome.map((r) => `${r.n} ${r.status}`).join(', ')}`,
      );
      console.log(
        `at the stand-in: ${requests.length.toLocaleString()} requests in ${seconds.toFixed(1)} s = ${rate.toFixed(1)} per second (limit ${WA_MPS}, ${((rate / WA_MPS) * 100).toFixed(1)}% of it); busiest 1-second window ${busiest}`,
      );
      console.log(
        `players: ${perPhone.size.toLocaleString()} distinct numbers, ${Math.max(0, expected - perPhone.size).toLocaleString()} missing, ${(requests.length - perPhone.size).toLocaleString()} repeated`,
      );
    });
  });
  await standin.close();
}

async function main() {
  if (RUNS !== 'whatsapp') await email();
  if (RUNS !== 'email') await whatsapp();
}

async function email() {
  const seen = new Map<string, number>();
  const sink = await startTestSmtp({
    onMail: (mail) => {
      const id = mail.messageId ?? '';
      seen.set(id, (seen.get(id) ?? 0) + 1);
    },
  });
  await withBenchDatabase('fanout', async (databaseUrl, fresh) => {
    if (fresh) await seed(databaseUrl);
    const config = { SMTP_URL: sink.url, MAIL_FROM: 'Bench <bench@fanout.test>' };
    await withApi(import.meta.url, databaseUrl, { config }, async (base, auth) => {
      const headers = { ...auth, 'content-type': 'application/json' };
      const template = await fetch(`${base}/api/notifications/templates`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: 'Fan-out bench',
          type: 'email',
          status: 'active',
          subject: 'Hello {{first_name}}',
          message: 'Dear {{first_name}} {{last_name}}, the final starts at 7 pm.',
        }),
      }).then((r) => r.json() as Promise<{ data: { template: { id: number } } }>);

      const t0 = performance.now();
      const res = await fetch(`${base}/api/notifications/send`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          template_id: template.data.template.id,
          recipient_type: 'all',
          subject: 'Hello {{first_name}}',
          message: 'Dear {{first_name}} {{last_name}}, the final starts at 7 pm.',
          send_immediately: true,
        }),
      });
      const enqueueMs = performance.now() - t0;
      const body = (await res.json()) as {
        data: { send: { id: number; counts: { total: number } } };
      };
      const { id, counts } = body.data.send;
      console.log(
        `send ${id}: ${counts.total.toLocaleString()} deliveries enqueued in ${(enqueueMs / 1000).toFixed(2)} s (HTTP ${res.status})`,
      );

      const { status, outcome } = await waitForEnd(databaseUrl, id);
      const doneMs = performance.now() - t0;

      const mine = [...seen.entries()].filter(([key]) => key.startsWith(`<notification-${id}-`));
      const distinct = mine.length;
      const received = mine.reduce((sum, [, n]) => sum + n, 0);
      const seconds = (doneMs - enqueueMs) / 1000;
      console.log(
        `send ended '${status}' after ${(doneMs / 1000).toFixed(1)} s; deliveries: ${outcome.map((r) => `${r.n} ${r.status}`).join(', ')}`,
      );
      console.log(
        `delivered ${Math.round(distinct / seconds).toLocaleString()} messages per second (${distinct.toLocaleString()} in ${seconds.toFixed(1)} s after the answer)`,
      );
      console.log(
        `at the sink: ${received.toLocaleString()} received, ${distinct.toLocaleString()} distinct Message-IDs, ${(counts.total - distinct).toLocaleString()} missing, ${(received - distinct).toLocaleString()} repeated`,
      );
    });
  });
  await sink.close();
}

runBench(main);
