import { EMAIL_TEMPLATE_TYPES, emailTemplateInput } from '@cricket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, emailTemplates } from '../schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { seedDemoMessages } from './demo-messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoMessages(t.db);
});
afterAll(() => t.close());

describe('demo email templates and contact messages', () => {
  it('holds one valid template of each type and a dozen messages of mixed status and priority', async () => {
    const templates = await t.db.select().from(emailTemplates);
    expect(templates.map((r) => r.templateType).sort()).toEqual([...EMAIL_TEMPLATE_TYPES].sort());
    for (const r of templates) {
      // Each would pass the same checks as one typed into the form.
      expect(emailTemplateInput.safeParse({ ...r, template_type: r.templateType }).success).toBe(
        true,
      );
    }
    const messages = await t.db.select().from(contactMessages);
    expect(messages).toHaveLength(12);
    expect(new Set(messages.map((m) => m.status))).toEqual(new Set(['read', 'unread']));
    expect(new Set(messages.map((m) => m.priority))).toEqual(new Set(['low', 'medium', 'high']));
    const res = await t.as(await t.login(), { method: 'GET', url: '/api/contact-messages' });
    expect(res.json().data.counts).toEqual({
      total: 12,
      unread: messages.filter((m) => m.status === 'unread').length,
    });
  });

  it('adds nothing a second time', async () => {
    await seedDemoMessages(t.db);
    expect(await t.db.$count(emailTemplates)).toBe(6);
    expect(await t.db.$count(contactMessages)).toBe(12);
  });
});
