import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpAnswer {
  code: number;
  message: string;
}

export interface ReceivedMail {
  to: string[];
  raw: string;
  messageId: string | null;
  subject: string | null;
}

export interface TestSmtpOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /**
   * Decides per message: return an SMTP error to refuse it (a 4xx or 5xx answer to DATA), or
   * nothing to accept it. `attempt` counts every message that reached DATA.
   */
  answer?: (mail: { to: string[]; raw: string; attempt: number }) => SmtpAnswer | undefined;
  /** Long runs hand each accepted message here instead of keeping it (and skip parsing). */
  onMail?: (mail: ReceivedMail) => void;
}

/** A header field of a raw message, unfolded (a long List-Unsubscribe spans lines); null if absent. */
export const headerOf = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*)$`, 'im')
    .exec((raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' '))?.[1]
    ?.trim() ?? null;

/**
 * The one real SMTP server for tests, the e2e mail catcher, the fan-out bench and the local
 * sink: in this process, on 127.0.0.1. Accepted messages are kept in `received`, parsed
 * (`mail`), unless `onMail` takes them; `refuse` makes every message fail with one answer
 * until it is cleared.
 */
export async function startTestSmtp(options: TestSmtpOptions = {}) {
  const received: (ReceivedMail & { mail: ParsedMail })[] = [];
  let attempt = 0;
  let refusal: SmtpAnswer | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 64,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        attempt += 1;
        const raw = Buffer.concat(chunks).toString();
        const to = session.envelope.rcptTo.map((r) => r.address);
        const refused = refusal ?? options.answer?.({ to, raw, attempt });
        if (refused) {
          return callback(
            Object.assign(new Error(refused.message), { responseCode: refused.code }),
          );
        }
        const mail = {
          to,
          raw,
          messageId: headerOf(raw, 'Message-ID'),
          subject: headerOf(raw, 'Subject'),
        };
        if (options.onMail) {
          options.onMail(mail);
          return callback();
        }
        void simpleParser(raw).then((parsed) => {
          received.push({ ...mail, mail: parsed });
          callback();
        }, callback);
      });
    },
  });
  // A client killed mid-conversation resets its socket: expected in the crash tests.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    /** How many messages reached DATA, refused ones included. */
    attempts: () => attempt,
    refuse(answer: SmtpAnswer | null) {
      refusal = answer;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
