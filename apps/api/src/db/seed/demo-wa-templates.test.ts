import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waTemplateCategories, waTemplates } from '../schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { seedDemoWaTemplates } from './demo-wa-templates';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDemoWaTemplates(t.db, { uploadDir: t.uploadDir });
});
afterAll(() => t.close());

describe('demo WhatsApp templates', () => {
  it('seeds five categories and thirteen templates across types and statuses', async () => {
    expect(await t.db.select().from(waTemplateCategories)).toHaveLength(5);
    const rows = await t.db.select().from(waTemplates);
    expect(rows).toHaveLength(13);
    expect(new Set(rows.map((r) => r.type))).toEqual(
      new Set(['text', 'image', 'video', 'document']),
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['draft', 'pending', 'approved', 'rejected']),
    );
  });

  it('gives media templates a stored file of their kind, which the API would accept on save', async () => {
    const res = await t.as(token, { method: 'GET', url: '/api/wa/templates?type=image&limit=100' });
    const [image] = res.json().data.templates;
    const file = readFileSync(path.join(t.uploadDir, image.media_url.replace('/uploads/', '')));
    expect((await fileTypeFromBuffer(file))?.mime).toBe('image/png');
    const { _id, category, ...rest } = image;
    const saved = await t.as(token, {
      method: 'PUT',
      url: `/api/wa/templates/${_id}`,
      payload: { ...rest, category: category._id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
