import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIENCE_EXPORT_COLUMNS,
  AUDIENCE_SORT_KEYS,
  AUDIT_EXPORT_COLUMNS,
  CONTACT_MESSAGE_EXPORT_COLUMNS,
  CONTACT_MESSAGE_SORT_KEYS,
  DELIVERY_EXPORT_COLUMNS,
  DELIVERY_SORT_KEYS,
  MATCH_EXPORT_COLUMNS,
  MATCH_SORT_KEYS,
  MESSAGING_TOPIC_EXPORT_COLUMNS,
  MESSAGING_TOPIC_SORT_KEYS,
  NOTIFICATION_SEND_EXPORT_COLUMNS,
  NOTIFICATION_SEND_SORT_KEYS,
  NOTIFICATION_TEMPLATE_EXPORT_COLUMNS,
  NOTIFICATION_TEMPLATE_SORT_KEYS,
  SUPPRESSION_EXPORT_COLUMNS,
  SUPPRESSION_SORT_KEYS,
  TOURNAMENT_EXPORT_COLUMNS,
  TOURNAMENT_SORT_KEYS,
  WA_CATEGORY_EXPORT_COLUMNS,
  WA_CATEGORY_SORT_KEYS,
  WA_TEMPLATE_EXPORT_COLUMNS,
  WA_TEMPLATE_SORT_KEYS,
} from '@cricket/contracts';
import { seedDemoMessages } from '../db/seed/demo-messages';
import { seedDemoNotifications } from '../db/seed/demo-notifications';
import { seedDemoWaTemplates } from '../db/seed/demo-wa-templates';
import { queryRows } from '../db/client';
import { users } from '../db/schema';
import { ADMIN, createTestApp, type TestApp } from '../test/harness';
import { expectExportsLikeList, exportedColumn } from '../test/export';

/**
 * Issue 33: every list exports what its pages show (decision 058), the lists beyond the four
 * `lib/csv-export.test.ts` drives. Each list has rows enough to cross the 1,000-row batches
 * where it can grow (matches, suppressions, deliveries, the activity log), values repeated so
 * the order rests on the id after them, and cells a spreadsheet would run as formulas.
 */
let t: TestApp;
let token: string;
let sendId: number;
const DAY = new Date('2026-11-27T10:00:00Z');
const day = '2026-11-27';

const sortedQueries = (keys: readonly string[], filter: string) => [
  '',
  filter,
  ...keys.flatMap((key) => [`sort=${key}&order=asc`, `${filter}&sort=${key}&order=desc`]),
];

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => DAY });
  token = await t.login();
  await seedDemoNotifications(t.db);
  await seedDemoMessages(t.db);
  await seedDemoWaTemplates(t.db, { uploadDir: t.uploadDir });
  const [admin] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, ADMIN.email));
  const owner = admin!.id;
  await t.db.execute(sql`
    insert into teams (name, location, team_initials, owner_id)
    values ('=Alpha', 'A', 'A', ${owner}), ('Beta', 'B', 'B', ${owner})`);
  await t.db.execute(sql`
    insert into tournaments (name, status, start_date, end_date)
    select '+Cup ' || g, (array['upcoming', 'live', 'completed'])[1 + g % 3],
      date '2026-01-01' + (g % 4), date '2026-02-01'
    from generate_series(1, 30) g`);
  await t.db.execute(sql`
    insert into matches (tournament_id, team_a_id, team_b_id, scheduled_at, status, venue)
    select (select min(id) from tournaments) + g % 30,
      (select min(id) from teams where name = '=Alpha'), (select min(id) from teams where name = 'Beta'),
      timestamptz '2026-03-01 00:00:00+00' + (g % 7) * interval '0.000001 second',
      (array['upcoming', 'live', 'completed', 'abandoned'])[1 + g % 4], '@Ground ' || (g % 5)
    from generate_series(1, 1100) g`);
  await t.db.execute(sql`
    insert into audiences (name, match, rules)
    select '=Audience ' || g, 'all', '[{"field": "status", "status": "verified", "not": false}]'::jsonb
    from generate_series(1, 1100) g`);
  await t.db.execute(sql`
    insert into messaging_topics (name, description, default_subscribed, active)
    select 'Topic ' || g, '=cmd|' || g, g % 3 = 0, g % 2 = 0 from generate_series(1, 12) g`);
  await t.db.execute(sql`
    insert into messaging_suppressions (channel, address, reason, detail, created_at, removed_at)
    select (array['email', 'sms'])[1 + g % 2], 'person' || g || '@suppressed.test',
      (array['hard_bounce', 'complaint', 'admin'])[1 + g % 3], '-detail ' || g,
      timestamptz '2026-04-01 00:00:00+00' + (g % 9) * interval '1 minute',
      case when g % 5 = 0 then timestamptz '2026-05-01 00:00:00+00' end
    from generate_series(1, 1100) g`);
  await t.db.execute(sql`
    insert into notification_sends (template_name, channel, recipient_type, message, status, created_at)
    select '@Send ' || (g % 5), 'email', 'all', 'Hello', (array['sent', 'failed', 'cancelled'])[1 + g % 3],
      timestamptz '2026-06-01 00:00:00+00' + (g % 4) * interval '1 hour'
    from generate_series(1, 40) g`);
  const [send] = await queryRows<{ id: number }>(
    t.db,
    sql`select max(id)::int as id from notification_sends`,
  );
  sendId = send!.id;
  await t.db.execute(sql`
    insert into notification_deliveries (send_id, user_id, recipient_name, address, status, last_error)
    select ${sendId}, null, '=Name ' || g, 'r' || g || '@deliveries.test',
      (array['sent', 'failed', 'skipped'])[1 + g % 3], case when g % 3 = 1 then '-550 refused' end
    from generate_series(1, 1100) g`);
  await t.db.execute(sql`
    insert into audit_logs (created_at, actor_id, actor_email, actor_name, entity_type, entity_id, action, changes)
    select timestamptz '2026-07-01 00:00:00+00' + (g % 6) * interval '0.000001 second', ${owner},
      'auditor@audit.test', '@Auditor', 'team', g, (array['create', 'update'])[1 + g % 2],
      jsonb_build_object('name', jsonb_build_object('before', '=old', 'after', 'new ' || g))
    from generate_series(1, 1100) g`);
});
afterAll(() => t.close());

