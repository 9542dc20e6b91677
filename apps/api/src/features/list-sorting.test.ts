import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { seedDemoMessages } from '../db/seed/demo-messages';
import { seedDemoNotifications } from '../db/seed/demo-notifications';
import { seedDemoWaTemplates } from '../db/seed/demo-wa-templates';
import { createTestApp, type TestApp } from '../test/harness';
import { expectSortsLikeOracle } from '../test/sorting';

/**
 * Issue 33: the lists whose feature tests do not already check their sorts, on the demo data.
 * Each key both ways against an oracle ORDER BY, and the 400 naming the keys.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDemoNotifications(t.db);
  await seedDemoMessages(t.db);
  await seedDemoWaTemplates(t.db, { uploadDir: t.uploadDir });
  // Rows for the lists no demo seed fills, values repeated so the id decides ties.
  await t.db.execute(sql`
    insert into teams (name, location, team_initials, owner_id)
    select 'Side ' || g, 'Town', 'S', (select min(id) from users) from generate_series(1, 3) g`);
  await t.db.execute(sql`
    insert into tournaments (name, status, start_date, end_date)
    select 'Cup ' || g, (array['upcoming', 'live', 'completed'])[1 + g % 3],
      date '2026-01-01' + (g % 4), date '2026-03-01' - (g % 5)
    from generate_series(1, 40) g`);
  await t.db.execute(sql`
    insert into matches (tournament_id, team_a_id, team_b_id, scheduled_at, status, venue)
    select (select min(id) from tournaments) + g % 40,
      (select min(id) from teams), (select max(id) from teams),
      timestamptz '2026-03-01 00:00:00+00' + (g % 7) * interval '1 hour',
      (array['upcoming', 'live', 'completed', 'abandoned'])[1 + g % 4], 'Ground ' || (g % 5)
    from generate_series(1, 150) g`);
  await t.db.execute(sql`
    insert into messaging_topics (name, default_subscribed, active)
    select 'Topic ' || g, g % 3 = 0, g % 2 = 0 from generate_series(1, 12) g`);
  await t.db.execute(sql`
    insert into messaging_suppressions (channel, address, reason, created_at, removed_at)
    select (array['email', 'sms'])[1 + g % 2], 'Person' || (g % 17) || '-' || g || '@s.test',
      (array['hard_bounce', 'complaint', 'admin'])[1 + g % 3],
      timestamptz '2026-04-01 00:00:00+00' + (g % 9) * interval '1 minute',
      case when g % 5 = 0 then now() end
    from generate_series(1, 130) g`);
  await t.db.execute(sql`
    insert into notification_sends (template_name, channel, recipient_type, message, status, created_at)
    select 'Send ' || (g % 5), 'email', 'all', 'Hello', (array['sent', 'failed', 'cancelled'])[1 + g % 3],
      timestamptz '2026-06-01 00:00:00+00' + (g % 4) * interval '1 hour'
    from generate_series(1, 120) g`);
});
afterAll(() => t.close());

describe('sorted lists', () => {
  it('notification templates', async () => {
    await expectSortsLikeOracle(t, token, {
      url: '/api/notifications/templates',
      from: sql`notification_templates`,
      keys: {
        name: sql`lower(name)`,
        subject: sql`lower(subject)`,
        type: sql`type`,
        status: sql`status`,
        created_at: sql`created_at`,
      },
    });
  });

  it('email templates', async () => {
    await expectSortsLikeOracle(t, token, {
      url: '/api/email-templates',
      from: sql`email_templates`,
      keys: {
        name: sql`lower(name)`,
        subject: sql`lower(subject)`,
        status: sql`status`,
        created_at: sql`created_at`,
      },
    });
  });

  it('contact messages', async () => {
    await expectSortsLikeOracle(t, token, {
      url: '/api/contact-messages',
      from: sql`contact_messages`,
      keys: {
        name: sql`lower(name)`,
        email: sql`lower(email)`,
        subject: sql`lower(subject)`,
        status: sql`status`,
        priority: sql`case priority when 'low' then 1 when 'medium' then 2 else 3 end`,
        created_at: sql`created_at`,
      },
    });
  });

  it('WhatsApp template categories', async () => {
    await expectSortsLikeOracle(t, token, {
      url: '/api/wa/template-categories',
      from: sql`wa_template_categories`,
      keys: {
        name: sql`lower(name)`,
        slug: sql`slug`,
        order: sql`"order"`,
        status: sql`status`,
        created_at: sql`created_at`,
      },
      id: (row) => row._id,
      rows: (data) => data.categories as Record<string, unknown>[],
    });
  });

  it('WhatsApp templates', async () => {
    await expectSortsLikeOracle(t, token, {
      url: '/api/wa/templates',
      from: sql`wa_templates w join wa_template_categories c on c.id = w.category_id`,
      idColumn: sql`w.id`,
      keys: {
        name: sql`lower(w.name)`,
        category: sql`lower(c.name)`,
        type: sql`w.type`,
        status: sql`w.status`,
        usage_count: sql`w.usage_count`,
        created_at: sql`w.created_at`,
      },
      id: (row) => row._id,
      rows: (data) => data.templates as Record<string, unknown>[],
    });
  });

  it('matches', async () => {
    await expectSortsLikeOracle(t, token, {
      url: '/api/matches',
      from: sql`matches m join tournaments tr on tr.id = m.tournament_id`,
      idColumn: sql`m.id`,
      keys: {
        tournament: sql`lower(tr.name)`,
        scheduled_at: sql`m.scheduled_at`,
        venue: sql`lower(m.venue)`,
        status: sql`m.status`,
      },
    });
  });

  it('tournaments', async () => {
    await expectSortsLikeOracle(t, token, {
      url: '/api/tournaments',
      from: sql`tournaments tr`,
      idColumn: sql`tr.id`,
      keys: {
        name: sql`lower(tr.name)`,
        status: sql`tr.status`,
        start_date: sql`tr.start_date`,
        end_date: sql`tr.end_date`,
        matches: sql`(select count(*) from matches m where m.tournament_id = tr.id)`,
      },
    });
  });

  it('messaging topics', async () => {
    await expectSortsLikeOracle(t, token, {
      url: '/api/messaging/topics',
      from: sql`messaging_topics tp`,
      idColumn: sql`tp.id`,
      keys: {
        name: sql`lower(tp.name)`,
        default_subscribed: sql`tp.default_subscribed`,
        template_count: sql`((select count(*) from notification_templates nt where nt.topic_id = tp.id)
          + (select count(*) from wa_templates wt where wt.topic_id = tp.id))`,
        active: sql`tp.active`,
        created_at: sql`tp.created_at`,
      },
    });
  });

  it('suppressions', async () => {
    await expectSortsLikeOracle(t, token, {
      url: '/api/messaging/suppressions',
      from: sql`messaging_suppressions`,
      keys: {
        address: sql`lower(address)`,
        channel: sql`channel`,
        reason: sql`reason`,
        state: sql`(removed_at is not null)`,
        created_at: sql`created_at`,
      },
      rows: (data) => data.suppressions as Record<string, unknown>[],
    });
  });

  it('notification sends', async () => {
    await expectSortsLikeOracle(t, token, {
      url: '/api/notifications/sends',
      from: sql`notification_sends`,
      keys: {
        template: sql`lower(template_name)`,
        status: sql`status`,
        created_at: sql`created_at`,
      },
    });
  });
});
