/**
 * A notification to 'all' over 100,000 users on the PostgreSQL server, delivered by the real
 * API's worker (in a child process) to a local SMTP sink in this process. Prints how long the
 * send request took (recording the send and enqueueing every delivery), the delivery rate, and
 * what the sink counted: every Message-ID once, none missing.
 * Run: `npx tsx bench/fan-out.ts` (creates a fresh database and drops it at the end).
 *
 *   BENCH_DATABASE_URL  server to use (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_USERS         users to seed (default 100000)
 *   BENCH_KEEP          name of a database to seed once and keep between runs
 */
import pg from 'pg';
import { openPostgres } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { seedBase } from '../apps/api/src/db/seed/base';
import { startTestSmtp } from '../apps/api/src/test/smtp';
import { ADMIN, runBench, withApi, withBenchDatabase } from './lib';

const USER_COUNT = Number(process.env.BENCH_USERS ?? 100_000);

async function seed(databaseUrl: string) {
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
    [USER_COUNT],
  );
  await client.query('analyze');
  await client.end();
  console.log(
    `seeded ${USER_COUNT.toLocaleString()} users in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function main() {
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

      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      let status = 'running';
      while (status === 'running') {
        await new Promise((r) => setTimeout(r, 250));
        status = (await client.query('select status from notification_sends where id = $1', [id]))
          .rows[0].status;
      }
      const doneMs = performance.now() - t0;
      const outcome = (
        await client.query(
          `select status, count(*)::int as n from notification_deliveries where send_id = $1 group by status`,
          [id],
        )
      ).rows;
      await client.end();

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
