/** Every email template query key starts here, so one invalidation refreshes lists and details. */
export const emailTemplateKeys = {
  all: ['email-templates'] as const,
  list: (params: object) => ['email-templates', 'list', params] as const,
  detail: (id: number) => ['email-templates', 'detail', id] as const,
};
