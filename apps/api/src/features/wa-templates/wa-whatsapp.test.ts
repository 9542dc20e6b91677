import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WA_TEMPLATE_MESSAGES as M,
  WA_TEMPLATE_SUCCESS as S,
  type WaSyncResult,
  type WaTemplate,
} from '@cricket/contracts';
import { auditLogs } from '../../db/schema';
import { signBody } from '../../lib/signed-body';
import {
  signedWebhook,
  standinEnv,
  startGraphStandin,
  webhookBodies,
  type GraphStandin,
} from '../../test/graph-standin';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * Issue 31, the template half (decision 044): submitting to Meta, Meta's reports through the
 * signed webhook, and the sync, against the Graph API stand-in (Meta is unreachable here).
 */

const SECRET = 'test-app-secret';
let standin: GraphStandin;
let t: TestApp;
let token: string;
let categoryId: number;
let pngUrl: string;
let seq = 0;

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.as(token, { method, url, payload });

beforeAll(async () => {
  standin = await startGraphStandin();
  t = await createTestApp(standinEnv(standin, SECRET));
  token = await t.login();
  const cat = await api('POST', '/api/wa/template-categories', {
    name: 'Match Updates',
    slug: 'match-updates',
    order: 0,
  });
  categoryId = cat.json().data.category._id;
  const form = new FormData();
  form.append('type', 'whatsapp_templates');
  form.append('files', new Blob([PNG_1PX], { type: 'image/png' }), 'banner.png');
  const up = await t.as(token, {
    method: 'POST',
    url: '/api/media/upload',
    payload: form as never,
  });
  pngUrl = up.json().data.files[0].url;
});
afterAll(async () => {
  await t.close();
  await standin.close();
});

const textTemplate = (over: Record<string, unknown> = {}) => ({
  name: `match_reminder_${++seq}`,
  category: categoryId,
  type: 'text',
  template_language: 'en_GB',
  whatsapp_category: 'UTILITY',
  header_type: 'text',
  header_content: 'Match day, {{first_name}}',
  body_text:
    'Hello {{first_name}}, your match against {{opponent}} starts at 6 PM today. Good luck!',
  footer_text: 'Reply STOP to opt out',
  buttons: [
    { type: 'quick_reply', text: 'Count me in' },
    { type: 'quick_reply', text: 'Not this time' },
  ],
  sample_values: { first_name: 'Asha', opponent: 'Delhi' },
  ...over,
});

async function create(body: Record<string, unknown>) {
  const res = await api('POST', '/api/wa/templates', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.template as WaTemplate;
}
const read = async (id: number) =>
  (await api('GET', `/api/wa/templates/${id}`)).json().data.template as WaTemplate;
const submit = (id: number) => api('POST', `/api/wa/templates/${id}/submit`);
async function submitted(body: Record<string, unknown> = textTemplate()) {
  const created = await create(body);
  const res = await submit(created._id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.template as WaTemplate;
}
const hook = (body: unknown, secret = SECRET) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', ...signedWebhook(secret, body) });
const meta = (tpl: WaTemplate) => ({
  id: tpl.whatsapp_template_id!,
  name: tpl.name,
  language: tpl.template_language,
});
const auditRows = (id: number) =>
  t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityType, 'wa_template'), eq(auditLogs.entityId, id)))
    .orderBy(auditLogs.id);

