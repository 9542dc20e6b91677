import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }>;
}

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  doc = res.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method} ${path}`, method, path, op })),
  );

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const lines = problems.map(
      (p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`,
    );
    console.log(`Redocly lint: ${problems.length} problems over ${operations().length} operations`);
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
    // The warnings kept: the health probes take no input and need no session, so they have no
    // 4xx answer to document; a browser's GET of the one-click unsubscribe URL only redirects
    // (303 to the preference page), so it has no 2xx.
    expect(
      lines.filter(
        (l) =>
          !/^warn operation-4xx-response #\/paths\/~1api~1health~1/.test(l) &&
          !/^warn operation-2xx-response #\/paths\/~1api~1public~1unsubscribe~1\{token\}\/get\//.test(
            l,
          ),
      ),
    ).toEqual([]);
  });

  it('names every operation once and documents its error answers with the one error body', () => {
    const ids = new Set<string>();
    for (const { name, op } of operations()) {
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(op.operationId!), `${name}: ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary, name).toBeTruthy();
      for (const status of ['500', '503'])
        expect(op.responses[status], `${name} ${status}`).toBeDefined();
      expect(
        op.responses['503']!.headers?.['Retry-After'] ?? name.includes('health'),
        name,
      ).toBeTruthy();
    }
  });

  it('marks the public routes public and the rest as needing a session', () => {
    const publicOps = operations()
      .filter(({ op }) => Array.isArray(op.security) && op.security.length === 0)
      .map(({ name }) => name)
      .sort();
    expect(publicOps).toEqual(
      [
        'get /api/health/live',
        'get /api/health/ready',
        'get /api/public/availability/{token}',
        'get /api/public/preferences/{token}',
        'get /api/public/unsubscribe/{token}',
        'get /api/webhooks/whatsapp',
        'options /api/contact',
        'post /api/contact',
        'post /api/public/availability/{token}',
        'post /api/public/unsubscribe/{token}',
        'post /api/user/login',
        'post /api/webhooks/email-events',
        'post /api/webhooks/sms-inbound',
        'post /api/webhooks/whatsapp',
        'put /api/public/preferences/{token}',
      ].filter((name) => name in Object.fromEntries(operations().map((o) => [o.name, 1]))),
    );
    for (const { name, op } of operations()) {
      if (op.security) continue;
      expect(op.responses['401'], name).toBeDefined();
      expect(op.responses['403'], name).toBeDefined();
    }
  });

  it('documents the throttled routes with 429 and Retry-After', () => {
    for (const name of [
      'post /api/user/login',
      'post /api/contact',
      'put /api/user/password',
      'post /api/public/unsubscribe/{token}',
      'get /api/public/preferences/{token}',
      'post /api/public/availability/{token}',
    ]) {
      const op = operations().find((o) => o.name === name)!.op;
      expect(op.responses['429']?.headers?.['Retry-After'], name).toBeDefined();
    }
  });

  it('offers an Idempotency-Key on every POST but those that declare why not, with its 409, 412 and 422 answers', () => {
    // Sign-in (its answer is a token), Meta's, the mail and SMS providers' webhooks (they send
    // no key), the sync with Meta, one-click unsubscribe and an availability answer (a repeat
    // changes nothing) and the
    // sends' and the fixtures import's dry runs (they record nothing; a stored answer would be a
    // stale count or check) say why in `config.idempotency`.
    const keyless = new Set([
      'post /api/user/login',
      'post /api/public/unsubscribe/{token}',
      'post /api/public/availability/{token}',
      'post /api/webhooks/email-events',
      'post /api/webhooks/sms-inbound',
      'post /api/webhooks/whatsapp',
      'post /api/wa/templates/sync',
      'post /api/notifications/send/preview',
      'post /api/audiences/count',
      'post /api/wa/templates/{id}/send/preview',
      'post /api/tournaments/{id}/fixtures/import/preview',
    ]);
    const posts = operations().filter((o) => o.method === 'post');
    expect(posts.length).toBeGreaterThan(10);
    for (const { name, op } of posts) {
      const header = op.parameters?.find((p) => p.in === 'header' && p.name === 'idempotency-key');
      if (keyless.has(name)) {
        expect(header, name).toBeUndefined();
        continue;
      }
      expect(header, name).toMatchObject({ required: false, schema: { type: 'string' } });
      for (const status of ['400', '409', '412', '422'])
        expect(op.responses[status]?.content, `${name} ${status}`).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/Error' } },
        });
      expect(op.responses['409']!.headers?.['Retry-After'], name).toBeDefined();
    }
  });

  it('describes the upload as multipart with its fields', () => {
    const upload = doc.paths['/api/media/upload']!.post!;
    expect(upload.requestBody?.content['multipart/form-data']).toMatchObject({
      schema: { required: ['type', 'files'] },
    });
  });
});

describe('an unsupported method', () => {
  it('answers 405 with Allow on a known path, and 404 on an unknown one', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/users/1' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('DELETE, GET, HEAD, PUT');
    expect(res.json()).toEqual({ success: false, message: 'Method not allowed' });
    const unknown = await t.app.inject({ method: 'PATCH', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
  });
});
