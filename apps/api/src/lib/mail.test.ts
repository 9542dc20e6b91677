import { afterEach, describe, expect, it } from 'vitest';
import { startTestSmtp } from '../test/smtp';
import {
  classifyMailError,
  createMailTransport,
  MailDeliveryError,
  sanitizeMailHtml,
} from './mail';

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((c) => c()));

describe('mail transport', () => {
  it('is absent without SMTP_URL', () => {
    expect(createMailTransport({ smtpUrl: undefined, mailFrom: 'a@b.c' })).toBeNull();
  });

  it('delivers to a real SMTP server with the given Message-ID and threading headers', async () => {
    const smtp = await startTestSmtp();
    closers.push(() => void smtp.close());
    const mail = createMailTransport({ smtpUrl: smtp.url, mailFrom: 'Desk <desk@test.local>' })!;
    closers.push(() => mail.close());
    const result = await mail.send({
      to: 'fan@test.local',
      subject: 'Re: Tickets',
      text: 'Hello',
      messageId: 'reply-1@test.local',
      inReplyTo: 'contact-9@test.local',
      references: ['contact-9@test.local'],
    });
    expect(result.messageId).toBe('<reply-1@test.local>');
    expect(smtp.received).toHaveLength(1);
    const parsed = smtp.received[0]!.mail;
    expect(parsed.messageId).toBe('<reply-1@test.local>');
    expect(parsed.inReplyTo).toBe('<contact-9@test.local>');
    expect(parsed.subject).toBe('Re: Tickets');
    expect(smtp.received[0]!.to).toEqual(['fan@test.local']);
  });

  it('classifies a 5xx answer as permanent and a 4xx as transient', async () => {
    for (const [code, kind] of [
      [550, 'permanent'],
      [451, 'transient'],
    ] as const) {
      const smtp = await startTestSmtp({ answer: () => ({ code, message: 'No thanks' }) });
      closers.push(() => void smtp.close());
      const mail = createMailTransport({ smtpUrl: smtp.url, mailFrom: 'desk@test.local' })!;
      closers.push(() => mail.close());
      const err = await mail
        .send({ to: 'fan@test.local', subject: 's', text: 't', messageId: `m-${code}@x` })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MailDeliveryError);
      expect((err as MailDeliveryError).kind).toBe(kind);
      expect((err as MailDeliveryError).message).toMatch(/No thanks/);
    }
  });

  it('treats a refused connection as transient and a rate answer as slow-down', () => {
    expect(classifyMailError({ code: 'ECONNECTION', message: 'connect ECONNREFUSED' }).kind).toBe(
      'transient',
    );
    expect(classifyMailError({ responseCode: 421, response: '421 Too many messages' }).kind).toBe(
      'rate-limited',
    );
  });
});

describe('sanitizeMailHtml', () => {
  it('removes scripts, event handlers and javascript: links, and keeps the layout', () => {
    const html = sanitizeMailHtml(
      '<table cellpadding="4"><tr><td style="color:red" onclick="steal()">Hi <b>Rohit</b></td></tr></table>' +
        '<script>alert(1)</script><a href="javascript:alert(2)">bad</a><a href="https://cricket.test">ok</a>' +
        '<img src="x" onerror="alert(3)"><iframe src="https://evil.test"></iframe><form action="/x"><input></form>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|<form|<input/i);
    expect(html).toContain('<td style="color:red">Hi <b>Rohit</b></td>');
    expect(html).toContain('<a href="https://cricket.test">ok</a>');
    expect(html).toContain('<a>bad</a>');
  });
});
