import { standinEnv, startGraphStandin } from '../apps/api/src/test/graph-standin';

/**
 * The e2e app runs connected to WhatsApp: Meta's Graph API stand-in, started by globalSetup on
 * a port that follows E2E_PORT, with fixed ids so the config and the specs agree on them.
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
