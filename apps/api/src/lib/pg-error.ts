/**
 * The PostgreSQL error code (SQLSTATE) behind an error, if any. drizzle wraps driver errors
 * in a DrizzleQueryError whose `cause` holds the driver's error.
 */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
