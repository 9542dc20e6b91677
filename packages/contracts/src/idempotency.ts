// Plain values with no zod behind them: the web's HTTP client imports them (decision 036).

/**
 * The request header that makes a POST safe to retry (IETF draft "The Idempotency-Key HTTP
 * Header Field"): a string the client generates once per action, such as a UUID.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A key is 1 to this many visible ASCII characters (an sf-string's quotes are not counted). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Printable ASCII, inner spaces allowed, none at either end; the OpenAPI document carries it. */
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(
  `^[\\x21-\\x7e](?:[\\x20-\\x7e]{0,${IDEMPOTENCY_KEY_MAX_LENGTH - 2}}[\\x21-\\x7e])?$`,
);

/** How long a key is remembered: a retry within this window gets the first answer again. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * The status of a retry whose first request was carried out (its write committed) but whose
 * answer was lost with the connection, so it cannot be given again.
 */
export const IDEMPOTENCY_DONE_EARLIER_STATUS = 412;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters, such as a UUID`,
  inFlight:
    'A request with this Idempotency-Key is still being processed. Please try again in a moment.',
  keyReused:
    'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
  doneEarlier: 'This was already saved by an earlier attempt, whose answer was lost.',
} as const;
