import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * A Redis connection for shared counters whose outages are logged once each way, never
 * thrown at the process. `purpose` names what falls back to per-instance counting meanwhile.
 */
export function connectRedis(url: string, log: FastifyBaseLogger, purpose: string) {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err },
      `Redis unavailable: ${purpose} counts in this instance only until it returns`,
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`Redis is back: ${purpose} is shared again`);
  });
  return redis;
}
