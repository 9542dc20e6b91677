import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { serverSecret } from '../lib/server-secret';
import { createUnsubscribeLinks, type UnsubscribeLinks } from '../lib/unsubscribe-token';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and reads unsubscribe tokens and builds their links (decision 052). */
    unsubscribeLinks: UnsubscribeLinks;
  }
}

/** UNSUBSCRIBE_SECRET when set, else the one kept in the database under 'unsubscribe'. */
export const unsubscribeSecret = (db: Db, configured: string | undefined) =>
  serverSecret(db, 'unsubscribe', configured);

/**
 * The unsubscribe links' secret and base URL, settled once at start. Without PUBLIC_URL the
 * links point at this server on localhost, which works only on the machine itself: said once
 * in the log, since no request (the worker sends without one) can tell the public address.
 */
export default fp(
  async function unsubscribeLinks(app: FastifyInstance) {
    const { config } = app;
    const secret = await unsubscribeSecret(app.db, config.unsubscribeSecret);
    const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
    if (!config.publicUrl)
      app.log.warn(
        `PUBLIC_URL is not set: unsubscribe links in emails point at ${publicUrl}, which only this machine can open`,
      );
    app.decorate(
      'unsubscribeLinks',
      createUnsubscribeLinks({ secret, publicUrl, mailto: config.unsubscribeMailto }),
    );
  },
  { name: 'unsubscribe-links', decorators: { fastify: ['config', 'db'] } },
);
