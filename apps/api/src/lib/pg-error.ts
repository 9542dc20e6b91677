/**
 * The PostgreSQL error code (SQLSTATE) behind an error, if any. drizzle wraps driver errors
 * in a DrizzleQueryError whose `cause` holds the driver's error.
 */
export function pgErrorCode(err: unknown): string | undefined {
  return pgRefusal(err).code;
}

/** The PostgreSQL refusal behind an error: its SQLSTATE and, for a constraint, the constraint's name. */
export function pgRefusal(err: unknown): { code?: string; constraint?: string } {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return {};
}

/**
 * Rethrows a database refusal as the client error a feature gives it (`as` answers undefined
 * for refusals it does not know); anything else is rethrown as it is, for the error handler.
 * A concurrent write can slip past a rule's pre-check: the constraint then has the last word.
 */
export function rethrowRefusal(
  err: unknown,
  as: (refusal: { code?: string; constraint?: string }) => Error | undefined,
): never {
  throw as(pgRefusal(err)) ?? err;
}

/** Socket failures of a connection to the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that is going away or not there yet: class 08 (connection
 * exception), 57P01–57P03 (shut down, crashed, cannot connect now), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** What pg and pg-pool throw without a code when a connection ends or never comes. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|Client was closed|timeout exceeded when trying to connect|Connection ended/i;

/** True when an error means the database could not be reached, rather than that a query was wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/**
 * An error as it may be logged: a failed query keeps its SQL text and the server's code, never
 * the parameter values (passwords, personal data). The server quotes an offending value in its
 * message and `detail`: the detail is dropped and quoted parts of the message are masked (the
 * constraint, table and column are logged on their own).
 */
export function loggableError(err: unknown): unknown {
  if (!err || typeof err !== 'object' || !('params' in err) || !('query' in err)) return err;
  const { query, cause, stack } = err as { query: unknown; cause?: unknown; stack?: string };
  const c = (cause ?? {}) as Record<string, unknown>;
  return {
    type: 'DrizzleQueryError',
    message: `Failed query: ${String(query)}`,
    // The stack's first lines repeat the message, parameters included.
    stack: stack
      ?.split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
    cause: {
      message: typeof c.message === 'string' ? c.message.replace(/"[^"]*"/g, '"…"') : undefined,
      code: c.code,
      severity: c.severity,
      constraint: c.constraint,
      table: c.table,
      column: c.column,
      routine: c.routine,
    },
  };
}
