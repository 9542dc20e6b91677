/** Query keys of the public preference page. */
export const unsubscribeKeys = {
  all: ['unsubscribe'] as const,
  preferences: (token: string) => ['unsubscribe', 'preferences', token] as const,
};
