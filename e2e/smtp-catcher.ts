import { createServer, type Server } from 'node:http';
import { headerOf, startTestSmtp } from '../apps/api/src/test/smtp';
import { currentServerPort } from './servers';

/**
 * A real SMTP server for the e2e run, with a small HTTP hook beside it: GET /messages lists
 * what it received (parsed), PUT /refuse with `{ code, message }` makes it refuse every
 * message until DELETE /refuse. The API under test is pointed at it through SMTP_URL.
 */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  inReplyTo: string;
  references: string[];
  /** The List-Unsubscribe header, unfolded; '' when the message has none. */
  listUnsubscribe: string;
}

/** Its ports follow its server's (servers.ts), so no two servers' catchers collide. */
export function catcherPorts(e2ePort: number) {
  return { smtp: e2ePort + 22_000, http: e2ePort + 22_001 };
}

export async function startSmtpCatcher(ports: { smtp: number; http: number }) {
  const smtp = await startTestSmtp({ port: ports.smtp });
  const caught = (): CaughtMail[] =>
    smtp.received.map(({ to, raw, mail }) => {
      const refs = mail.references;
      return {
        to,
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
        messageId: mail.messageId ?? '',
        inReplyTo: mail.inReplyTo ?? '',
        references: refs === undefined ? [] : Array.isArray(refs) ? refs : [refs],
        listUnsubscribe: headerOf(raw, 'List-Unsubscribe') ?? '',
      };
    });

  const http: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/messages') {
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify(caught()));
      }
      if (req.url === '/refuse' && req.method === 'PUT') smtp.refuse(JSON.parse(body));
      else if (req.url === '/refuse' && req.method === 'DELETE') smtp.refuse(null);
      else res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(ports.http, '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await smtp.close();
  };
}

/** The test side of the hook. */
export function smtpCatcher(e2ePort = currentServerPort()) {
  const base = `http://127.0.0.1:${catcherPorts(e2ePort).http}`;
  return {
    async messages(): Promise<CaughtMail[]> {
      return (await fetch(`${base}/messages`)).json() as Promise<CaughtMail[]>;
    },
    async refuse(answer: { code: number; message: string } | null) {
      await fetch(`${base}/refuse`, {
        method: answer ? 'PUT' : 'DELETE',
        body: answer ? JSON.stringify(answer) : undefined,
      });
    },
  };
}
