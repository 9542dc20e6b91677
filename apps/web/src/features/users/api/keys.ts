/** Every users query key starts here: one invalidation of `lists` refreshes every page. */
export const userKeys = {
  all: ['users'] as const,
  lists: ['users', 'list'] as const,
  list: (params: object) => ['users', 'list', params] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  preferences: (id: number) => ['users', 'preferences', id] as const,
};
