import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_MESSAGES } from '@cricket/contracts';
import { createTestApp, snapshot, type TestApp, ADMIN } from '../../test/harness';
import { startTestSmtp } from '../../test/smtp';

let t: TestApp;
let token: string;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

const valid = {
  name: 'Welcome Email',
  subject: 'Welcome, {{first_name}}!',
  template_type: 'welcome',
  status: 'active',
  description: 'Sent when an account is created',
  content: '<h1>Hello {{first_name}} {{last_name}}</h1><p>Your email is {{email}}.</p>',
};

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Desk <desk@cricket.test>' });
  token = await t.login();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const create = (body: object) =>
  t.as(token, { method: 'POST', url: '/api/email-templates', payload: body });

describe('email templates', () => {
  it('creates, reads, updates and deletes a template', async () => {
    const created = await create(valid);
    expect(created.statusCode).toBe(201);
    const template = created.json().data.template;
    expect(created.json().message).toBe('Template created successfully!');
    expect(template).toMatchObject({ ...valid, used_count: 0 });
    expect(template.last_modified).toEqual(template.created_at);

    const read = await t.as(token, { method: 'GET', url: `/api/email-templates/${template.id}` });
    expect(read.json().data.template.content).toBe(valid.content);

    const updated = await t.as(token, {
      method: 'PUT',
      url: `/api/email-templates/${template.id}`,
      payload: { ...valid, name: 'Welcome v2', status: 'archived' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.template).toMatchObject({ name: 'Welcome v2', status: 'archived' });
    expect(updated.json().data.template.last_modified > template.last_modified).toBe(true);

    const removed = await t.as(token, {
      method: 'DELETE',
      url: `/api/email-templates/${template.id}`,
    });
    expect(removed.json().message).toBe('Welcome v2 deleted successfully!');
    const gone = await t.as(token, { method: 'GET', url: `/api/email-templates/${template.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(EMAIL_TEMPLATE_MESSAGES.notFound);
  });

  it('defaults a new template to draft and refuses missing fields and unknown placeholders', async () => {
    const draft = await create({ name: 'Minimal', subject: 'Hi', content: '<p>Hi</p>' });
    expect(draft.json().data.template).toMatchObject({ status: 'draft', description: '' });

    const before = await snapshot(t.db);
    const missing = await create({ name: ' ', subject: '', content: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      name: [EMAIL_TEMPLATE_MESSAGES.nameRequired],
      subject: [EMAIL_TEMPLATE_MESSAGES.subjectRequired],
      content: [EMAIL_TEMPLATE_MESSAGES.contentRequired],
    });
    const unknown = await create({ ...valid, content: '<p>{{team}}</p>' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.content[0]).toMatch(/Unknown variable \{\{team\}\}/);
    const malformed = await create({ ...valid, subject: 'Hi {{first_name}' });
    expect(malformed.json().errors.subject[0]).toMatch(/Malformed placeholder/);
    const badType = await create({ ...valid, template_type: 'spam' });
    expect(badType.json().errors.template_type).toEqual([EMAIL_TEMPLATE_MESSAGES.invalidType]);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('filters by name, subject and status, each narrowing the list', async () => {
    for (const [name, subject, status] of [
      ['Filter Alpha', 'Match reminder', 'active'],
      ['Filter Beta', 'Monthly newsletter', 'inactive'],
      ['Filter Gamma', 'Match reminder again', 'draft'],
    ]) {
      expect((await create({ ...valid, name, subject, status })).statusCode).toBe(201);
    }
    const list = async (query: Record<string, string>) => {
      const res = await t.as(token, { method: 'GET', url: '/api/email-templates', query });
      expect(res.statusCode).toBe(200);
      return res.json().data as { data: { name: string }[]; pagination: { total: number } };
    };
    const names = async (query: Record<string, string>) =>
      (await list(query)).data.map((r) => r.name).sort();

    expect(await names({ name: 'filter' })).toEqual([
      'Filter Alpha',
      'Filter Beta',
      'Filter Gamma',
    ]);
    expect(await names({ name: 'filter', subject: 'REMINDER' })).toEqual([
      'Filter Alpha',
      'Filter Gamma',
    ]);
    expect(await names({ name: 'filter', status: 'inactive' })).toEqual(['Filter Beta']);
    expect(await names({ name: '100%' })).toEqual([]);
    const page = await list({ name: 'filter', limit: '2', page: '2' });
    expect(page.pagination.total).toBe(3);
    expect(page.data).toHaveLength(1);
    // The list leaves the HTML body out.
    expect(page.data[0]).not.toHaveProperty('content');
    const bad = await t.as(token, {
      method: 'GET',
      url: '/api/email-templates',
      query: { status: 'deleted' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sends a test email, rendered with the signed-in admin’s details and escaped, to them', async () => {
    const made = await create({
      ...valid,
      content: '<p>Hi {{first_name}}, mail {{email}}</p>',
    });
    const id = made.json().data.template.id;
    const res = await t.as(token, { method: 'POST', url: `/api/email-templates/${id}/test` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`Test email sent to ${ADMIN.email}`);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual([ADMIN.email]);
    expect(mail.mail.subject).toMatch(/^\[Test\] Welcome, /);
    expect(mail.mail.html).toContain(`mail ${ADMIN.email}</p>`);

    smtp.refuse({ code: 550, message: 'Mailbox unavailable' });
    try {
      const failed = await t.as(token, { method: 'POST', url: `/api/email-templates/${id}/test` });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().message).toMatch(/^Failed to send test email: .*Mailbox unavailable/);
    } finally {
      smtp.refuse(null);
    }
  });

  it('mails the template without scripts, event handlers or javascript: links', async () => {
    const made = await create({
      ...valid,
      name: 'Hostile',
      content:
        '<p onmouseover="steal()">Hi {{first_name}}</p><script>alert(1)</script>' +
        '<a href="javascript:alert(2)">Claim</a><img src="https://cricket.test/l.png" onerror="x()">',
    });
    const id = made.json().data.template.id;
    const res = await t.as(token, { method: 'POST', url: `/api/email-templates/${id}/test` });
    expect(res.statusCode).toBe(200);
    const html = smtp.received.at(-1)!.mail.html as string;
    expect(html).not.toMatch(/script|onmouseover|onerror|javascript:/i);
    expect(html).toContain('<a>Claim</a>');
    expect(html).toContain('<img src="https://cricket.test/l.png" />');
  });

  it('needs the email_templates permissions', async () => {
    const viewer = await t.userWith(['email_templates.view']);
    expect(
      (await t.as(viewer.token, { method: 'GET', url: '/api/email-templates' })).statusCode,
    ).toBe(200);
    const denied = await t.as(viewer.token, {
      method: 'POST',
      url: '/api/email-templates',
      payload: valid,
    });
    expect(denied.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/email-templates' });
    expect(anonymous.statusCode).toBe(401);
  });
});
