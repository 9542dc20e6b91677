import { z } from 'zod';
import { emailAddress } from './email.ts';

/**
 * Spec §5 Login. Its own module, imported by path (`@cricket/contracts/login`), so the sign-in
 * screen takes zod and these rules only, not every feature's contracts.
 */
export const loginForm = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .check(emailAddress('Please enter a valid email')),
  password: z
    .string()
    .min(1, { error: 'Password is required', abort: true })
    .min(6, 'Password must be at least 6 characters'),
});
export type LoginForm = z.infer<typeof loginForm>;
