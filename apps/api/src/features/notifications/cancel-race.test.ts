import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@cricket/contracts';
import { queryRows } from '../../db/client';
import { roles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { startTestSmtp } from '../../test/smtp';
import { untilDone } from '../../test/until-done';

/**
 * Cancelling a send at the instant it falls due races the running worker's claim. The answer
 * and the deliveries must agree whichever wins: 200 'cancelled' and nothing goes out, or 409
 * 'already sent' and everything does.
 */
describe('cancelling a send at its scheduled instant, against a running worker', () => {
  let t: TestApp;
  let token: string;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  let userIds: number[];
  let templateId: number;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // The app's own worker runs (NOTIFY_WORKER defaults to on) and polls often; a send's 50
    // deliveries fit in one claim.
    t = await createTestApp({
      SMTP_URL: smtp.url,
      NOTIFY_POLL_MS: '10',
      NOTIFY_BATCH_SIZE: '100',
    });
    token = await t.login();
    const [role] = await t.db.insert(roles).values({ name: 'player' }).returning({ id: roles.id });
    userIds = (
      await queryRows<{ id: number }>(
        t.db,
        sql`insert into users (first_name, last_name, email, phone_number, role_id, status)
            select 'Fan', 'No ' || g, 'fan' || g || '@race.test', (8100000000 + g)::text,
              ${role!.id}, 'verified'
            from generate_series(1, 50) g
            returning id`,
      )
    ).map((r) => r.id);
    const res = await t.as(token, {
      method: 'POST',
      url: '/api/notifications/templates',
      payload: { name: 'Race', subject: 'Hi', message: 'Ten or more characters', status: 'active' },
    });
    templateId = res.json().data.template.id;
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const mailsOf = (sendId: number) =>
    smtp.received.filter((m) => m.messageId?.startsWith(`<notification-${sendId}-`)).length;

  const countsOf = async (sendId: number) => {
    const rows = await queryRows<{ status: string; n: number }>(
      t.db,
      sql`select status, count(*)::int as n from notification_deliveries
          where send_id = ${sendId} group by status`,
    );
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  };

  it('50 times: a 200 means none of the 50 deliveries went out, a 409 means all did', async () => {
    const outcomes: { sendId: number; status: number }[] = [];
    for (let i = 0; i < 50; i++) {
      const created = await t.as(token, {
        method: 'POST',
        url: '/api/notifications/send',
        payload: {
          template_id: templateId,
          recipient_type: 'specific',
          recipient_ids: userIds,
          subject: 'Hi',
          message: 'Ten or more characters',
          send_immediately: false,
          scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const sendId = created.json().data.send.id as number;
      // Its time comes now: the worker's next round (or the wake-up) claims it, unless the
      // cancel is decided first.
      await t.db.execute(sql`update notification_deliveries set next_attempt_at = now()
        where send_id = ${sendId}`);
      if (i % 2 === 0) t.app.notificationWorker.wake();
      const res = await t.as(token, {
        method: 'POST',
        url: `/api/notifications/sends/${sendId}/cancel`,
        payload: {},
      });
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
    await t.app.notificationWorker.stop();
    // Mail that left after an answer would show here: every send's mails match its answer.
    for (const { sendId, status } of outcomes) {
      expect(await countsOf(sendId)).toEqual(status === 200 ? { cancelled: 50 } : { sent: 50 });
      expect(mailsOf(sendId)).toBe(status === 200 ? 0 : 50);
    }
    const cancelled = outcomes.filter((o) => o.status === 200).length;
    console.info(
      `cancel at the due instant: ${cancelled} cancelled, ${50 - cancelled} already sent`,
    );
  });
});
