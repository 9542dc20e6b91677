import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { claimRun, finishRun, removeExpired } from '../lib/retention';
import { loggableError } from '../lib/pg-error';

/** How often an instance looks whether today's run is still to be done. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** The run starts at the first look after this hour (UTC): the quiet end of the night. */
const RUN_FROM_HOUR_UTC = 2;

declare module 'fastify' {
  interface FastifyInstance {
    maintenance: {
      /** Runs today's retention now if no instance has yet; answers what it removed, or null. */
      runRetention(now?: Date): Promise<Record<string, number> | null>;
    };
  }
}

/**
 * The nightly jobs (decision 048): every instance looks once an hour, and the first to claim
 * the day (a unique row in retention_runs) removes what is past its retention, in batches,
 * and records what it removed. Off with MAINTENANCE_JOBS=false (the tests).
 */
export default fp(
  async function maintenance(app: FastifyInstance) {
    const { config } = app;

    async function runRetention(now = new Date()) {
      const id = await claimRun(app.db, config.retention, now);
      if (id === null) return null;
      const removed = await removeExpired(app.db, config.retention, now);
      await finishRun(app.db, id, removed);
      app.log.info({ removed, retention: config.retention }, 'retention: removed expired records');
      return removed;
    }
    app.decorate('maintenance', { runRetention });

    if (!config.maintenanceJobs) return;
    let timer: NodeJS.Timeout | null = null;
    const check = () => {
      if (new Date().getUTCHours() < RUN_FROM_HOUR_UTC) return;
      runRetention().catch((err: unknown) =>
        app.log.error({ err: loggableError(err) }, 'retention run failed; tried again tomorrow'),
      );
    };
    app.addHook('onReady', () => {
      timer = setInterval(check, CHECK_EVERY_MS);
      timer.unref();
    });
    app.addHook('preClose', () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'maintenance', decorators: { fastify: ['db', 'config'] } },
);
