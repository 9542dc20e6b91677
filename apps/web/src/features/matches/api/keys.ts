/** Every matches query key starts here, so one invalidation refreshes lists and tournaments. */
export const matchKeys = {
  all: ['matches'] as const,
  list: (params: object) => ['matches', 'list', params] as const,
  tournaments: ['matches', 'tournaments'] as const,
};
