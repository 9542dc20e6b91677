import type { FastifyBaseLogger } from 'fastify';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { connectRedis } from './redis';

/**
 * Brute-force protection for sign-in (decision 018). Every attempt takes a point before its
 * password is checked, atomically in the counter's store, so parallel attempts cannot all slip
 * past a check that has not yet counted them; a correct password gives its points back.
 * Counters: per email and address (a few), per email across all addresses (more: a spread-out
 * guess), per address (many: a shared office). They live in Redis when configured, so several
 * API instances share them; while Redis is down each instance counts in its own memory.
 */
export interface LoginThrottle {
  /** Takes one attempt; the seconds to wait if none is left (nothing is taken then), else null. */
  take(ip: string, email: string): Promise<number | null>;
  /** The password was right and the account may sign in: the attempt is given back. */
  succeeded(ip: string, email: string): Promise<void>;
  close(): Promise<void>;
}

const WINDOW_SECONDS = 15 * 60;
export const MAX_FAILS_PER_EMAIL_AND_IP = 5;
export const MAX_FAILS_PER_ACCOUNT = 10;
export const MAX_FAILS_PER_IP = 50;

export function createLoginThrottle(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
): LoginThrottle {
  const redis = redisUrl ? connectRedis(redisUrl, log, 'sign-in throttling') : null;
  const inMemory = (keyPrefix: string, points: number) =>
    new RateLimiterMemory({ keyPrefix, points, duration: WINDOW_SECONDS });
  // In Redis when configured, with the memory counter standing in while Redis is down.
  const shared = (memory: RateLimiterMemory): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: memory.keyPrefix,
          points: memory.points,
          duration: memory.duration,
          insuranceLimiter: memory,
        })
      : memory;
  const byEmailAndIpInMemory = inMemory('login_fail_email', MAX_FAILS_PER_EMAIL_AND_IP);
  const byEmailAndIp = shared(byEmailAndIpInMemory);
  const byAccount = shared(inMemory('login_fail_account', MAX_FAILS_PER_ACCOUNT));
  const byIp = shared(inMemory('login_fail_ip', MAX_FAILS_PER_IP));
  const keys = (ip: string, email: string) => {
    const account = email.toLowerCase();
    return [
      [byEmailAndIp, `${account}_${ip}`],
      [byAccount, account],
      [byIp, ip],
    ] as const;
  };

  return {
    async take(ip, email) {
      const counters = keys(ip, email);
      const results = await Promise.allSettled(
        counters.map(([limiter, key]) => limiter.consume(key)),
      );
      const refused = results.flatMap((r) =>
        r.status === 'rejected' ? [r.reason as unknown] : [],
      );
      if (refused.length === 0) return null;
      // A refused attempt is not counted anywhere, so it cannot lock out more than it was refused for.
      await Promise.all(
        counters.map(([limiter, key], i) =>
          results[i]!.status === 'fulfilled' ? limiter.reward(key) : undefined,
        ),
      );
      const error = refused.find((r) => !(r instanceof RateLimiterRes));
      if (error) throw error;
      return Math.max(
        1,
        ...refused.map((r) => Math.ceil((r as RateLimiterRes).msBeforeNext / 1000)),
      );
    },
    async succeeded(ip, email) {
      const [[emailAndIp, emailAndIpKey], ...others] = keys(ip, email);
      await Promise.all([
        emailAndIp.delete(emailAndIpKey),
        // An attempt that took its point in memory while Redis was down, and succeeded after
        // Redis came back, would otherwise stay counted there until the window ends: a few
        // such sign-ins around outages locked the account out during the next one.
        redis && byEmailAndIpInMemory.delete(emailAndIpKey),
        ...others.map(([limiter, key]) => limiter.reward(key)),
      ]);
    },
    async close() {
      redis?.disconnect();
    },
  };
}
