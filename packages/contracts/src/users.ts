import { z } from 'zod';
import { paginationQuery, optionalText } from './common.ts';

/** Spec §3 "Owner/organizer user": the people a team owner is picked from. */
export const organizer = z.object({
  id: z.number().int(),
  phone_number: z.string(),
  details: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }),
});
export type Organizer = z.infer<typeof organizer>;

export const organizersQuery = paginationQuery.extend({
  search: optionalText,
  organizer_id: z.coerce.number().int().positive().optional(),
});

/** The role whose users may own teams and organise tournaments. */
export const ORGANIZER_ROLE = 'owner';
