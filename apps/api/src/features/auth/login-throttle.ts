import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Brute-force protection for sign-in: failed attempts count per email+IP (a few) and per IP
 * (more, for shared offices). Successful sign-ins cost nothing and clear the email's count.
 * Counters live in Redis when configured, so several API instances share them.
 */
export interface LoginThrottle {
  /** Seconds to wait when blocked, else null. */
  blockedFor(ip: string, email: string): Promise<number | null>;
  recordFailure(ip: string, email: string): Promise<void>;
  recordSuccess(ip: string, email: string): Promise<void>;
  close(): Promise<void>;
}

const WINDOW_SECONDS = 15 * 60;
const MAX_FAILS_PER_EMAIL = 5;
const MAX_FAILS_PER_IP = 50;

export function createLoginThrottle(redisUrl: string | undefined): LoginThrottle {
  const redis = redisUrl ? new Redis(redisUrl, { enableOfflineQueue: false, lazyConnect: false }) : null;
  const make = (keyPrefix: string, points: number): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: WINDOW_SECONDS })
      : new RateLimiterMemory({ keyPrefix, points, duration: WINDOW_SECONDS });
  const byEmail = make('login_fail_email', MAX_FAILS_PER_EMAIL);
  const byIp = make('login_fail_ip', MAX_FAILS_PER_IP);
  const emailKey = (ip: string, email: string) => `${email.toLowerCase()}_${ip}`;

  return {
    async blockedFor(ip, email) {
      const [e, i] = await Promise.all([byEmail.get(emailKey(ip, email)), byIp.get(ip)]);
      const waits = [
        e && e.consumedPoints >= MAX_FAILS_PER_EMAIL ? e.msBeforeNext : 0,
        i && i.consumedPoints >= MAX_FAILS_PER_IP ? i.msBeforeNext : 0,
      ];
      const ms = Math.max(...waits);
      return ms > 0 ? Math.ceil(ms / 1000) : null;
    },
    async recordFailure(ip, email) {
      await Promise.all([
        byEmail.consume(emailKey(ip, email)).catch(ignoreLimitReached),
        byIp.consume(ip).catch(ignoreLimitReached),
      ]);
    },
    async recordSuccess(ip, email) {
      await byEmail.delete(emailKey(ip, email));
    },
    async close() {
      redis?.disconnect();
    },
  };
}

function ignoreLimitReached(error: unknown) {
  if (!(error instanceof RateLimiterRes)) throw error;
}
