import nodemailer from 'nodemailer';
import sanitizeHtml from 'sanitize-html';

/**
 * What an email's HTML may keep: the layout and formatting mail clients render, inline styles,
 * images and http(s)/mailto links. Scripts, event handlers, forms, frames and `javascript:` URLs
 * go, as the screens' sandboxed preview already blocks them: a template is written by staff but
 * read in the recipients' mail clients, some of which run what they are given.
 */
const MAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'center', 'font', 'span'],
  allowedAttributes: {
    '*': ['style', 'class', 'align', 'valign', 'width', 'height', 'bgcolor', 'title', 'dir'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    font: ['color', 'face', 'size'],
    table: ['border', 'cellpadding', 'cellspacing', 'role'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel', 'cid'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
  allowProtocolRelative: false,
};

/** An email's HTML as it may be sent (see MAIL_HTML). */
export const sanitizeMailHtml = (html: string) => sanitizeHtml(html, MAIL_HTML);

/** One email to send. `messageId` is the caller's stable key: a retry re-sends the same id. */
export interface MailMessage {
  to: string;
  subject: string;
  text?: string;
  html?: string;
  /** Without angle brackets, e.g. `delivery-42@cricket.local`. */
  messageId: string;
  /** The Message-ID this mail answers, for threading (without angle brackets). */
  inReplyTo?: string;
  references?: string[];
  /** Extra header fields (List-Unsubscribe), sent as given. */
  headers?: Record<string, string>;
}

export interface MailResult {
  /** The Message-ID sent, and the server's answer to the DATA command. */
  messageId: string;
  response: string;
}

/**
 * Why a send failed, in the terms a retry policy needs: `transient` (connection refused,
 * timeout, SMTP 4xx) may succeed later; `permanent` (SMTP 5xx, an address the server
 * refuses) will not; `rate-limited` asks the sender to slow down; `deferred` asks to try this
 * one message again a little later (WhatsApp's pair rate limit), without slowing the others.
 * Neither of the last two spends one of the delivery's attempts.
 */
export type MailFailureKind = 'transient' | 'permanent' | 'rate-limited' | 'deferred';

export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly kind: MailFailureKind,
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

export interface MailTransport {
  send(message: MailMessage): Promise<MailResult>;
  /** Checks the connection and credentials (used by health and by tests). */
  verify(): Promise<void>;
  close(): void;
}

const NETWORK_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED']);

/** Maps nodemailer's error onto the retry policy's three kinds. */
export function classifyMailError(err: unknown): MailDeliveryError {
  if (err instanceof MailDeliveryError) return err;
  const e = err as { message?: string; code?: string; responseCode?: number; response?: string };
  const code = e.responseCode;
  const reason = (e.response || e.message || 'Unknown mail error').trim();
  if (code === 421 || code === 450 || code === 451 || code === 452) {
    // 421/450-452 are how mail servers say "too many, try later".
    const slowDown = /rate|too many|throttl|limit/i.test(reason);
    return new MailDeliveryError(reason, slowDown ? 'rate-limited' : 'transient', code);
  }
  if (code && code >= 400 && code < 500) return new MailDeliveryError(reason, 'transient', code);
  if (code && code >= 500) return new MailDeliveryError(reason, 'permanent', code);
  if (e.code === 'EENVELOPE') return new MailDeliveryError(reason, 'permanent');
  if (e.code && NETWORK_CODES.has(e.code)) return new MailDeliveryError(reason, 'transient');
  return new MailDeliveryError(reason, 'transient');
}

const bracket = (id: string) => `<${id.replace(/^<|>$/g, '')}>`;

/**
 * The one SMTP transport (pooled connections). Returns null when SMTP_URL is unset: callers
 * then record their email as skipped, never as sent.
 */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Parallel SMTP connections in the pool. */
  maxConnections?: number;
}): MailTransport | null {
  if (!options.smtpUrl) return null;
  const url = new URL(options.smtpUrl);
  const transporter = nodemailer.createTransport({
    pool: true,
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    maxConnections: options.maxConnections ?? 4,
    maxMessages: Infinity,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // A local mail catcher speaks plain SMTP; STARTTLS is still used when the server offers it.
    tls: { rejectUnauthorized: url.searchParams.get('tls') !== 'insecure' },
  });
  return {
    async send(message) {
      const messageId = bracket(message.messageId);
      try {
        const info = await transporter.sendMail({
          from: options.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html === undefined ? undefined : sanitizeMailHtml(message.html),
          messageId,
          inReplyTo: message.inReplyTo ? bracket(message.inReplyTo) : undefined,
          references: message.references?.map(bracket),
          headers: message.headers,
        });
        if (info.rejected.length > 0) {
          throw new MailDeliveryError(`Recipient refused: ${message.to}`, 'permanent');
        }
        return { messageId, response: info.response };
      } catch (err) {
        throw classifyMailError(err);
      }
    },
    async verify() {
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };
}

/** The domain of MAIL_FROM's address, for Message-IDs this server makes up (RFC 5322 §3.6.4). */
export function mailDomain(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return address.split('@')[1]?.trim() || 'localhost';
}
