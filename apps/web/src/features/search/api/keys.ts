/** Every search query key starts here. */
export const searchKeys = {
  all: ['search'] as const,
  results: (q: string) => ['search', q] as const,
};
