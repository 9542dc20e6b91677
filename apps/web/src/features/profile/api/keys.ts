/** The account page's own queries (the signed-in profile itself is lib/session's). */
export const accountKeys = {
  all: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
  sessionsPage: (params: object) => ['account', 'sessions', params] as const,
};
