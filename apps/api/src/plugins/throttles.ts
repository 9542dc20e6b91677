import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  CONTACT_RATE_WINDOW_SECONDS,
  UNSUBSCRIBE_RATE_POINTS,
  UNSUBSCRIBE_RATE_WINDOW_SECONDS,
} from '@cricket/contracts';
import { createAddressThrottle, type AddressThrottle } from '../lib/address-throttle';
import { createLoginThrottle, type LoginThrottle } from '../lib/login-throttle';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate limits shared through Redis when REDIS_URL is set, per instance meanwhile. */
    throttles: {
      /** Sign-in attempts (decision 018); also password changes on the account page. */
      login: LoginThrottle;
      /** Messages through the public contact form (decision 026). */
      contact: AddressThrottle;
      /** Requests to the public unsubscribe and preference routes (decision 052). */
      unsubscribe: AddressThrottle;
    };
  }
}

/** The throttles, each on its own Redis connection, disconnected when the app closes. */
export default fp(
  async function throttles(app: FastifyInstance) {
    const { config } = app;
    const login = createLoginThrottle(config.redisUrl, app.log);
    const contact = createAddressThrottle(
      config.redisUrl,
      {
        keyPrefix: 'contact_ip',
        points: config.contactRateLimit,
        duration: CONTACT_RATE_WINDOW_SECONDS,
        purpose: 'contact form rate limiting',
      },
      app.log,
    );
    const unsubscribe = createAddressThrottle(
      config.redisUrl,
      {
        keyPrefix: 'unsubscribe_ip',
        points: UNSUBSCRIBE_RATE_POINTS,
        duration: UNSUBSCRIBE_RATE_WINDOW_SECONDS,
        purpose: 'unsubscribe rate limiting',
      },
      app.log,
    );
    app.decorate('throttles', { login, contact, unsubscribe });
    app.addHook('onClose', async () => {
      await login.close();
      contact.close();
      unsubscribe.close();
    });
  },
  { name: 'throttles', decorators: { fastify: ['config'] } },
);
