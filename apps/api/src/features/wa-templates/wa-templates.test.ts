import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WA_RULE_MESSAGES as R, WA_TEMPLATE_MESSAGES as M } from '@cricket/contracts';
import { waTemplates } from '../../db/schema';
import { ADMIN, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let token: string;
let categoryId: number;
let otherCategoryId: number;
let pngUrl: string;
let pdfUrl: string;

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.as(token, { method, url, payload });

async function upload(name: string, data: Buffer, mime: string) {
  const form = new FormData();
  form.append('type', 'whatsapp_templates');
  form.append('files', new Blob([data], { type: mime }), name);
  const res = await t.as(token, {
    method: 'POST',
    url: '/api/media/upload',
    payload: form as never,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.files[0].url as string;
}

async function category(name: string, slug: string, icon?: string) {
  const res = await api('POST', '/api/wa/template-categories', { name, slug, icon, order: 0 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.category._id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  categoryId = await category('Match Updates', 'match-updates', '🏏');
  otherCategoryId = await category('Payments', 'payments');
  pngUrl = await upload('banner.png', PNG_1PX, 'image/png');
  pdfUrl = await upload('menu.pdf', PDF, 'application/pdf');
});
afterAll(() => t.close());

const stored = async () => (await t.db.select().from(waTemplates)).length;

const valid = (over: Record<string, unknown> = {}) => ({
  name: 'match_reminder',
  category: categoryId,
  type: 'image',
  template_language: 'en_US',
  status: 'draft',
  media_url: pngUrl,
  body_text: 'Hello {{name}}, your match against {{opponent}} starts at 6 PM today. Good luck!',
  footer_text: 'Reply STOP to opt out',
  buttons: [
    { type: 'quick_reply', text: 'Count me in' },
    { type: 'url', text: 'Match details', url: 'https://cricket.example.com/m/{{match_id}}' },
  ],
  sample_values: { name: 'Asha', opponent: 'Delhi', match_id: '42' },
  ...over,
});

describe('/api/wa/templates', () => {
  let id: number;

  it('creates an image template with uploaded media, a footer, buttons and samples', async () => {
    const res = await api('POST', '/api/wa/templates', valid());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Template created successfully');
    expect(body.data.template).toMatchObject({
      name: 'match_reminder',
      category: { _id: categoryId, name: 'Match Updates', icon: '🏏' },
      type: 'image',
      header_type: 'image',
      header_content: null,
      media_url: pngUrl,
      status: 'draft',
      usage_count: 0,
      created_by: { email: ADMIN.email },
      sample_values: { name: 'Asha', opponent: 'Delhi', match_id: '42' },
    });
    id = body.data.template._id;
    const one = await api('GET', `/api/wa/templates/${id}`);
    expect(one.json().data.template.buttons).toEqual(valid().buttons);
  });

  it('lists with category, type, status and name filters', async () => {
    const text = await api(
      'POST',
      '/api/wa/templates',
      valid({
        name: 'payment_received',
        category: otherCategoryId,
        type: 'text',
        status: 'approved',
        header_type: 'text',
        header_content: 'Payment received',
        media_url: pngUrl,
      }),
    );
    expect(text.statusCode, text.body).toBe(201);
    expect(text.json().data.template).toMatchObject({ media_url: null, header_type: 'text' });
    const names = async (query: string) =>
      (await api('GET', `/api/wa/templates?${query}`))
        .json()
        .data.templates.map((x: { name: string }) => x.name);
    expect(await names('page=1&limit=10')).toEqual(['payment_received', 'match_reminder']);
    expect(await names(`category=${otherCategoryId}`)).toEqual(['payment_received']);
    expect(await names('type=image')).toEqual(['match_reminder']);
    expect(await names('status=approved')).toEqual(['payment_received']);
    expect(await names('search=REMIND')).toEqual(['match_reminder']);
    expect(await names('type=&status=&category=')).toHaveLength(2);
    const page = await api('GET', '/api/wa/templates?limit=1&page=2');
    expect(page.json().data.pagination).toMatchObject({
      total: 2,
      total_pages: 2,
      current_page: 2,
    });
  });

  const INVALID: [string, Record<string, unknown>, string, string][] = [
    ['a two-letter name', { name: 'ab' }, 'name', M.nameMin],
    ['a name with capitals', { name: 'Match Reminder' }, 'name', R.nameFormat],
    ['no category', { category: '' }, 'category', M.categoryRequired],
    ['an unknown category', { category: 999999 }, 'category', M.categoryNotFound],
    ['no body', { body_text: '' }, 'body_text', M.bodyRequired],
    ['a 1025-character body', { body_text: `Hi ${'x'.repeat(1022)}` }, 'body_text', R.bodyMax],
    ['a 61-character footer', { footer_text: 'x'.repeat(61) }, 'footer_text', R.footerMax],
    ['a footer variable', { footer_text: 'For {{name}}' }, 'footer_text', R.footerVariables],
    [
      'four buttons',
      { buttons: ['A', 'B', 'C', 'D'].map((text) => ({ type: 'quick_reply', text })) },
      'buttons',
      R.buttonsMax,
    ],
    [
      'a 26-character button',
      { buttons: [{ type: 'quick_reply', text: 'x'.repeat(26) }] },
      'buttons.0.text',
      R.buttonTextMax,
    ],
    [
      'a url button without URL',
      { buttons: [{ type: 'url', text: 'Open' }] },
      'buttons.0.url',
      R.urlRequired,
    ],
    [
      'a url that is not http(s)',
      { buttons: [{ type: 'url', text: 'Open', url: 'javascript:alert(1)' }] },
      'buttons.0.url',
      R.urlInvalid,
    ],
    [
      'a phone button with a bad number',
      { buttons: [{ type: 'phone_number', text: 'Call', phone_number: '12' }] },
      'buttons.0.phone_number',
      R.phoneInvalid,
    ],
    [
      'mixed button groups',
      {
        buttons: [
          { type: 'quick_reply', text: 'Yes' },
          { type: 'url', text: 'Open', url: 'https://example.com' },
          { type: 'quick_reply', text: 'No' },
        ],
      },
      'buttons',
      R.buttonGroups,
    ],
    [
      'two phone buttons',
      {
        buttons: [
          { type: 'phone_number', text: 'Call A', phone_number: '+919876543210' },
          { type: 'phone_number', text: 'Call B', phone_number: '+919876543211' },
        ],
      },
      'buttons',
      R.phoneButtons,
    ],
    [
      'a URL variable in the middle',
      { buttons: [{ type: 'url', text: 'Open', url: 'https://example.com/{{match_id}}/x' }] },
      'buttons.0.url',
      R.urlVariable,
    ],
    [
      'a malformed variable',
      { body_text: 'Hello {{name}, welcome to the club today' },
      'body_text',
      R.malformed,
    ],
    [
      'adjacent variables',
      { body_text: 'Hi {{name}}{{opponent}} and welcome to the club' },
      'body_text',
      R.adjacent('name', 'opponent'),
    ],
    [
      'a body starting with a variable',
      { body_text: '{{name}}, welcome to the club today' },
      'body_text',
      R.bodyStart,
    ],
    [
      'a body ending with a variable',
      { body_text: 'Welcome to the club today {{name}}' },
      'body_text',
      R.bodyEnd,
    ],
    [
      'a missing sample',
      { sample_values: { name: 'Asha', opponent: '' } },
      'sample_values.opponent',
      R.sampleMissing('opponent'),
    ],
    [
      'a text header with emoji',
      { type: 'text', header_type: 'text', header_content: 'Go 🏏' },
      'header_content',
      R.headerEmoji,
    ],
    ['an image template without media', { media_url: null }, 'media_url', M.mediaRequired('image')],
    [
      'media not from the upload',
      { media_url: 'https://example.com/x.png' },
      'media_url',
      M.mediaNotUploaded,
    ],
    [
      'an uploaded-looking file that was never uploaded',
      { media_url: '/uploads/whatsapp_templates/00000000-0000-0000-0000-000000000000.png' },
      'media_url',
      M.mediaNotUploaded,
    ],
  ];

  it.each(INVALID)(
    'refuses %s with its message and stores nothing',
    async (_, over, field, message) => {
      const before = await stored();
      const res = await api('POST', '/api/wa/templates', valid({ name: 'another_one', ...over }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors?.[field]).toContain(message);
      expect(await stored()).toBe(before);
    },
  );

  it('refuses a PDF as an image template media, and accepts it for a document template', async () => {
    const before = await stored();
    const res = await api(
      'POST',
      '/api/wa/templates',
      valid({ name: 'pdf_image', media_url: pdfUrl }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Please select a valid image file',
      errors: { media_url: ['Please select a valid image file'] },
    });
    expect(await stored()).toBe(before);
    const doc = await api(
      'POST',
      '/api/wa/templates',
      valid({ name: 'fixture_list', type: 'document', media_url: pdfUrl }),
    );
    expect(doc.statusCode, doc.body).toBe(201);
    const asVideo = await api(
      'PUT',
      `/api/wa/templates/${doc.json().data.template._id}`,
      valid({
        name: 'fixture_list',
        type: 'document',
        media_url: pngUrl,
      }),
    );
    expect(asVideo.json().message).toBe('Please select a valid document file');
  });

  it('refuses a second template of one name and language with 409', async () => {
    const res = await api('POST', '/api/wa/templates', valid());
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ name: [M.nameTaken] });
    const otherLanguage = await api(
      'POST',
      '/api/wa/templates',
      valid({ template_language: 'hi_IN' }),
    );
    expect(otherLanguage.statusCode, otherLanguage.body).toBe(201);
  });

  it('edits the status, keeps the type and refuses a type change', async () => {
    const approved = await api('PUT', `/api/wa/templates/${id}`, valid({ status: 'approved' }));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'Template updated successfully',
      data: { template: { status: 'approved', type: 'image' } },
    });
    const retyped = await api('PUT', `/api/wa/templates/${id}`, valid({ type: 'text' }));
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json()).toMatchObject({
      message: M.typeLocked,
      errors: { type: [M.typeLocked] },
    });
    const after = await api('GET', `/api/wa/templates/${id}`);
    expect(after.json().data.template).toMatchObject({ type: 'image', status: 'approved' });
    const broken = await api(
      'PUT',
      `/api/wa/templates/${id}`,
      valid({ footer_text: 'x'.repeat(61), status: 'rejected' }),
    );
    expect(broken.statusCode).toBe(400);
    expect((await api('GET', `/api/wa/templates/${id}`)).json().data.template.status).toBe(
      'approved',
    );
  });

  it('deletes a template, then answers 404', async () => {
    const res = await api('DELETE', `/api/wa/templates/${id}`);
    expect(res.json()).toEqual({ success: true, message: 'Template deleted successfully' });
    expect((await api('GET', `/api/wa/templates/${id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/wa/templates/${id}`)).statusCode).toBe(404);
  });
});

