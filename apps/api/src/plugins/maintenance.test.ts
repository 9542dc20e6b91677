import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import {
  auditLogs,
  contactMessageCounts,
  contactMessages,
  contactReplies,
  notificationDeliveries,
  notificationSends,
  retentionRuns,
  sessions,
  users,
} from '../db/schema';
import { RETENTION_BATCH, removeExpired } from '../lib/retention';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
const NOW = new Date('2026-11-27T03:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 24 * 60 * 60 * 1000);
const ids = async (table: typeof sessions | typeof contactMessages) =>
  (await t.db.select({ id: table.id }).from(table)).map((r) => r.id).sort((a, b) => a - b);

let keptSessions: number[];
let keptMessage: number;

beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.db.select({ id: users.id }).from(users);
  const userId = admin!.id;
  const session = (n: string, expiresAt: Date, revokedAt: Date | null) => ({
    tokenHash: n.padEnd(64, '0'),
    userId,
    expiresAt,
    revokedAt,
  });
  const made = await t.db
    .insert(sessions)
    .values([
      session('a', daysAgo(50), daysAgo(100)), // signed out 100 days ago: removed
      session('b', daysAgo(50), daysAgo(80)), // signed out 80 days ago: kept
      session('c', daysAgo(91), null), // expired 91 days ago: removed
      session('d', daysAgo(-5), null), // live: kept
    ])
    .returning({ id: sessions.id });
  keptSessions = [made[1]!.id, made[3]!.id];

  const [oldSend, newSend] = await t.db
    .insert(notificationSends)
    .values(
      [daysAgo(1000), daysAgo(300)].map((createdAt) => ({
        templateName: 'Fixture',
        channel: 'email',
        recipientType: 'specific',
        message: 'Hello',
        status: 'completed',
        createdAt,
      })),
    )
    .returning({ id: notificationSends.id });
  // 2,400 finished deliveries of the old send span three batches; its one still queued stays.
  await t.db.execute(sql`insert into notification_deliveries (send_id, user_id, status)
    select ${oldSend!.id}, g, case when g = 1 then 'queued' else 'sent' end
    from generate_series(1, 2401) g`);
  await t.db.insert(notificationDeliveries).values({ sendId: newSend!.id, userId, status: 'sent' });

  const [oldMessage, newMessage] = await t.db
    .insert(contactMessages)
    .values(
      [daysAgo(800), daysAgo(10)].map((createdAt, i) => ({
        name: `Sender ${i}`,
        email: `sender${i}@example.test`,
        subject: 'Nets',
        message: 'When are the nets open?',
        createdAt,
      })),
    )
    .returning({ id: contactMessages.id });
  keptMessage = newMessage!.id;
  await t.db.insert(contactReplies).values({
    messageId: oldMessage!.id,
    subject: 'Re: Nets',
    body: 'At six',
    status: 'sent',
    mailMessageId: 'reply-1@test',
    sentByName: 'Admin',
  });

  await t.db.insert(auditLogs).values(
    [daysAgo(2556), daysAgo(2554)].map((createdAt) => ({
      createdAt,
      entityType: 'user',
      entityId: userId,
      action: 'update',
      changes: {},
    })),
  );
});
afterAll(() => t.close());

describe('retention', () => {
  it('removes exactly the rows past their age, a batch at a time, and records the run', async () => {
    const auditBefore = await t.db.$count(auditLogs);
    const removed = await t.app.maintenance.runRetention(NOW);
    expect(removed).toEqual({
      sessions: 2,
      deliveries: 2400,
      contact_messages: 1,
      audit_logs: 1,
    });
    expect(RETENTION_BATCH).toBeLessThan(2400);
    expect(await ids(sessions)).toEqual(keptSessions);
    const left = await queryRows<{ status: string; n: number }>(
      t.db,
      sql`select status, count(*)::int as n from notification_deliveries group by 1 order by 1`,
    );
    expect(left).toEqual([
      { status: 'queued', n: 1 },
      { status: 'sent', n: 1 },
    ]);
    expect(await ids(contactMessages)).toEqual([keptMessage]);
    expect(await t.db.$count(contactReplies)).toBe(0);
    // The header's counts follow the removal.
    const counts = await t.db.select().from(contactMessageCounts);
    expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(1);
    expect(await t.db.$count(auditLogs)).toBe(auditBefore - 1);

    const [run] = await t.db.select().from(retentionRuns);
    expect(run).toMatchObject({ day: '2026-11-27', removed, settings: t.app.config.retention });
    expect(run!.finishedAt).not.toBeNull();
  });

  it('runs once a day however many instances ask', async () => {
    const again = await Promise.all([
      t.app.maintenance.runRetention(NOW),
      t.app.maintenance.runRetention(NOW),
    ]);
    expect(again).toEqual([null, null]);
    const tomorrow = await Promise.all([
      t.app.maintenance.runRetention(new Date('2026-11-28T03:00:00Z')),
      t.app.maintenance.runRetention(new Date('2026-11-28T04:00:00Z')),
    ]);
    expect(tomorrow.filter((r) => r !== null)).toHaveLength(1);
  });

  it('keeps a kind forever at 0 days', async () => {
    await t.db.insert(auditLogs).values({
      createdAt: daysAgo(9000),
      entityType: 'user',
      entityId: 1,
      action: 'update',
      changes: {},
    });
    const removed = await removeExpired(
      t.db,
      { sessions: 0, deliveries: 0, contact_messages: 0, audit_logs: 0 },
      NOW,
    );
    expect(removed).toEqual({ sessions: 0, deliveries: 0, contact_messages: 0, audit_logs: 0 });
  });
});
