import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test's process, on a free port (or the one given: the e2e run's
 * catcher). While `refuse` is set it answers every message with that SMTP error, the way a
 * mail server that will not take it does.
 */
export async function startTestSmtp(port = 0) {
  const received: { to: string[]; mail: ParsedMail }[] = [];
  const state: { refuse: { code: number; message: string } | null } = { refuse: null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const { refuse } = state;
        if (refuse) {
          return callback(Object.assign(new Error(refuse.message), { responseCode: refuse.code }));
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    refuse(answer: { code: number; message: string } | null) {
      state.refuse = answer;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
