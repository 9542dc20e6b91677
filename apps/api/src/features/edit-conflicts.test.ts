import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, teams, users } from '../db/schema';
import { createTestApp, userPayload, type TestApp } from '../test/harness';
import { expectVersioned } from '../test/record-version';

/** Issue 33, edit conflicts (decision 059): every versioned record, the same checks. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

/** A record made through the API, as the tests' starting point. */
async function post(url: string, payload: object) {
  const res = await t.as(token, { method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as { [kind: string]: { id: number; _id: number } };
}

describe('edit conflicts', () => {
  it('teams', async () => {
    const [role] = await t.db.insert(roles).values({ name: 'owner' }).returning();
    const [owner] = await t.db
      .insert(users)
      .values({
        firstName: 'Olivia',
        lastName: 'Owner',
        email: 'olivia@conflicts.test',
        phoneNumber: '8800000101',
        roleId: role!.id,
        status: 'verified',
      })
      .returning();
    const [team] = await t.db
      .insert(teams)
      .values({ name: 'Mavericks', location: 'Mumbai', teamInitials: 'MUM', ownerId: owner!.id })
      .returning();
    await expectVersioned(t, token, {
      url: `/api/teams/${team!.id}`,
      edit: (n) => ({
        name: `Mavericks ${n}`,
        location: 'Mumbai',
        team_initials: 'MUM',
        is_active: true,
        add_me: false,
        owner_id: owner!.id,
      }),
    });
  });

  it('users', async () => {
    const [role] = await t.db.insert(roles).values({ name: 'staff' }).returning();
    const body = (n: number) =>
      userPayload(role!.id, { city: `Town ${n}`, email: 'staff@conflicts.test' });
    const created = await post('/api/users', body(0));
    await expectVersioned(t, token, { url: `/api/users/${created.user!.id}`, edit: body });
  });

  it('roles', async () => {
    const created = await post('/api/roles', { name: 'Scorers' });
    await expectVersioned(t, token, {
      url: `/api/roles/${created.role!.id}`,
      edit: (n) => ({ name: `Scorers ${n}`, description: `Edit ${n}` }),
    });
  });

  it('email templates', async () => {
    const created = await post('/api/email-templates', {
      name: 'Welcome Email',
      subject: 'Welcome, {{first_name}}!',
      template_type: 'welcome',
      status: 'active',
      content: '<p>Hello {{first_name}}</p>',
    });
    await expectVersioned(t, token, {
      url: `/api/email-templates/${created.template!.id}`,
      edit: (n) => ({
        name: `Welcome Email ${n}`,
        subject: 'Welcome, {{first_name}}!',
        template_type: 'welcome',
        status: 'active',
        content: `<p>Hello {{first_name}}, edit ${n}</p>`,
      }),
    });
  });

  it('notification templates', async () => {
    const body = (n: number) => ({
      name: `Match reminder ${n}`,
      type: 'email',
      subject: 'Hi {{first_name}}',
      message: `Dear {{first_name}}, your match starts at ${n}.`,
      status: 'active',
    });
    const created = await post('/api/notifications/templates', body(0));
    await expectVersioned(t, token, {
      url: `/api/notifications/templates/${created.template!.id}`,
      edit: body,
    });
  });

  it('WhatsApp template categories', async () => {
    const body = (n: number) => ({
      name: `Fixtures ${n}`,
      slug: 'fixtures',
      order: n,
      status: 'active',
    });
    const created = await post('/api/wa/template-categories', body(0));
    await expectVersioned(t, token, {
      url: `/api/wa/template-categories/${created.category!._id}`,
      edit: body,
    });
  });

  it('WhatsApp templates', async () => {
    const category = await post('/api/wa/template-categories', {
      name: 'Reminders',
      slug: 'reminders',
      order: 1,
      status: 'active',
    });
    const body = (n: number) => ({
      name: `match_reminder_${n}`,
      category: category.category!._id,
      topic_id: null,
      type: 'text',
      template_language: 'en_US',
      status: 'draft',
      whatsapp_category: 'UTILITY',
      header_type: 'none',
      body_text: `Your match starts at ${n}:00.`,
      buttons: [],
      sample_values: {},
    });
    const created = await post('/api/wa/templates', body(0));
    await expectVersioned(t, token, {
      url: `/api/wa/templates/${created.template!._id}`,
      edit: body,
    });
  });

  it('messaging topics', async () => {
    const body = (n: number) => ({ name: `Fixtures news ${n}`, description: `Edit ${n}` });
    const created = await post('/api/messaging/topics', body(0));
    await expectVersioned(t, token, {
      url: `/api/messaging/topics/${created.topic!.id}`,
      edit: body,
    });
  });
});
