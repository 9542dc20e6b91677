import { sql, type SQL } from 'drizzle-orm';
import type { AudienceDefinition, AudienceRule } from '@cricket/contracts';

/**
 * A saved audience's rules as one condition on user `u` (issue 36, decision 073): the live
 * count, a send to the audience and its scheduled expansion all read this, so the count a
 * person sees is the number the send reaches before consent and addresses are weighed.
 *
 * Each rule is a membership test written as `u.id in (…)` or a plain column test: inside 'all'
 * the planner makes semi-joins of them, inside 'any' hashed subplans, each set built once, so
 * a count over a million users never probes row by row.
 */
function ruleSql(rule: AudienceRule): SQL {
  switch (rule.field) {
    case 'role':
      return sql`u.role_id = ${rule.role_id}`;
    case 'status':
      return sql`u.status = ${rule.status}`;
    case 'team':
      return sql`u.id in (select tp.user_id from team_players tp where tp.team_id = ${rule.team_id})`;
    case 'tournament':
      return sql`u.id in (select tp.user_id from team_players tp
        join tournament_teams tt on tt.team_id = tp.team_id
        where tt.tournament_id = ${rule.tournament_id})`;
    case 'availability':
      return sql`u.id in (select a.user_id from availability a
        where a.match_id = ${rule.match_id} and a.status = ${rule.answer})`;
    case 'age': {
      // Whole years on the server's date: at least `min` means born on or before today − min
      // years; at most `max` means born after today − (max + 1) years.
      const bounds: SQL[] = [];
      if (rule.min !== null)
        bounds.push(
          sql`u.date_of_birth <= (current_date - make_interval(years => ${rule.min}::int))::date`,
        );
      if (rule.max !== null)
        bounds.push(
          sql`u.date_of_birth > (current_date - make_interval(years => ${rule.max + 1}::int))::date`,
        );
      return sql.join(bounds, sql` and `);
    }
    case 'topic': {
      // The consent rule of lib/consent.ts, as sets: of a person's rows on the channel for this
      // topic or for every topic, the newest decides; with none, the topic's default does.
      const decided = sql`(select distinct on (mc.user_id) mc.user_id, mc.subscribed
        from messaging_consents mc
        where mc.channel = ${rule.channel}
          and (mc.topic_id is null or mc.topic_id = ${rule.topic_id})
        order by mc.user_id, mc.id desc)`;
      return sql`case when coalesce((select mt.default_subscribed from messaging_topics mt
          where mt.id = ${rule.topic_id}), true)
        then u.id not in (select d.user_id from ${decided} d where not d.subscribed)
        else u.id in (select d.user_id from ${decided} d where d.subscribed) end`;
    }
  }
}

/** Whether user `u` is in the audience; a negated rule holds for everyone it does not match. */
export function audienceWhere(definition: Pick<AudienceDefinition, 'match' | 'rules'>): SQL {
  const rules = definition.rules.map((rule) => {
    const test = ruleSql(rule);
    // A person a rule cannot judge (no birth date: null) is outside it, and so inside its
    // negation. A plain rule stays bare, so inside 'all' the planner can join on its set.
    return rule.not ? sql`not coalesce((${test}), false)` : sql`(${test})`;
  });
  return sql`(${sql.join(rules, definition.match === 'any' ? sql` or ` : sql` and `)})`;
}

/** The people an audience holds now: everyone its rules match whose data was not erased. */
export const audienceMembers = (definition: Pick<AudienceDefinition, 'match' | 'rules'>) =>
  sql`select u.id from users u where ${audienceWhere(definition)} and u.erased_at is null`;
