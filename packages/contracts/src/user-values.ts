// Plain values with no zod behind them: the users list and the shell's user menu import these
// without pulling zod and every feature's schemas into their download (decision 029).

/** Spec §4: admins set these on create and edit; create defaults to pending. */
export const USER_STATUSES = ['pending', 'verified', 'suspended'] as const;
/** The list filter also offers `initiated`, a status older accounts may still carry. */
export const USER_FILTER_STATUSES = [...USER_STATUSES, 'initiated'] as const;
export type UserStatus = (typeof USER_FILTER_STATUSES)[number];
export const GENDERS = ['Male', 'Female', 'Other'] as const;

/** Spec §2: the list and profile show this when a user has neither name. */
export const UNKNOWN_USER = 'Unknown User';
/**
 * The one full-name formatter: first and last name, or `fallback` when neither is set (the
 * API stores null where the screens show 'Unknown User').
 */
export function fullName<F = typeof UNKNOWN_USER>(
  details: { first_name: string | null; last_name: string | null },
  fallback: F = UNKNOWN_USER as F,
): string | F {
  return [details.first_name, details.last_name].filter(Boolean).join(' ').trim() || fallback;
}
