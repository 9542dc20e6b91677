import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../lib/signed-body';
import { createGraphClient, GraphApiError } from '../lib/whatsapp-graph';
import {
  META_ERRORS,
  signedWebhook,
  standinEnv,
  startGraphStandin,
  webhookBodies,
  type GraphStandin,
} from '../test/graph-standin';
import { createTestApp, type TestApp } from '../test/harness';

let standin: GraphStandin;
let t: TestApp;
const SECRET = 'test-app-secret';

beforeAll(async () => {
  standin = await startGraphStandin();
  t = await createTestApp(standinEnv(standin, SECRET, 'verify-me'));
});
afterAll(async () => {
  await t.close();
  await standin.close();
});

describe('GET /api/webhooks/whatsapp (subscription check)', () => {
  it('echoes the challenge for the verify token, and refuses any other', async () => {
    const check = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    const good = await check('verify-me');
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('1158201444');
    expect((await check('guess')).statusCode).toBe(403);
  });
});

describe('POST /api/webhooks/whatsapp (signatures)', () => {
  const body = () =>
    webhookBodies.templateStatus(
      standin.wabaId,
      { id: '1', name: 'x', language: 'en_US' },
      'APPROVED',
    );

  it('accepts a call signed over its exact bytes', async () => {
    const { payload, headers } = signedWebhook(SECRET, body());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      payload,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an unsigned, a wrongly signed and a re-serialised body with 401', async () => {
    const { payload } = signedWebhook(SECRET, body());
    const post = (headers: Record<string, string>, p = payload) =>
      t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', payload: p, headers });
    expect((await post({ 'content-type': 'application/json' })).statusCode).toBe(401);
    expect(
      (
        await post({
          'content-type': 'application/json',
          'x-hub-signature-256': signBody('other', payload),
        })
      ).statusCode,
    ).toBe(401);
    // The same JSON with other whitespace is other bytes: its signature does not carry over.
    const spaced = JSON.stringify(JSON.parse(payload), null, 1);
    expect(
      (
        await post(
          {
            'content-type': 'application/json',
            'x-hub-signature-256': signBody(SECRET, payload),
          },
          spaced,
        )
      ).statusCode,
    ).toBe(401);
  });
});

describe('the Graph API client against the stand-in', () => {
  it("parses Meta's error body into code, title and messages", async () => {
    const graph = createGraphClient({ ...t.app.config.whatsapp!, accessToken: 'wrong' });
    const err = await graph
      .request({ method: 'GET', path: `/${standin.wabaId}/message_templates` })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GraphApiError);
    expect(err).toMatchObject({ status: 401, code: META_ERRORS.invalidToken.code });

    standin.program((r) => r.path.endsWith('/messages'), META_ERRORS.undeliverable);
    const sent = await t.app
      .whatsapp!.request({
        method: 'POST',
        path: `/${standin.phoneNumberId}/messages`,
        json: {
          messaging_product: 'whatsapp',
          to: '+15551234567',
          type: 'text',
          text: { body: 'hi' },
        },
      })
      .catch((e: unknown) => e);
    expect(sent).toMatchObject({ status: 400, code: 131026 });
    expect((sent as GraphApiError).describe()).toContain('Message undeliverable');
  });
});
