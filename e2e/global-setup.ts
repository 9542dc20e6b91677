import { serverIndexes, serverPort } from './servers';
import { catcherPorts, startSmtpCatcher } from './smtp-catcher';
import { startWhatsAppStandin } from './whatsapp-standin';

/** Each server's SMTP server (smtp-catcher.ts) and WhatsApp stand-in, for the whole run. */
export default async function globalSetup() {
  const closers = await Promise.all(
    serverIndexes().flatMap((index) => [
      startSmtpCatcher(catcherPorts(serverPort(index))),
      startWhatsAppStandin(serverPort(index)),
    ]),
  );
  return async () => {
    for (const close of closers) await close();
  };
}
