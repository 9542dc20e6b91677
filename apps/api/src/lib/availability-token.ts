import {
  AVAILABILITY_ANSWERS,
  AVAILABILITY_LINK_VARIABLES,
  availabilityPagePath,
} from '@cricket/contracts';
import { openPayload, signPayload } from './signed-token';

/**
 * The availability token (issue 36): 9 bytes naming the fixture and the person, signed as the
 * unsubscribe token is (signed-token.ts; 34 characters). It names no answer: the link's `answer` only
 * preselects one on the page, where the person confirms it.
 */
export interface AvailabilityTarget {
  matchId: number;
  userId: number;
}

const VERSION = 1;
const PAYLOAD_BYTES = 9;

export function signAvailabilityToken(secret: string, t: AvailabilityTarget) {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload.writeUInt8(VERSION, 0);
  payload.writeUInt32BE(t.matchId, 1);
  payload.writeUInt32BE(t.userId, 5);
  return signPayload(secret, payload);
}

/** What a token names, or null for anything this server did not sign exactly so. */
export function readAvailabilityToken(secret: string, token: string): AvailabilityTarget | null {
  const payload = openPayload(secret, token, PAYLOAD_BYTES);
  if (!payload) return null;
  const matchId = payload.readUInt32BE(1);
  const userId = payload.readUInt32BE(5);
  if (payload.readUInt8(0) !== VERSION || matchId === 0 || userId === 0) return null;
  return { matchId, userId };
}

export interface AvailabilityLinks {
  read(token: string): AvailabilityTarget | null;
  /** The message variables of one person's links: `{{available_link}}` and the others. */
  variables(target: AvailabilityTarget): Record<string, string>;
  /** An address in the app on the same base, for a message pointing a selector at a screen. */
  url(path: string): string;
}

export function createAvailabilityLinks(secret: string, publicUrl: string): AvailabilityLinks {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    read: (token) => readAvailabilityToken(secret, token),
    variables(target) {
      const page = `${base}${availabilityPagePath(signAvailabilityToken(secret, target))}`;
      return Object.fromEntries(
        AVAILABILITY_ANSWERS.map((a) => [AVAILABILITY_LINK_VARIABLES[a], `${page}?answer=${a}`]),
      );
    },
    url: (path) => `${base}${path}`,
  };
}