describe('WhatsApp not connected (no WHATSAPP_* settings)', () => {
  it('keeps the manual statuses, and refuses submit and sync with the reason', async () => {
    const connection = await api('GET', '/api/wa/connection');
    expect(connection.json().data).toEqual({ connected: false, webhook_url: null });

    const created = await api('POST', '/api/wa/templates', valid({ name: 'offline_reminder' }));
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json().data.template;
    expect(template).toMatchObject({
      whatsapp_category: 'UTILITY',
      whatsapp_template_id: null,
      quality_rating: null,
      rejected_reason: null,
    });
    for (const status of ['pending', 'approved', 'rejected', 'draft']) {
      const res = await api(
        'PUT',
        `/api/wa/templates/${template._id}`,
        valid({ name: 'offline_reminder', status }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.template.status).toBe(status);
    }
    // Paused and disabled are WhatsApp's word: nobody types them.
    const paused = await api(
      'POST',
      '/api/wa/templates',
      valid({ name: 'x_paused', status: 'paused' }),
    );
    expect(paused.statusCode).toBe(400);
    expect(paused.json().errors.status).toEqual([M.status]);

    const submit = await api('POST', `/api/wa/templates/${template._id}/submit`);
    expect(submit.statusCode).toBe(409);
    expect(submit.json().message).toBe(M.notConnected);
    const sync = await api('POST', '/api/wa/templates/sync');
    expect(sync.statusCode).toBe(409);
    expect(sync.json().message).toBe(M.notConnected);
  });
});
