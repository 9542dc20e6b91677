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
});
