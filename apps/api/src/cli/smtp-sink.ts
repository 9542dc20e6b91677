/**
 * A mail catcher for trying notifications locally and for the e2e run: accepts every message
 * on 127.0.0.1:<port> (default 2525) and prints who it was for and its subject.
 * `node --import tsx apps/api/src/cli/smtp-sink.ts 2525`, then `SMTP_URL=smtp://127.0.0.1:2525`.
 */
import { startTestSmtp } from '../test/smtp';

const port = Number(process.argv[2] ?? 2525);
const sink = await startTestSmtp({
  port,
  onMail: (mail) => {
    console.info(
      `mail to ${mail.to.join(', ')}: ${mail.subject ?? '(no subject)'} ${mail.messageId ?? ''}`,
    );
  },
});
console.info(`SMTP sink listening on ${sink.url}`);
const stop = () => void sink.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
