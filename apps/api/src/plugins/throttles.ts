import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createContactThrottle, type ContactThrottle } from '../lib/contact-throttle';
import { createLoginThrottle, type LoginThrottle } from '../lib/login-throttle';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate limits shared through Redis when REDIS_URL is set, per instance meanwhile. */
    throttles: {
      /** Sign-in attempts (decision 018); also password changes on the account page. */
      login: LoginThrottle;
      /** Messages through the public contact form (decision 026). */
      contact: ContactThrottle;
    };
  }
}

/** The throttles, each on its own Redis connection, disconnected when the app closes. */
export default fp(
  async function throttles(app: FastifyInstance) {
    const { config } = app;
    const login = createLoginThrottle(config.redisUrl, app.log);
    const contact = createContactThrottle(config.redisUrl, config.contactRateLimit, app.log);
    app.decorate('throttles', { login, contact });
    app.addHook('onClose', async () => {
      await login.close();
      contact.close();
    });
  },
  { name: 'throttles', decorators: { fastify: ['config'] } },
);