describe('POST /api/wa/templates/{id}/submit', () => {
  it("sends a text template as Meta documents it and stores Meta's id and status", async () => {
    const body = textTemplate({
      buttons: [
        { type: 'url', text: 'Match details', url: 'https://cricket.example.com/m/{{match_id}}' },
        { type: 'phone_number', text: 'Call the captain', phone_number: '+91 98765 43210' },
      ],
      sample_values: { first_name: 'Asha', opponent: 'Delhi', match_id: '42' },
    });
    const created = await create(body);
    const before = standin.requestsTo('/message_templates', 'POST').length;
    const res = await submit(created._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(S.submitted);

    const sent = standin.requestsTo('/message_templates', 'POST');
    expect(sent).toHaveLength(before + 1);
    const req = sent.at(-1)!;
    expect(req.path).toBe(`/${standin.wabaId}/message_templates`);
    expect(req.headers.authorization).toBe(`Bearer ${standin.token}`);
    const json = req.json as Record<string, unknown>;
    expect(json.name).toBe(body.name);
    expect(json.language).toBe('en_GB');
    expect(json.category).toBe('UTILITY');
    expect(json.parameter_format).toBe('NAMED');
    const components = json.components as Record<string, unknown>[];
    expect(components.map((c) => c.type)).toEqual(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']);
    expect(components[0]).toEqual({
      type: 'HEADER',
      format: 'TEXT',
      text: 'Match day, {{first_name}}',
      example: { header_text_named_params: [{ param_name: 'first_name', example: 'Asha' }] },
    });
    expect(components[1]).toEqual({
      type: 'BODY',
      text: body.body_text,
      example: {
        body_text_named_params: [
          { param_name: 'first_name', example: 'Asha' },
          { param_name: 'opponent', example: 'Delhi' },
        ],
      },
    });
    expect(components[2]).toEqual({ type: 'FOOTER', text: 'Reply STOP to opt out' });
    expect(components[3]).toEqual({
      type: 'BUTTONS',
      buttons: [
        {
          type: 'URL',
          text: 'Match details',
          url: 'https://cricket.example.com/m/{{1}}',
          example: ['https://cricket.example.com/m/42'],
        },
        { type: 'PHONE_NUMBER', text: 'Call the captain', phone_number: '+919876543210' },
      ],
    });

    const answer = req.answer!.body as { id: string; status: string };
    const template = res.json().data.template as WaTemplate;
    expect(template).toMatchObject({
      status: 'pending',
      whatsapp_template_id: answer.id,
      whatsapp_category: 'UTILITY',
      quality_rating: 'UNKNOWN',
      rejected_reason: null,
    });
    const rows = await auditRows(created._id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'submit']);
    expect(rows[1]!.changes).toMatchObject({
      status: { before: 'draft', after: 'pending' },
      whatsapp_template_id: { before: null, after: answer.id },
    });
  });

  it('uploads an image header through the resumable upload, then sends its handle', async () => {
    const body = textTemplate({
      type: 'image',
      header_type: 'image',
      header_content: undefined,
      media_url: pngUrl,
      body_text: 'Hello {{first_name}}, here is the poster for the final. See you there!',
      sample_values: { first_name: 'Asha' },
    });
    const created = await create(body);
    const from = standin.requests.length;
    const res = await submit(created._id);
    expect(res.statusCode, res.body).toBe(200);

    const [start, bytes, template] = standin.requests.slice(from);
    expect(start!.method).toBe('POST');
    expect(start!.path).toBe(`/${standin.appId}/uploads`);
    expect(start!.query).toEqual({
      file_name: pngUrl.split('/').pop(),
      file_length: String(PNG_1PX.length),
      file_type: 'image/png',
    });
    const session = (start!.answer!.body as { id: string }).id;
    expect(bytes!.method).toBe('POST');
    expect(bytes!.path).toBe(`/${session}`);
    expect(bytes!.headers.authorization).toBe(`OAuth ${standin.token}`);
    expect(bytes!.headers.file_offset).toBe('0');
    expect(bytes!.raw.equals(PNG_1PX)).toBe(true);
    const handle = (bytes!.answer!.body as { h: string }).h;

    expect(template!.path).toBe(`/${standin.wabaId}/message_templates`);
    const components = (template!.json as { components: Record<string, unknown>[] }).components;
    expect(components[0]).toEqual({
      type: 'HEADER',
      format: 'IMAGE',
      example: { header_handle: [handle] },
    });
    expect(components[1]).toMatchObject({
      type: 'BODY',
      example: { body_text_named_params: [{ param_name: 'first_name', example: 'Asha' }] },
    });
    expect(res.json().data.template.status).toBe('pending');
  });

  it("shows Meta's refusal in full and leaves the template as it was", async () => {
    const created = await create(textTemplate());
    standin.program((r) => r.path.endsWith('/message_templates') && r.method === 'POST', {
      status: 400,
      code: 100,
      subcode: 2388299,
      message: 'Invalid parameter',
      title: 'Variables can’t be at the start or end of the template',
      userMessage: 'Variables can’t be at the start or end of the template. Edit and try again.',
    });
    const res = await submit(created._id);
    expect(res.statusCode).toBe(502);
    const message = res.json().message as string;
    expect(message).toContain('(#100/2388299)');
    expect(message).toContain('Variables can’t be at the start or end of the template');
    expect(message).toContain('Invalid parameter');
    expect(message).toContain('Edit and try again.');
    expect(await read(created._id)).toEqual(created);
    expect((await auditRows(created._id)).map((r) => r.action)).toEqual(['create']);
  });

  it('refuses numbered variables, a second submission, and names what to do', async () => {
    const numbered = await create(
      textTemplate({
        header_type: 'none',
        header_content: undefined,
        body_text: 'Hello {{1}}, your match against {{2}} starts at 6 PM today. Good luck!',
        sample_values: { 1: 'Asha', 2: 'Delhi' },
      }),
    );
    const before = standin.requests.length;
    const res = await submit(numbered._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.numberedVariables(['1', '2']));
    expect(standin.requests.length).toBe(before);

    const done = await submitted();
    const again = await submit(done._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadySubmitted);
  });
});

describe("Meta's webhook for templates", () => {
  it('moves a template approved → paused → approved and changes its quality, as WhatsApp', async () => {
    const tpl = await submitted();
    const ok = async (body: unknown) => expect((await hook(body)).statusCode).toBe(200);

    await ok(webhookBodies.templateStatus(standin.wabaId, meta(tpl), 'APPROVED'));
    expect(await read(tpl._id)).toMatchObject({ status: 'approved', rejected_reason: null });
    await ok(webhookBodies.templateQuality(standin.wabaId, meta(tpl), 'UNKNOWN', 'YELLOW'));
    await ok(
      webhookBodies.templateStatus(standin.wabaId, meta(tpl), 'PAUSED', 'NONE', {
        other_info: {
          title: 'FIRST_PAUSE',
          description: 'Your template has been paused for 3 hours because of low quality.',
        },
      }),
    );
    expect(await read(tpl._id)).toMatchObject({
      status: 'paused',
      quality_rating: 'YELLOW',
      rejected_reason:
        'FIRST_PAUSE: Your template has been paused for 3 hours because of low quality.',
    });
    await ok(webhookBodies.templateStatus(standin.wabaId, meta(tpl), 'REINSTATED'));
    await ok(webhookBodies.templateQuality(standin.wabaId, meta(tpl), 'YELLOW', 'GREEN'));
    await ok(webhookBodies.templateCategory(standin.wabaId, meta(tpl), 'UTILITY', 'MARKETING'));
    expect(await read(tpl._id)).toMatchObject({
      status: 'approved',
      quality_rating: 'GREEN',
      whatsapp_category: 'MARKETING',
      rejected_reason: null,
    });

    const rows = (await auditRows(tpl._id)).slice(2);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.actorId === null && r.actorName === 'WhatsApp')).toBe(true);
    const logs = await api(
      'GET',
      `/api/audit-logs?entity_type=wa_template&entity_id=${tpl._id}&limit=50`,
    );
    const listed = logs.json().data.data as { actor: { name: string | null } }[];
    expect(listed.filter((l) => l.actor.name === 'WhatsApp')).toHaveLength(6);
  });

  it('records a rejection with its reason', async () => {
    const tpl = await submitted();
    await hook(
      webhookBodies.templateStatus(standin.wabaId, meta(tpl), 'REJECTED', 'INVALID_FORMAT'),
    );
    expect(await read(tpl._id)).toMatchObject({
      status: 'rejected',
      rejected_reason: 'INVALID_FORMAT',
    });
  });

  it('refuses an unsigned or wrongly signed call and changes nothing', async () => {
    const tpl = await submitted();
    const body = webhookBodies.templateStatus(standin.wabaId, meta(tpl), 'APPROVED');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    const wrong = await hook(body, 'not-the-app-secret');
    expect(wrong.statusCode).toBe(401);
    const raw = JSON.stringify(body);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      payload: raw.replace('APPROVED', 'REJECTED'),
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signBody(SECRET, raw),
      },
    });
    expect(tampered.statusCode).toBe(401);
    expect(await read(tpl._id)).toEqual(tpl);
    expect((await auditRows(tpl._id)).map((r) => r.action)).toEqual(['create', 'submit']);
  });

  it('writes one change for the same event delivered twice, one after the other or at once', async () => {
    const tpl = await submitted();
    const approved = webhookBodies.templateStatus(standin.wabaId, meta(tpl), 'APPROVED');
    expect((await hook(approved)).statusCode).toBe(200);
    expect((await hook(approved)).statusCode).toBe(200);
    const quality = webhookBodies.templateQuality(standin.wabaId, meta(tpl), 'UNKNOWN', 'RED');
    const both = await Promise.all([hook(quality), hook(quality)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await auditRows(tpl._id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'submit', 'update', 'update']);
    expect(rows[2]!.changes).toEqual({ status: { before: 'pending', after: 'approved' } });
    expect(rows[3]!.changes).toEqual({ quality_rating: { before: 'UNKNOWN', after: 'RED' } });
  });

  it('ignores a template it does not know', async () => {
    const count = (await t.db.select().from(auditLogs)).length;
    const res = await hook(
      webhookBodies.templateStatus(
        standin.wabaId,
        { id: '999000111', name: 'made_elsewhere', language: 'en_US' },
        'APPROVED',
      ),
    );
    expect(res.statusCode).toBe(200);
    expect((await t.db.select().from(auditLogs)).length).toBe(count);
  });
});

