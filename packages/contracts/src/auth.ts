import { z } from 'zod';
import { loginForm } from './login.ts';
import { permissionName } from './permissions.ts';

export const deviceInfo = z.object({
  name: z.string().trim().max(120).default('Unknown Device'),
  type: z.string().trim().max(40).default('desktop'),
});
export type DeviceInfo = z.infer<typeof deviceInfo>;

export const loginBody = loginForm.extend({
  device_info: deviceInfo.default({ name: 'Unknown Device', type: 'desktop' }),
  remember: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginData = z.object({ token: z.string(), expires_at: z.string() });

export const LOGIN_FAILED_MESSAGE = 'Invalid email or password';
export const LOGIN_THROTTLED_MESSAGE = 'Too many login attempts. Please try again later.';

/** The signed-in user (spec §3 "Logged-in user") plus the role's permission names. */
export const profileUser = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone_number: z.string(),
  profile_picture: z.string().nullable(),
  created_at: z.string(),
  role: z.object({ id: z.number().int(), name: z.string() }),
  permissions: z.array(permissionName),
});
export type ProfileUser = z.infer<typeof profileUser>;

/** Session lifetimes: 1 day, or 7 days with remember (spec §9). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_SESSION_TTL_MS = 7 * SESSION_TTL_MS;

/** The `message` of the API's successful answers in this feature. */
export const AUTH_SUCCESS = {
  signedIn: 'Login successful',
  profileFetched: 'Profile fetched successfully',
  signedOut: 'Logged out successfully',
} as const;
