// Owned by lib: the users feature reads the active roles a role save refreshes.
export { roleKeys } from '@/lib/query-keys';
