import { z } from 'zod';
import {
  SEARCH_KINDS,
  SEARCH_MAX_LENGTH,
  SEARCH_MESSAGES,
  SEARCH_MIN_LENGTH,
  SEARCH_PER_KIND,
  type SearchKind,
} from './search-values.ts';

/** The top bar's search request and answer; its plain values are in search-values.ts. */

export const searchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.tooShort)
    .max(SEARCH_MAX_LENGTH, SEARCH_MESSAGES.tooLong)
    .describe(
      'Part of a name (for users also the start of an email, or the first or last 3+ digits of a phone number)',
    ),
});

export const searchHit = z.object({
  _id: z.number().int().positive(),
  name: z.string(),
  /** A second line that tells same-named records apart: an email, a location, a channel. */
  detail: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHit>;

/** One array per kind the signed-in role may view; a kind it may not view is absent. */
export const searchData = z.object(
  Object.fromEntries(
    SEARCH_KINDS.map((kind) => [kind, z.array(searchHit).max(SEARCH_PER_KIND).optional()]),
  ) as Record<SearchKind, z.ZodOptional<z.ZodArray<typeof searchHit>>>,
);
export type SearchData = z.infer<typeof searchData>;
