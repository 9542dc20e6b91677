import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  messageId: string | null;
  subject: string | null;
  raw: string;
}

/**
 * A real SMTP server in the test process. `answer` may refuse a message: return
 * `{ code, message }` to answer DATA with that SMTP code, or nothing to accept it. Accepted
 * messages are kept in `received` (or handed to `onMail` instead, for long runs), with their
 * Message-ID and Subject headers read out.
 */
export async function startSmtpServer(
  answer?: (mail: {
    to: string[];
    raw: string;
    attempt: number;
  }) => { code: number; message: string } | undefined,
  /** 0 picks a free port. */
  port = 0,
  onMail?: (mail: ReceivedMail) => void,
) {
  const received: ReceivedMail[] = [];
  let attempt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 64,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        attempt += 1;
        const to = session.envelope.rcptTo.map((r) => r.address);
        const refusal = answer?.({ to, raw, attempt });
        if (refusal) {
          return callback(
            Object.assign(new Error(refusal.message), { responseCode: refusal.code }),
          );
        }
        const header = (name: string) =>
          new RegExp(`^${name}:\\s*(.*)$`, 'im')
            .exec(raw.split(/\r?\n\r?\n/)[0] ?? '')?.[1]
            ?.trim() ?? null;
        const mail = { to, raw, messageId: header('Message-ID'), subject: header('Subject') };
        if (onMail) onMail(mail);
        else received.push(mail);
        callback();
      });
    },
  });
  // A client killed mid-conversation resets its socket: expected in the crash tests.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    /** How many messages reached DATA, refused ones included. */
    attempts: () => attempt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
