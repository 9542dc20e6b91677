import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@cricket/contracts';
import { openPostgres, queryRows, type Database } from '../../db/client';
import { roles } from '../../db/schema';
import { createMailTransport } from '../../lib/mail';
import { createTestApp, type TestApp } from '../../test/harness';
import { startTestSmtp } from '../../test/smtp';
import { untilDone } from '../../test/until-done';
import { emailTransport } from '../../lib/channel-transports';
import { createDeliveryWorker, type WorkerSettings } from './worker';

/**
 * Several workers on one database, counted at a real SMTP server. On PostgreSQL each worker has
 * its own pool; on PGlite (one connection in one process) the workers share it, so their claims
 * interleave statement by statement. Killing a worker process needs a database server.
 */
const onServer = process.env.TEST_DB === 'pg';

describe('delivery under concurrency and crashes: nothing lost, nothing doubled by racing workers, a cancel and a claim never both win, repeats after a kill bounded', () => {
  let t: TestApp;
  let token: string;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  let userIds: number[];
  let templateId: number;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, NOTIFY_WORKER: 'false' });
    token = await t.login();
    const [role] = await t.db.insert(roles).values({ name: 'player' }).returning({ id: roles.id });
    await t.db.execute(sql`
      insert into users (first_name, last_name, email, phone_number, role_id, status)
      select 'Fan', 'No ' || g, 'fan' || g || '@once.test', (8000000000 + g)::text, ${role!.id}, 'verified'
      from generate_series(1, 1000) g`);
    userIds = (
      await queryRows<{ id: number }>(
        t.db,
        sql`select id from users where email like '%@once.test'`,
      )
    ).map((r) => r.id);
    const res = await t.as(token, {
      method: 'POST',
      url: '/api/notifications/templates',
      payload: {
        name: 'Bulk',
        subject: 'Hello {{first_name}}',
        message: 'Ten or more characters',
        status: 'active',
      },
    });
    templateId = res.json().data.template.id;
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  // Racing claims, outcomes, cancels and kills leave the trigger-kept counts of every send
  // (migration 0036, what a send's page shows) equal to a count of its deliveries.
  afterEach(async () => {
    const off = await queryRows(
      t.db,
      sql`select coalesce(k.send_id, d.send_id) as send_id, coalesce(k.status, d.status) as status,
            k.count as kept, d.n as counted
          from (select send_id, status, count from send_delivery_counts where count <> 0) k
          full join (select send_id, status, count(*)::int as n from notification_deliveries
                     group by 1, 2) d on d.send_id = k.send_id and d.status = k.status
          where k.count is distinct from d.n`,
    );
    expect(off).toEqual([]);
  });

  async function queue() {
    const res = await t.as(token, {
      method: 'POST',
      url: '/api/notifications/send',
      payload: {
        template_id: templateId,
        recipient_type: 'specific',
        recipient_ids: userIds,
        subject: 'Hello {{first_name}}',
        message: 'Ten or more characters',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.send.id as number;
  }

  const allSent = (sendId: number) =>
    untilDone(async () => {
      const left = await queryRows<{ status: string; n: number }>(
        t.db,
        sql`select status, count(*)::int as n from notification_deliveries
            where send_id = ${sendId} and status <> 'sent' group by status`,
      );
      return left.length
        ? `send ${sendId} has deliveries not sent: ${left.map((r) => `${r.n} ${r.status}`).join(', ')}`
        : null;
    });

  const ofSend = (sendId: number) =>
    smtp.received.filter((m) => m.messageId?.startsWith(`<notification-${sendId}-`));

  /** Running workers, each with its own pool on PostgreSQL and its own SMTP transport. */
  function startWorkers(count: number, settings: Partial<WorkerSettings>) {
    const databases: Database[] = onServer
      ? Array.from({ length: count }, () => openPostgres(t.databaseUrl!, 4))
      : [];
    const dbs = onServer ? databases.map((d) => d.db) : Array.from({ length: count }, () => t.db);
    const mails = dbs.map(() =>
      createMailTransport({ smtpUrl: smtp.url, mailFrom: 'x@once.test' })!,
    );
    const workers = dbs.map((db, i) =>
      createDeliveryWorker({
        db,
        transports: {
          email: emailTransport(mails[i]!, 'x@once.test'),
          sms: null,
          push: null,
          whatsapp: null,
        },
        settings,
      }),
    );
    workers.forEach((w) => w.start());
    return {
      workers,
      async stop() {
        await Promise.all(workers.map((w) => w.stop()));
        mails.forEach((m) => m.close());
        await Promise.all(databases.map((d) => d.close()));
      },
    };
  }

  it('two workers deliver 1,000 queued messages, each exactly once', async () => {
    const sendId = await queue();
    const running = startWorkers(2, { batchSize: 25, pollMs: 10 });
    try {
      await allSent(sendId);
    } finally {
      await running.stop();
    }

    const mails1 = ofSend(sendId);
    expect(mails1).toHaveLength(1000);
    expect(new Set(mails1.map((m) => m.messageId)).size).toBe(1000);
    expect(new Set(mails1.map((m) => m.to[0])).size).toBe(1000);
  }, 600_000);

  const countsOf = async (sendId: number) => {
    const rows = await queryRows<{ status: string; n: number }>(
      t.db,
      sql`select status, count(*)::int as n from notification_deliveries
          where send_id = ${sendId} group by status`,
    );
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  };

  it('a send cancelled at the instant it falls due, 50 times: a 200 means none of its 50 messages went out, a 409 means all did', async () => {
    // One claim takes all 50 deliveries of a send, so the cancel and the claim each win whole.
    const running = startWorkers(1, { batchSize: 100, pollMs: 10 });
    const [worker] = running.workers;
    const outcomes: { sendId: number; status: number }[] = [];
    try {
      for (let i = 0; i < 50; i++) {
        const created = await t.as(token, {
          method: 'POST',
          url: '/api/notifications/send',
          payload: {
            template_id: templateId,
            recipient_type: 'specific',
            recipient_ids: userIds.slice(0, 50),
            subject: 'Hello {{first_name}}',
            message: 'Ten or more characters',
            send_immediately: false,
            scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
          },
        });
        expect(created.statusCode, created.body).toBe(201);
        const sendId = created.json().data.send.id as number;
        // Its time comes now, and the cancel is asked for at that instant: just after the
        // worker is woken to claim it, at the same time, or just before.
        const due = async () => {
          await t.db.execute(sql`update notification_deliveries set next_attempt_at = now()
            where send_id = ${sendId}`);
          worker!.wake();
        };
        const cancel = () =>
          t.as(token, {
            method: 'POST',
            url: `/api/notifications/sends/${sendId}/cancel`,
            payload: {},
          });
        const res = await [
          () => due().then(cancel),
          async () => (await Promise.all([cancel(), due()]))[0],
          () => cancel().finally(due),
        ][i % 3]!();
        outcomes.push({ sendId, status: res.statusCode });
        if (res.statusCode === 200) {
          expect(res.json().data.send.status).toBe('cancelled');
          expect(await countsOf(sendId)).toEqual({ cancelled: 50 });
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().message).toBe(NOTIFICATION_MESSAGES.alreadySent);
          await untilDone(async () => {
            const c = await countsOf(sendId);
            return c.sent === 50 ? null : `send ${sendId}: ${JSON.stringify(c)}`;
          });
        }
      }
    } finally {
      await running.stop();
    }
    // Mail that left after an answer would show here: every send's mails match its answer.
    for (const { sendId, status } of outcomes) {
      expect(await countsOf(sendId)).toEqual(status === 200 ? { cancelled: 50 } : { sent: 50 });
      expect(ofSend(sendId)).toHaveLength(status === 200 ? 0 : 50);
    }
    const cancelled = outcomes.filter((o) => o.status === 200).length;
    console.info(
      `cancel at the due instant: ${cancelled} cancelled, ${50 - cancelled} already sent`,
    );
  });

  // PostgreSQL only: PGlite lives inside this process, so there is no separate worker process
  // to kill; the PostgreSQL project (TEST_DATABASE_URL, as CI sets it) runs it.
  it.runIf(onServer)(
    'loses nothing and repeats at most one message per lane when a worker process is killed with SIGKILL mid-batch, again and again',
    async () => {
      const sendId = await queue();
      const script = path.join(import.meta.dirname, 'worker-process.ts');
      const start = () =>
        new Promise<ChildProcess>((resolve, reject) => {
          const child = fork(script, [t.databaseUrl!, smtp.url, '1500'], {
            execArgv: ['--import', 'tsx'],
            stdio: 'inherit',
          });
          child.once('message', () => resolve(child));
          child.once('error', reject);
        });
      let child = await start();
      const kills = [150, 400, 650];
      for (const at of kills) {
        await untilDone(() => {
          const n = ofSend(sendId).length;
          return n < at
            ? `${n} messages at the SMTP server, waiting for ${at} before a kill`
            : null;
        });
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
        child = await start();
      }
      try {
        await allSent(sendId);
      } finally {
        child.disconnect();
      }
      await new Promise((r) => child.once('exit', r));

      const received = ofSend(sendId);
      const distinct = new Set(received.map((m) => m.messageId));
      // Nothing lost: every delivery reached the server, each under its own stable Message-ID.
      expect(distinct.size).toBe(1000);
      // A message the server accepted just before a kill, whose outcome was not yet committed,
      // goes again after the lease with the same Message-ID (receivers drop it as a repeat).
      // Each of the 8 lanes waits for its outcome's commit before sending the next message, so
      // a kill leaves at most one such message per lane.
      const repeats = received.length - distinct.size;
      expect(repeats).toBeLessThanOrEqual(kills.length * 8);
      const [row] = await queryRows<{ sent: number; attempts_over_one: number }>(
        t.db,
        sql`select count(*) filter (where status = 'sent')::int as sent,
            count(*) filter (where attempts > 1)::int as attempts_over_one
          from notification_deliveries where send_id = ${sendId}`,
      );
      expect(row!.sent).toBe(1000);
      console.info(
        `SIGKILL x${kills.length}: 1000 delivered, ${repeats} same-Message-ID repeats, ${row!.attempts_over_one} re-claimed after a lease`,
      );
    },
    600_000,
  );
});
