import { catcherPorts, startSmtpCatcher } from './smtp-catcher';

/** The SMTP server the API sends to during the run (see smtp-catcher.ts). */
export default async function globalSetup() {
  return startSmtpCatcher(catcherPorts(Number(process.env.E2E_PORT ?? 3100)));
}
