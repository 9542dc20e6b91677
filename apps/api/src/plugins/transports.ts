import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  emailTransport,
  webhookTransport,
  whatsappTransport,
  type Transports,
} from '../lib/channel-transports';
import { createMailTransport, type MailTransport } from '../lib/mail';
import { createSendPace } from '../lib/send-pace';

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
      email: mail ? emailTransport(mail, config.mailFrom, app.unsubscribeLinks) : null,
      sms:
        config.smsWebhookUrl && config.webhookSecret
          ? webhookTransport(config.smsWebhookUrl, config.webhookSecret)
          : null,
      push:
        config.pushWebhookUrl && config.webhookSecret
          ? webhookTransport(config.pushWebhookUrl, config.webhookSecret)
          : null,
      // One pace per process: WHATSAPP_MPS is this instance's share of Meta's throughput.
      whatsapp:
        app.whatsapp && config.whatsapp?.phoneNumberId
          ? whatsappTransport(
              app.whatsapp,
              config.whatsapp.phoneNumberId,
              createSendPace(config.whatsapp.mps),
            )
          : null,
    } satisfies Transports);
  },
  {
    name: 'transports',
    dependencies: ['whatsapp', 'unsubscribe-links'],
    decorators: { fastify: ['config'] },
  },
);
