import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { connectRedis } from './redis';

/**
 * Requests per client address to a public route: the contact form (decision 026), the
 * unsubscribe links (decision 052). Counted in Redis when configured so every API instance
 * shares the count; in this instance's memory meanwhile.
 */
export interface AddressThrottle {
  /** Takes one request; the seconds to wait when none is left, else null. */
  take(ip: string): Promise<number | null>;
  close(): void;
}

export function createAddressThrottle(
  redisUrl: string | undefined,
  limit: { keyPrefix: string; points: number; duration: number; purpose: string },
  log: FastifyBaseLogger,
): AddressThrottle {
  const { purpose, ...options } = limit;
  const redis = redisUrl ? connectRedis(redisUrl, log, purpose) : null;
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
