import type { SearchHit, SearchKind } from '@cricket/contracts';
import { recordPathHref, recordViewHref } from '@/lib/record-route';

/**
 * Where a found record opens: its own page where it has one, else its list filtered to its
 * name (roles and notification templates open in panels of their lists).
 */
export const RECORD_HREF: Record<SearchKind, (hit: SearchHit) => string> = {
  users: (hit) => recordViewHref('/users', hit._id),
  teams: (hit) => recordViewHref('/teams', hit._id),
  roles: (hit) => `/roles?name=${encodeURIComponent(hit.name)}`,
  wa_templates: (hit) => recordPathHref('/wa/templates/view/:id', hit._id),
  notification_templates: (hit) => `/notification-templates?name=${encodeURIComponent(hit.name)}`,
  email_templates: (hit) => recordPathHref('/email-templates/:id', hit._id),
};
