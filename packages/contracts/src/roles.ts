import { z } from 'zod';

/** `GET /roles/active`: the roles a user can be given (role pickers and filters). */
export const activeRole = z.object({ id: z.number().int(), name: z.string() });
export type ActiveRole = z.infer<typeof activeRole>;
