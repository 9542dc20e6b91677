import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { remindDue } from '../features/matches/availability-repository';
import { loggableError } from '../lib/pg-error';

/** How often an instance looks for availability reminders that have fallen due. */
const CHECK_EVERY_MS = 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    availabilityReminders: {
      /** Sends the reminders due by `now`; answers how many asks were reminded. */
      runOnce(now?: Date): Promise<number>;
    };
  }
}

/**
 * Availability reminders (issue 36): once a minute, each ask whose reminder time has come is
 * claimed by one instance and its players who have not answered get one reminder. Off with
 * MAINTENANCE_JOBS=false (the tests call runOnce).
 */
export default fp(
  async function availabilityReminders(app: FastifyInstance) {
    const runOnce = async (now = app.clock()) => {
      const n = await remindDue(app.db, now, (db, send) => app.productSends.send(db, send));
      if (n > 0) app.notificationWorker.wake();
      return n;
    };
    app.decorate('availabilityReminders', { runOnce });
    if (!app.config.maintenanceJobs) return;
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', () => {
      timer = setInterval(() => {
        runOnce().catch((err: unknown) =>
          app.log.error({ err: loggableError(err) }, 'availability reminders failed; tried again'),
        );
      }, CHECK_EVERY_MS);
      timer.unref();
    });
    app.addHook('preClose', () => {
      if (timer) clearInterval(timer);
    });
  },
  {
    name: 'availability-reminders',
    dependencies: ['product-sends', 'delivery-worker'],
    decorators: { fastify: ['db', 'config', 'clock'] },
  },
);
