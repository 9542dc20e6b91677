/** Every teams query key starts here, so one invalidation refreshes lists, details and squads. */
export const teamKeys = {
  all: ['teams'] as const,
  list: (params: object) => ['teams', 'list', params] as const,
  detail: (id: number, params: object) => ['teams', 'detail', id, params] as const,
  available: (id: number, params: object) => ['teams', 'available', id, params] as const,
  // These two sit outside 'teams': a team save changes neither the people who may own a team
  // nor the reference lists (they change only with a deployment).
  organizers: (params: object) => ['organizers', params] as const,
  dropdown: (category: string) => ['dropdown', category] as const,
};
