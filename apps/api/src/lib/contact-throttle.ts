import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { CONTACT_RATE_WINDOW_SECONDS } from '@cricket/contracts';
import { connectRedis } from './redis';

/**
 * Messages per client address through the public form (decision 026). Counted in Redis when
 * configured so every API instance shares the count; in this instance's memory meanwhile.
 */
export interface ContactThrottle {
  /** Takes one message; the seconds to wait when none is left, else null. */
  take(ip: string): Promise<number | null>;
  close(): void;
}

export function createContactThrottle(
  redisUrl: string | undefined,
  points: number,
  log: FastifyBaseLogger,
): ContactThrottle {
  const redis = redisUrl ? connectRedis(redisUrl, log, 'contact form rate limiting') : null;
  const options = {
    keyPrefix: 'contact_ip',
    points,
    duration: CONTACT_RATE_WINDOW_SECONDS,
  };
  const memory = new RateLimiterMemory(options);
  const limiter = redis
    ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory })
    : memory;
  return {
    async take(ip) {
      try {
        await limiter.consume(ip);
        return null;
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        return Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
      }
    },
    close() {
      redis?.disconnect();
    },
  };
}