describe('list exports (issue 33)', () => {
  it('matches', async () => {
    await expectExportsLikeList(t, token, {
      list: 'matches',
      day,
      path: '/api/matches',
      queries: sortedQueries(MATCH_SORT_KEYS, 'status=live'),
      columns: MATCH_EXPORT_COLUMNS,
      sortKeys: MATCH_SORT_KEYS,
      access: 'matches.view',
      otherPermission: 'teams.view',
    });
    expect(await exportedColumn(t, token, '/api/matches/export?status=live', 1)).toContain(
      "'=Alpha",
    );
  });

  it('tournaments', async () => {
    await expectExportsLikeList(t, token, {
      list: 'tournaments',
      day,
      path: '/api/tournaments',
      queries: sortedQueries(TOURNAMENT_SORT_KEYS, 'status=live'),
      columns: TOURNAMENT_EXPORT_COLUMNS,
      sortKeys: TOURNAMENT_SORT_KEYS,
      access: 'matches.view',
      otherPermission: 'teams.view',
    });
  });

  it('audiences', async () => {
    await expectExportsLikeList(t, token, {
      list: 'audiences',
      day,
      path: '/api/audiences',
      queries: sortedQueries(AUDIENCE_SORT_KEYS, 'search=audience'),
      columns: AUDIENCE_EXPORT_COLUMNS,
      sortKeys: AUDIENCE_SORT_KEYS,
      rows: (data) => data.audiences as Record<string, unknown>[],
      id: (row) => row._id,
      access: 'audiences.view',
      otherPermission: 'teams.view',
    });
    expect(await exportedColumn(t, token, '/api/audiences/export', 1)).toContain("'=Audience 1");
  });

  it('messaging topics', async () => {
    await expectExportsLikeList(t, token, {
      list: 'topics',
      day,
      path: '/api/messaging/topics',
      queries: sortedQueries(MESSAGING_TOPIC_SORT_KEYS, 'active=true'),
      columns: MESSAGING_TOPIC_EXPORT_COLUMNS,
      sortKeys: MESSAGING_TOPIC_SORT_KEYS,
      access: 'messaging.view',
      otherPermission: 'teams.view',
    });
    expect(await exportedColumn(t, token, '/api/messaging/topics/export', 2)).toContain("'=cmd|1");
  });

  it('suppressions', async () => {
    await expectExportsLikeList(t, token, {
      list: 'suppressions',
      day,
      path: '/api/messaging/suppressions',
      queries: sortedQueries(SUPPRESSION_SORT_KEYS, 'channel=email'),
      columns: SUPPRESSION_EXPORT_COLUMNS,
      sortKeys: SUPPRESSION_SORT_KEYS,
      rows: (data) => data.suppressions as Record<string, unknown>[],
      access: 'messaging.view',
      otherPermission: 'teams.view',
    });
  });

  it('notification sends', async () => {
    await expectExportsLikeList(t, token, {
      list: 'notification-sends',
      day,
      path: '/api/notifications/sends',
      queries: sortedQueries(NOTIFICATION_SEND_SORT_KEYS, 'status=sent'),
      columns: NOTIFICATION_SEND_EXPORT_COLUMNS,
      sortKeys: NOTIFICATION_SEND_SORT_KEYS,
      access: 'notifications.view',
      otherPermission: 'teams.view',
    });
  });

  it("a send's deliveries", async () => {
    await expectExportsLikeList(t, token, {
      list: 'deliveries',
      day,
      path: `/api/notifications/sends/${sendId}/deliveries`,
      listPath: `/api/notifications/sends/${sendId}`,
      queries: sortedQueries(DELIVERY_SORT_KEYS, 'status=failed'),
      columns: DELIVERY_EXPORT_COLUMNS,
      // The deliveries list is a send's page: its rows are `data.deliveries.data`.
      rows: (data) => (data.deliveries as { data: Record<string, unknown>[] }).data,
      access: 'notifications.view',
      otherPermission: 'teams.view',
    });
    const missing = await t.as(token, {
      method: 'GET',
      url: '/api/notifications/sends/999999/deliveries/export',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('the activity log', async () => {
    await expectExportsLikeList(t, token, {
      list: 'audit-logs',
      day,
      path: '/api/audit-logs',
      // By time both ways; a kind or an action is then walked by id (decision 058's amendment),
      // which this trail, written microseconds apart out of id order, would not match.
      queries: [
        '',
        'action=update',
        'actor=auditor',
        'sort=created_at&order=asc',
        'action=update&sort=created_at&order=desc',
      ],
      columns: AUDIT_EXPORT_COLUMNS,
      access: 'audit.view',
      otherPermission: 'teams.view',
    });
    const bad = await t.as(token, {
      method: 'GET',
      url: '/api/audit-logs/export?from=2026-02-01&to=2026-01-01',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('notification templates', async () => {
    await expectExportsLikeList(t, token, {
      list: 'notification-templates',
      day,
      path: '/api/notifications/templates',
      queries: sortedQueries(NOTIFICATION_TEMPLATE_SORT_KEYS, 'type=email'),
      columns: NOTIFICATION_TEMPLATE_EXPORT_COLUMNS,
      sortKeys: NOTIFICATION_TEMPLATE_SORT_KEYS,
      access: 'notification_templates.view',
      otherPermission: 'teams.view',
    });
  });

  it('contact messages', async () => {
    await expectExportsLikeList(t, token, {
      list: 'contact-messages',
      day,
      path: '/api/contact-messages',
      queries: sortedQueries(CONTACT_MESSAGE_SORT_KEYS, 'status=unread'),
      columns: CONTACT_MESSAGE_EXPORT_COLUMNS,
      sortKeys: CONTACT_MESSAGE_SORT_KEYS,
      access: 'contact_messages.view',
      otherPermission: 'teams.view',
    });
  });

  it('WhatsApp templates', async () => {
    await expectExportsLikeList(t, token, {
      list: 'wa-templates',
      day,
      path: '/api/wa/templates',
      queries: sortedQueries(WA_TEMPLATE_SORT_KEYS, 'type=text'),
      columns: WA_TEMPLATE_EXPORT_COLUMNS,
      sortKeys: WA_TEMPLATE_SORT_KEYS,
      id: (row) => row._id,
      rows: (data) => data.templates as Record<string, unknown>[],
      access: 'wa_templates.view',
      otherPermission: 'teams.view',
    });
  });

  it('WhatsApp template categories', async () => {
    await expectExportsLikeList(t, token, {
      list: 'wa-categories',
      day,
      path: '/api/wa/template-categories',
      queries: sortedQueries(WA_CATEGORY_SORT_KEYS, 'status=active'),
      columns: WA_CATEGORY_EXPORT_COLUMNS,
      sortKeys: WA_CATEGORY_SORT_KEYS,
      id: (row) => row._id,
      rows: (data) => data.categories as Record<string, unknown>[],
      access: 'wa_template_categories.view',
      otherPermission: 'teams.view',
    });
  });
});
