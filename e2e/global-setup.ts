import { catcherPorts, startSmtpCatcher } from './smtp-catcher';
import { startWhatsAppStandin } from './whatsapp-standin';

/** The SMTP server (smtp-catcher.ts) and WhatsApp's stand-in the API talks to during the run. */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const closeSmtp = await startSmtpCatcher(catcherPorts(port));
  const closeWhatsApp = await startWhatsAppStandin(port);
  return async () => {
    await closeWhatsApp();
    await closeSmtp();
  };
}
