import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { emailTransport, webhookTransport, type Transports } from '../lib/channel-transports';
import { createMailTransport, type MailTransport } from '../lib/mail';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMTP transport; null when SMTP_URL is unset (email is then skipped, never faked). */
    mail: MailTransport | null;
    /** Each notification channel's way out; null where its URL (and secret) are unset. */
    transports: Transports;
  }
}

/** The mail and webhook transports, built once from the config; SMTP closes with the app. */
export default fp(
  async function transportsPlugin(app: FastifyInstance) {
    const { config } = app;
    const mail = createMailTransport({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom });
    app.decorate('mail', mail);
    app.addHook('onClose', () => mail?.close());
    app.decorate('transports', {
      email: mail ? emailTransport(mail, config.mailFrom) : null,
      sms:
        config.smsWebhookUrl && config.webhookSecret
          ? webhookTransport(config.smsWebhookUrl, config.webhookSecret)
          : null,
      push:
        config.pushWebhookUrl && config.webhookSecret
          ? webhookTransport(config.pushWebhookUrl, config.webhookSecret)
          : null,
    } satisfies Transports);
  },
  { name: 'transports', decorators: { fastify: ['config'] } },
);
