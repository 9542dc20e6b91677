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

/** The users list's sortable columns (issue 33), each read from an index (issue 35). */
export const USER_SORT_KEYS = ['name', 'email', 'phone_number', 'created_at'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

/** Messages of the API's refusals, named so tests and screens can rely on them. */
export const USER_ERRORS = {
  notFound: 'User not found',
  emailTaken: 'Email is already in use',
  phoneTaken: 'Phone number is already in use',
  selfDelete: 'You cannot delete your own account',
  selfLockout: 'You cannot suspend yourself or give yourself a role that cannot sign in',
  hasMatchHistory:
    'This user has match history. Players with scorecards cannot be deleted; suspend the account instead.',
  ownsTeam:
    'This user owns a team. Assign the team to another owner or delete it before deleting the user.',
  roleUnavailable: 'The selected role does not exist or is inactive',
  beyondOwnRights: 'You cannot manage a user whose role has permissions you do not have',
  /** The screens' texts (spec §8 "Messages" and the empty states). */
  fetchFailed: 'Error fetching users',
  createFailed: 'Failed to create user',
  updateFailed: 'Failed to update user',
  deleteFailed: 'Error deleting user',
  passwordFailed: 'Failed to update password',
  loadFailed: 'Failed to load the user',
  loadFailedHint: 'Please check your connection and try again.',
  empty: 'No users found',
} as const;

/** The `message` of the API's successful answers in this feature; the screens' toasts say the same. */
export const USER_SUCCESS = {
  listed: 'Users fetched successfully',
  organizersListed: 'Organizers fetched successfully',
  fetched: 'User fetched successfully',
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  passwordUpdated: 'Password updated successfully',
} as const;