describe('editing a submitted template while connected', () => {
  it('re-submits an approved template, and shows Meta’s refusal of an edit', async () => {
    const body = textTemplate();
    const tpl = await submitted(body);
    await hook(webhookBodies.templateStatus(standin.wabaId, meta(tpl), 'APPROVED'));

    const byHand = await api('PUT', `/api/wa/templates/${tpl._id}`, { ...body, status: 'draft' });
    expect(byHand.statusCode).toBe(400);
    expect(byHand.json().errors.status).toEqual([M.statusByWhatsApp]);

    const edited = { ...body, status: 'approved', footer_text: 'Cricket Board' };
    standin.program((r) => r.path === `/${tpl.whatsapp_template_id}`, {
      status: 400,
      code: 100,
      subcode: 2388140,
      message: 'Invalid parameter',
      title: 'Template edit limit reached',
      userMessage: 'An approved template can be edited once per day and 10 times per month.',
    });
    const refused = await api('PUT', `/api/wa/templates/${tpl._id}`, edited);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toContain('An approved template can be edited once per day');
    expect(await read(tpl._id)).toMatchObject({
      status: 'approved',
      footer_text: body.footer_text,
    });

    const res = await api('PUT', `/api/wa/templates/${tpl._id}`, edited);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(S.resubmitted);
    expect(res.json().data.template).toMatchObject({
      status: 'pending',
      footer_text: 'Cricket Board',
    });
    const edit = standin.requestsTo(`/${tpl.whatsapp_template_id}`, 'POST').at(-1)!;
    const components = (edit.json as { components: { type: string; text?: string }[] }).components;
    expect(components.find((c) => c.type === 'FOOTER')).toEqual({
      type: 'FOOTER',
      text: 'Cricket Board',
    });
    expect(edit.json).not.toHaveProperty('category');
  });

  it('keeps manual statuses for a template never submitted', async () => {
    const body = textTemplate();
    const tpl = await create(body);
    const res = await api('PUT', `/api/wa/templates/${tpl._id}`, { ...body, status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.template.status).toBe('approved');
    const paused = await api('PUT', `/api/wa/templates/${tpl._id}`, { ...body, status: 'paused' });
    expect(paused.statusCode).toBe(400);
  });
});

describe('POST /api/wa/templates/sync', () => {
  it('repairs a status the webhook missed, reads every page, and lists Meta-only templates', async () => {
    const tpl = await submitted();
    const atMeta = standin.templates.get(tpl.whatsapp_template_id!)!;
    atMeta.status = 'REJECTED';
    atMeta.rejected_reason = 'TAG_CONTENT_MISMATCH';
    atMeta.category = 'MARKETING';
    for (let i = 0; i < 120; i++)
      standin.templates.set(`88000${i}`, {
        id: `88000${i}`,
        name: `made_in_manager_${i}`,
        language: 'en_US',
        category: 'MARKETING',
        status: 'APPROVED',
        components: [],
        quality_score: { score: 'GREEN' },
      });
    const pagesBefore = standin.requestsTo('/message_templates', 'GET').length;

    const res = await api('POST', '/api/wa/templates/sync');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as WaSyncResult;
    expect(standin.requestsTo('/message_templates', 'GET').length - pagesBefore).toBe(
      Math.ceil(standin.templates.size / 100),
    );
    expect(result.checked).toBe(standin.templates.size);
    expect(result.updated).toContainEqual({
      _id: tpl._id,
      name: tpl.name,
      changes: expect.arrayContaining(['status', 'whatsapp_category', 'rejected_reason']),
    });
    expect(result.unknown).toHaveLength(120);
    expect(result.unknown).toContainEqual({
      id: '880007',
      name: 'made_in_manager_7',
      language: 'en_US',
      status: 'APPROVED',
      category: 'MARKETING',
    });
    expect(res.json().message).toBe(S.synced(result.checked, result.updated.length, 120));
    expect(await read(tpl._id)).toMatchObject({
      status: 'rejected',
      rejected_reason: 'TAG_CONTENT_MISMATCH',
      whatsapp_category: 'MARKETING',
    });
    const last = (await auditRows(tpl._id)).at(-1)!;
    expect(last.actorName).toBe('WhatsApp');

    // A second sync finds everything as Meta has it: nothing changes, nothing is recorded.
    const rows = (await t.db.select().from(auditLogs)).length;
    const again = (await api('POST', '/api/wa/templates/sync')).json().data as WaSyncResult;
    expect(again.updated).toEqual([]);
    expect((await t.db.select().from(auditLogs)).length).toBe(rows);
  });
});
