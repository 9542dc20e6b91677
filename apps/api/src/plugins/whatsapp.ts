import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createGraphClient, type GraphClient } from '../lib/whatsapp-graph';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The WhatsApp Business Cloud API (Meta's Graph API); null when WHATSAPP_ACCESS_TOKEN and
     * WHATSAPP_WABA_ID are unset, and templates then keep the spec's manual statuses.
     */
    whatsapp: GraphClient | null;
  }
}

export default fp(
  async function whatsappPlugin(app: FastifyInstance) {
    const { whatsapp } = app.config;
    app.decorate('whatsapp', whatsapp ? createGraphClient(whatsapp) : null);
  },
  { name: 'whatsapp', decorators: { fastify: ['config'] } },
);
