import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function upload(type: string, files: { name: string; data: Buffer; mime?: string }[]) {
  const form = new FormData();
  form.append('type', type);
  for (const f of files)
    form.append('files', new Blob([f.data], { type: f.mime ?? 'image/png' }), f.name);
  return t.as(token, { method: 'POST', url: '/api/media/upload', payload: form as never });
}

const stored = (type: string) => readdirSync(path.join(t.uploadDir, type));

describe('POST /api/media/upload', () => {
  it('stores a sniffed image under a generated name and serves it back with nosniff', async () => {
    const res = await upload('profile_pictures', [{ name: 'me.png', data: PNG_1PX }]);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.files[0].url;
    expect(url).toMatch(/^\/uploads\/profile_pictures\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('rejects an HTML file renamed .png and stores nothing', async () => {
    const before = stored('team_logos').length;
    const rowsBefore = (await t.db.select().from(media)).length;
    const res = await upload('team_logos', [
      { name: 'logo.png', data: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a valid image file');
    expect(stored('team_logos').length).toBe(before);
    expect((await t.db.select().from(media)).length).toBe(rowsBefore);
  });

  it('rejects an image of 2 MB + 1 byte and stores nothing', async () => {
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(2_097_152 + 1 - PNG_1PX.length)]);
    const exact = Buffer.concat([PNG_1PX, Buffer.alloc(2_097_152 - PNG_1PX.length)]);
    const before = stored('profile_pictures').length;
    const res = await upload('profile_pictures', [{ name: 'big.png', data: big }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Image size should be less than 2MB');
    expect(stored('profile_pictures').length).toBe(before);
    expect((await upload('profile_pictures', [{ name: 'ok.png', data: exact }])).statusCode).toBe(
      200,
    );
  });

  it('rejects a WhatsApp file over 5 MB and an unknown type', async () => {
    const huge = Buffer.concat([PNG_1PX, Buffer.alloc(5_242_880 + 1 - PNG_1PX.length)]);
    const res = await upload('whatsapp_templates', [{ name: 'huge.png', data: huge }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('File size should be less than 5MB');
    const bad = await upload('secrets', [{ name: 'a.png', data: PNG_1PX }]);
    expect(bad.statusCode).toBe(400);
  });

  it('accepts a PDF for WhatsApp media but not for a profile picture', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const ok = await upload('whatsapp_templates', [
      { name: 'menu.pdf', data: pdf, mime: 'application/pdf' },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.files[0].mime_type).toBe('application/pdf');
    const refused = await upload('profile_pictures', [
      { name: 'menu.pdf', data: pdf, mime: 'application/pdf' },
    ]);
    expect(refused.statusCode).toBe(400);
  });
});
