/** Every contact message query key starts here: one invalidation refreshes the list, counts and threads. */
export const contactKeys = {
  all: ['contact-messages'] as const,
  lists: ['contact-messages', 'list'] as const,
  list: (params: object) => ['contact-messages', 'list', params] as const,
  thread: (id: number) => ['contact-messages', 'thread', id] as const,
};
