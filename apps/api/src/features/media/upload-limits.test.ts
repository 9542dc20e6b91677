import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, MEDIA_RULES } from '@cricket/contracts';
import { media } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * Uploads sent over a real socket, streamed from a generator, so the test itself holds no
 * file in memory and the server's resident memory is what is measured.
 */
let t: TestApp;
let token: string;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Part {
  field?: [string, string];
  file?: { name: string; bytes: number };
}

const CHUNK = Buffer.alloc(64 * 1024, 0x41);
const run = promisify(execFile);

type Answer = { status: number; body: { message: string } } | { closed: string };

/**
 * Streams a multipart body; resolves with the answer, even if the server stops reading early.
 * A body of unknown length past what the server drains is answered at once and its connection
 * closed (media/routes.ts): a client still writing may then meet the close (EPIPE, a reset)
 * before it reads the answer, which resolves as `closed`.
 */
function send(parts: Part[]): Promise<Answer> {
  const boundary = `----limits${randomBytes(6).toString('hex')}`;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/media/upload',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }),
      );
    });
    // Once the server has answered and closed, writing fails: that is the point.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) return;
      if (err.code === 'EPIPE' || err.code === 'ECONNRESET') resolve({ closed: err.code });
      else reject(err);
    });
    const write = (data: Buffer | string) =>
      new Promise<void>((done) => (req.write(data) ? done() : req.once('drain', done)));
    void (async () => {
      for (const part of parts) {
        if (answered || req.destroyed) return;
        if (part.field) {
          await write(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.field[0]}"\r\n\r\n${part.field[1]}\r\n`,
          );
        } else if (part.file) {
          await write(
            `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${part.file.name}"\r\nContent-Type: image/png\r\n\r\n`,
          );
          for (
            let sent = 0;
            sent < part.file.bytes && !answered && !req.destroyed;
            sent += CHUNK.length
          ) {
            await write(CHUNK.subarray(0, Math.min(CHUNK.length, part.file.bytes - sent)));
          }
          await write('\r\n');
        }
      }
      if (!answered && !req.destroyed) req.end(`--${boundary}--\r\n`);
    })();
  });
}

const logoFiles = (count: number, bytes: number): Part[] => [
  { field: ['type', 'team_logos'] },
  ...Array.from({ length: count }, (_, i) => ({ file: { name: `logo${i}.png`, bytes } })),
];

describe('upload limits apply while the files stream in', () => {
  it('12 parallel uploads of 10 × 4.9 MB logos are refused without the process growing past 250 MB', async () => {
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => send(logoFiles(10, 4.9 * 1024 * 1024))),
    );
    clearInterval(sampler);
    // Each is refused: answered 400, or closed by the server while its client still wrote.
    const refused = {
      status: 400,
      body: expect.objectContaining({ message: 'Image size should be less than 2MB' }),
    };
    for (const a of answers) expect([refused, { closed: expect.any(String) }]).toContainEqual(a);
    expect(answers.filter((a) => 'status' in a).length).toBeGreaterThan(0);
    // The issue measured 145 MB at rest: 250 MB leaves about 100 MB for these requests.
    expect((peak - before) / 2 ** 20).toBeLessThan(100);
    expect(await t.db.select().from(media)).toEqual([]);
  });

  it("a file up to 1 MB over its limit is answered 400, and Node's fetch in another process reads the answer every time", async () => {
    // The client runs in its own process, as a browser or a script would: sharing this event
    // loop, it seldom raced the server's answer. Each size is sent 20 times.
    const client = `
      const [url, token, ...sizes] = process.argv.slice(1);
      const answers = [];
      for (const bytes of sizes) {
        const file = new Blob([new Uint8Array(Number(bytes))], { type: 'image/png' });
        for (let i = 0; i < 20; i++) {
          const form = new FormData();
          form.append('type', 'profile_pictures');
          form.append('files', file, 'big.png');
          try {
            const res = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer ' + token }, body: form });
            answers.push({ bytes, status: res.status, message: (await res.json()).message });
          } catch (err) {
            answers.push({ bytes, error: String(err.cause?.code ?? err) });
          }
        }
      }
      console.log(JSON.stringify(answers));`;
    const sizes = [1, 64 * 1024, 512 * 1024, 1000 * 1024].map((over) =>
      String(IMAGE_MAX_BYTES + over),
    );
    const { stdout } = await run(process.execPath, [
      '--input-type=module',
      '-e',
      client,
      `http://127.0.0.1:${port}/api/media/upload`,
      token,
      ...sizes,
    ]);
    expect(JSON.parse(stdout)).toEqual(
      sizes.flatMap((bytes) =>
        Array.from({ length: 20 }, () => ({
          bytes,
          status: 400,
          message: MEDIA_RULES.profile_pictures.tooLarge,
        })),
      ),
    );
  });

  it('refuses more than 10 files', async () => {
    const res = await send(logoFiles(11, 10));
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Upload at most 10 files at a time' },
    });
  });

  it('refuses files sent before their type', async () => {
    const res = await send([
      { file: { name: 'a.png', bytes: 10 } },
      { field: ['type', 'team_logos'] },
    ]);
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Please choose what the upload is for' },
    });
  });

  it('refuses more than 20 MB in all', async () => {
    const res = await send([
      { field: ['type', 'whatsapp_templates'] },
      ...Array.from({ length: 5 }, (_, i) => ({
        file: { name: `${i}.pdf`, bytes: 4.5 * 1024 * 1024 },
      })),
    ]);
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'The files together should be less than 20MB' },
    });
  });

  it('refuses a NUL byte in a file name', async () => {
    const res = await send([
      { field: ['type', 'team_logos'] },
      { file: { name: 'a\u0000.png', bytes: 10 } },
    ]);
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'This field contains a character that is not allowed (U+0000)' },
    });
  });
});
