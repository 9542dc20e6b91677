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
