import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDeliveryWorker, type DeliveryWorker } from '../features/notifications/worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's delivery worker (running unless NOTIFY_WORKER=false). */
    notificationWorker: DeliveryWorker;
  }
}

/**
 * The notification delivery worker's lifecycle: started once the app is ready, stopped when it
 * closes. The worker itself (what it claims and sends) belongs to the notifications feature.
 */
export default fp(
  async function deliveryWorker(app: FastifyInstance) {
    const { config } = app;
    const settings = Object.fromEntries(
      Object.entries(config.notify).filter(([, v]) => v !== undefined),
    );
    const worker = createDeliveryWorker({
      db: app.db,
      transports: app.transports,
      settings,
      log: app.log,
      availabilityLinks: (target) => app.availabilityLinks.variables(target),
    });
    app.decorate('notificationWorker', worker);
    if (config.notifyWorker) app.addHook('onReady', () => worker.start());
    // Stops before the mail transport closes, and leaves no timer to keep a test process alive.
    app.addHook('preClose', () => worker.stop());
  },
  {
    name: 'delivery-worker',
    dependencies: ['transports', 'availability-links'],
    decorators: { fastify: ['db'] },
  },
);
