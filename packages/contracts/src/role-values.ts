// Plain values with no zod behind them: the users and roles lists import these without pulling
// zod and every feature's schemas into their first screen (decision 029).

export const ROLE_STATUSES = ['active', 'inactive'] as const;

/** The roles list's sortable columns (issue 33). */
export const ROLE_SORT_KEYS = ['name', 'user_count', 'status', 'created_at'] as const;

export const ROLE_MESSAGES = {
  permissionsFetchFailed: 'Failed to load permissions',
  nameTaken: 'Role name is already in use',
  notFound: 'Role not found',
  hasUsers: 'Cannot delete role with assigned users',
  protectedDelete: 'The admin role cannot be deleted',
  protectedRename: 'The admin role cannot be renamed',
  protectedDeactivate: 'The admin role cannot be deactivated',
  protectedStrip: 'Permissions cannot be removed from the admin role',
  unknownPermission: 'One or more permissions do not exist',
  beyondOwnGrants: 'You cannot grant permissions your own role does not have',
  beyondOwnRights: 'You cannot change a role that has permissions your own role does not have',
  selfLockout: 'You cannot deactivate your own role or take back-office access from it',
  /** The screens' texts (spec §8 "Messages" and the empty states). */
  fetchFailed: 'Failed to fetch roles',
  detailsFailed: 'Failed to fetch role data',
  createFailed: 'Failed to create role',
  updateFailed: 'Failed to update role',
  deleteFailed: 'Failed to delete role',
  invalidForm: 'Please fix the validation errors before submitting',
  empty: 'No roles found',
} as const;

/** The `message` of the API's successful answers in this feature; the screens' toasts say the same. */
export const ROLE_SUCCESS = {
  activeListed: 'Active roles fetched successfully',
  listed: 'Roles fetched successfully',
  created: 'Role created successfully',
  fetched: 'Role fetched successfully',
  updated: 'Role updated successfully',
  deleted: 'Role deleted successfully',
  permissionsAssigned: 'Permissions assigned successfully',
  permissionsRemoved: 'Permissions removed successfully',
  permissionsListed: 'Permissions fetched successfully',
  /** The spec's toasts for these two end with '!', the API's answers do not. */
  createdToast: 'Role created successfully!',
  deletedToast: 'Role deleted successfully!',
} as const;
