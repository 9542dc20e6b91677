/** Every suppression list query key starts here, so one invalidation refreshes every page. */
export const suppressionKeys = {
  all: ['suppressions'] as const,
  list: (params: object) => ['suppressions', 'list', params] as const,
};
