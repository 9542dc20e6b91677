import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, NotifiedCache } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Keeps a per-instance cache honest through a channel that triggers notify on every change
     * that could make it wrong (decisions 008 and 011): the cache is emptied on each
     * notification, and used only while the listening connection is up, starting empty each
     * time it comes up. Resolves once the first attempt to listen has succeeded or failed; the
     * subscription ends when the app closes.
     */
    forgetOnNotify(channel: string, cache: NotifiedCache): Promise<void>;
  }
}

/** LISTEN connections (one per channel, reconnecting on their own), closed with the app. */
export default fp(
  async function notifyListener(app: FastifyInstance, { database }: { database: Database }) {
    const subscriptions: Array<{ cache: NotifiedCache; close(): Promise<void> }> = [];
    app.decorate('forgetOnNotify', async (channel: string, cache: NotifiedCache) => {
      const subscription = await database.subscribe(channel, {
        message: () => cache.forget(),
        up: () => cache.setListening(true),
        down: () => cache.setListening(false),
      });
      subscriptions.push({ cache, close: () => subscription.close() });
    });
    app.addHook('onClose', async () => {
      await Promise.all(
        subscriptions.map(({ cache, close }) => {
          cache.setListening(false);
          return close();
        }),
      );
    });
  },
  { name: 'notify-listener' },
);
