import { sql, type SQL } from 'drizzle-orm';
import { optedOut } from '../../lib/consent';

/**
 * Whether user `u` has opted out of WhatsApp as a whole (an inbound STOP): the consent rule of
 * lib/consent.ts for no topic. Read at enqueue and again by the worker (decision 045).
 */
export const OPTED_OUT_OF_WHATSAPP = optedOut(sql`'whatsapp'`, sql`null::int`);

/** Whether the WhatsApp template of a send (its `wa_template_id`) is paused by Meta. */
export const templatePaused = (waTemplateId: SQL) =>
  sql`exists (select 1 from wa_templates t where t.id = ${waTemplateId} and t.status = 'paused')`;

/** The same, for a send aliased `s`. */
export const TEMPLATE_PAUSED = templatePaused(sql`s.wa_template_id`);
