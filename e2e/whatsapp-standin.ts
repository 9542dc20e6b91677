import type { WaTemplate } from '@cricket/contracts';
import { expect, type APIRequestContext } from '@playwright/test';
import {
  signedWebhook,
  standinEnv,
  startGraphStandin,
  webhookBodies,
} from '../apps/api/src/test/graph-standin';
import { currentServerPort } from './servers';

/**
 * The e2e app runs connected to WhatsApp: Meta's Graph API stand-in, started by globalSetup on
 * a port that follows its server's (servers.ts), with fixed ids so the config and the specs agree on them.
 */
export const WHATSAPP_E2E = {
  token: 'e2e-graph-token',
  wabaId: '102290129340398',
  phoneNumberId: '106540352242922',
  appId: '1234567890',
  appSecret: 'e2e-app-secret',
  verifyToken: 'e2e-verify-token',
} as const;

export const standinPort = (e2ePort: number) => e2ePort + 23_000;

/** The WHATSAPP_* settings of the app under test. */
export function whatsappEnv(e2ePort: number) {
  const { token, wabaId, phoneNumberId, appId, appSecret, verifyToken } = WHATSAPP_E2E;
  return standinEnv(
    { url: `http://127.0.0.1:${standinPort(e2ePort)}/v23.0`, token, wabaId, phoneNumberId, appId },
    appSecret,
    verifyToken,
  );
}

export async function startWhatsAppStandin(e2ePort: number) {
  const { token, wabaId, phoneNumberId, appId } = WHATSAPP_E2E;
  const standin = await startGraphStandin({
    port: standinPort(e2ePort),
    token,
    wabaId,
    phoneNumberId,
    appId,
  });
  return () => standin.close();
}

const standinUrl = () => `http://127.0.0.1:${standinPort(currentServerPort())}`;

/** POSTs a webhook body to the app as Meta does: signed with the app secret. */
export async function metaPosts(request: APIRequestContext, body: unknown) {
  const { payload, headers } = signedWebhook(WHATSAPP_E2E.appSecret, body);
  const res = await request.post('/api/webhooks/whatsapp', { data: payload, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Meta approves a template submitted to it: its side records the decision (so a later sync
 * reads it), then it POSTs the event to the webhook URL.
 */
export async function metaApproves(request: APIRequestContext, submitted: WaTemplate) {
  expect(submitted.whatsapp_template_id).toMatch(/^\d+$/);
  const t = {
    id: submitted.whatsapp_template_id!,
    name: submitted.name,
    language: submitted.template_language,
  };
  const decided = await request.post(`${standinUrl()}/_standin/templates/${t.id}`, {
    data: { status: 'APPROVED' },
  });
  expect(decided.status()).toBe(200);
  await metaPosts(request, webhookBodies.templateStatus(WHATSAPP_E2E.wabaId, t, 'APPROVED'));
}

/** Meta reports a message (by the wamid it answered the send with) delivered or read. */
export async function metaReports(
  request: APIRequestContext,
  status: 'delivered' | 'read',
  m: { wamid: string; recipient: string },
) {
  await metaPosts(
    request,
    webhookBodies.messageStatus(WHATSAPP_E2E.wabaId, WHATSAPP_E2E.phoneNumberId, {
      wamid: m.wamid,
      status,
      recipient: m.recipient,
    }),
  );
}
