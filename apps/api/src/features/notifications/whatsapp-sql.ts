import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether user `u` has opted out of WhatsApp: the latest consent row for the channel as a whole
 * (topic null) says not subscribed. Read at enqueue and again by the worker (decision 045).
 */
export const OPTED_OUT_OF_WHATSAPP = sql`coalesce((
  select not mc.subscribed from messaging_consents mc
  where mc.user_id = u.id and mc.channel = 'whatsapp' and mc.topic_id is null
  order by mc.id desc limit 1), false)`;

/** Whether the WhatsApp template of a send (its `wa_template_id`) is paused by Meta. */
export const templatePaused = (waTemplateId: SQL) =>
  sql`exists (select 1 from wa_templates t where t.id = ${waTemplateId} and t.status = 'paused')`;

/** The same, for a send aliased `s`. */
export const TEMPLATE_PAUSED = templatePaused(sql`s.wa_template_id`);
