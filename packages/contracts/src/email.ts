import { z } from 'zod';

// Its own small module: the sign-in screen imports it (through login.ts) without the rest.

/**
 * An address a mail server takes: zod's email rule, but with every domain label starting and
 * ending with a letter or digit and at most 63 long (RFC 1035), as SMTP servers require.
 */
const EMAIL_ADDRESS =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
/** Every email field's rule; the OpenAPI document carries its format and pattern. */
export const emailAddress = (message: string) =>
  z.email({ pattern: EMAIL_ADDRESS, error: message });
