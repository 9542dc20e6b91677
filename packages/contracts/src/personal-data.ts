import { z } from 'zod';
import { user } from './users.ts';

/**
 * A person's data on request and forgotten on request (issue 34, decision 055): the export's
 * document, the erasure's confirmation and every text of both.
 */

/** What an erased value reads as wherever a record keeps its place (the audit trail). */
export const ERASED_VALUE = '[erased]';
/** The name an erased user goes by: the lists and the activity log show it. */
export const erasedUserName = (id: number) => `Erased user #${id}`;
/** The file the export is saved as. */
export const personalDataFileName = (id: number) => `personal-data-user-${id}.json`;

const nullableText = z.string().nullable();
const time = z.string();
const nullableTime = z.string().nullable();

/** An audit record's `{ field: { before, after } }`, values as recorded. */
const recordedChanges = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));

export const personalDataExport = z.object({
  format: z.literal('cricket-admin/personal-data/1'),
  exported_at: time,
  /** The account as the users API answers it, the picture's URL inside its details. */
  profile: user,
  picture: z
    .object({ url: z.string(), file_name: nullableText, content_type: nullableText })
    .nullable(),
  teams_owned: z.array(
    z.object({ id: z.number().int(), name: z.string(), location: z.string(), created_at: time }),
  ),
  squads: z.array(
    z.object({
      team_id: z.number().int(),
      team_name: z.string(),
      player_name: nullableText,
      player_role: nullableText,
      batting_style: nullableText,
      bowling_style: nullableText,
      jersey_number: z.number().int().nullable(),
      is_captain: z.boolean(),
      is_wicket_keeper: z.boolean(),
      added_at: time,
    }),
  ),
  community_posts: z.array(z.object({ id: z.number().int(), body: z.string(), created_at: time })),
  sessions: z.array(
    z.object({
      device_name: nullableText,
      device_type: nullableText,
      ip: nullableText,
      user_agent: nullableText,
      created_at: time,
      last_used_at: time,
      expires_at: time,
      revoked_at: nullableTime,
    }),
  ),
  /** Every change of consent, oldest first: the latest per channel and topic is the state. */
  messaging_consents: z.array(
    z.object({
      channel: z.string(),
      topic: nullableText,
      subscribed: z.boolean(),
      source: z.string(),
      address: nullableText,
      reason: nullableText,
      created_at: time,
    }),
  ),
  suppressions: z.array(
    z.object({
      channel: z.string(),
      address: z.string(),
      reason: z.string(),
      detail: nullableText,
      created_at: time,
      removed_at: nullableTime,
      removal_reason: nullableText,
    }),
  ),
  /** Every message addressed to them, its text filled in as it was for them. */
  deliveries: z.array(
    z.object({
      channel: z.string(),
      address: nullableText,
      subject: nullableText,
      message: z.string(),
      status: z.string(),
      error: nullableText,
      created_at: time,
      sent_at: nullableTime,
      delivered_at: nullableTime,
      read_at: nullableTime,
    }),
  ),
  contact_messages: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      phone_number: nullableText,
      company: nullableText,
      subject: z.string(),
      message: z.string(),
      created_at: time,
      replies: z.array(
        z.object({
          subject: z.string(),
          body: z.string(),
          status: z.string(),
          created_at: time,
          sent_at: nullableTime,
        }),
      ),
    }),
  ),
  /** Records whose subject is this person, with their values; by_self when they made it. */
  audit_about_them: z.array(
    z.object({
      action: z.string(),
      created_at: time,
      by_self: z.boolean(),
      changes: recordedChanges,
    }),
  ),
  /** What they did to other records: what and when, never the other records' values. */
  audit_by_them: z.array(
    z.object({
      action: z.string(),
      entity_type: z.string(),
      entity_id: z.number().int(),
      created_at: time,
    }),
  ),
});
export type PersonalDataExport = z.infer<typeof personalDataExport>;
export const personalDataData = z.object({ personal_data: personalDataExport });

export const PERSONAL_DATA_MESSAGES = {
  confirmMismatch: "The confirmation must be the user's email address",
  selfErase: 'You cannot erase your own personal data',
  ownsTeam:
    'This user owns a team. Assign the team to another owner or delete it before erasing the user.',
  lastAdmin:
    'This user is the last active administrator. Give another user the administrator role before erasing them.',
  alreadyErased: "This user's personal data has been erased already",
  /** On an erased user's profile, where Edit and Erase were. */
  erasedNote: (when: string) =>
    `This user's personal data was erased on ${when}. The account stays, without it, so the activity log keeps its place.`,
  /** The screens' texts. */
  downloadLabel: 'Download personal data',
  eraseLabel: 'Erase personal data',
  exportFailed: 'Failed to download the personal data',
  eraseFailed: 'Failed to erase the personal data',
  eraseTitle: (name: string) => `Erase ${name}'s personal data?`,
  eraseDescription:
    'Their profile, picture, sessions, squad places, messages and contact messages are removed for good, and their values in the activity log read [erased]. Who did what and when stays. Their email and phone are kept only as hashes, so no message reaches them again. This cannot be undone.',
  eraseConfirmLabel: (email: string) => `Type ${email} to confirm`,
} as const;

export const PERSONAL_DATA_SUCCESS = {
  exported: 'Personal data exported successfully',
  erased: (id: number) => `Personal data erased: the user is now ${erasedUserName(id)}`,
} as const;

/** POST /api/users/{id}/erase: the person's current email, typed to confirm. */
export const eraseUserBody = z.object({
  confirm: z
    .string({ error: PERSONAL_DATA_MESSAGES.confirmMismatch })
    .trim()
    .min(1, PERSONAL_DATA_MESSAGES.confirmMismatch)
    .max(254, PERSONAL_DATA_MESSAGES.confirmMismatch)
    .meta({
      description:
        "The user's current email address, in any case; any other text is refused with 400 and erases nothing.",
    }),
});
export type EraseUserBody = z.infer<typeof eraseUserBody>;
export const erasedUserData = z.object({ user });
