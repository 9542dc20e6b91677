/** Every teams query key starts here, so one invalidation refreshes lists, details and squads. */
export const teamKeys = {
  all: ['teams'] as const,
  list: (params: object) => ['teams', 'list', params] as const,
  detail: (id: number, params: object) => ['teams', 'detail', id, params] as const,
  available: (id: number, params: object) => ['teams', 'available', id, params] as const,
};
