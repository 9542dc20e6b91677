import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../client';
import { createTestApp, type TestApp } from '../../test/harness';
import { seedDemoRoles } from './demo';
import { seedDemoMatches } from './demo-matches';
import { seedDemoTeams } from './demo-teams';
import { seedDemoUsers } from './demo-users';

let t: TestApp;
const today = new Date('2026-11-23T09:00:00Z');
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoRoles(t.db);
  await seedDemoUsers(t.db);
  await seedDemoTeams(t.db, {});
  await seedDemoMatches(t.db, today);
});
afterAll(() => t.close());

describe('demo season', () => {
  it('has a completed, a live and an upcoming tournament with about 60 matches', async () => {
    const rows = await queryRows<{ status: string; matches: number; statuses: string[] }>(
      t.db,
      sql`select t.status, count(m.id)::int as matches, array_agg(distinct m.status) as statuses
          from tournaments t join matches m on m.tournament_id = t.id
          group by t.status order by t.status`,
    );
    expect(rows.map((r) => r.status)).toEqual(['completed', 'live', 'upcoming']);
    const total = rows.reduce((n, r) => n + r.matches, 0);
    expect(total).toBeGreaterThanOrEqual(55);
    expect(total).toBeLessThanOrEqual(65);
    expect(rows.find((r) => r.status === 'live')!.statuses).toContain('live');
    expect(rows.find((r) => r.status === 'upcoming')!.statuses).toEqual(['upcoming']);
  });

  it('spreads played matches over the last 8 months, scorecards from the two squads only', async () => {
    const [span] = await queryRows<{
      months: number;
      too_old: number;
      future_played: number;
      stray: number;
    }>(
      t.db,
      sql`select
            (select count(distinct date_trunc('month', scheduled_at))::int from matches
             where status in ('completed', 'live')) as months,
            (select count(*)::int from matches
             where scheduled_at < ${today.toISOString()}::timestamptz - interval '8 months') as too_old,
            (select count(*)::int from matches
             where status in ('completed', 'live') and scheduled_at > ${today.toISOString()}::timestamptz) as future_played,
            (select count(*)::int from player_stats s join matches m on m.id = s.match_id
             where s.team_id not in (m.team_a_id, m.team_b_id)
                or m.status not in ('completed', 'live')
                or not exists (select 1 from team_players tp
                               where tp.team_id = s.team_id and tp.user_id = s.user_id)) as stray`,
    );
    expect(span).toMatchObject({ too_old: 0, future_played: 0, stray: 0 });
    expect(span!.months).toBeGreaterThanOrEqual(8);
    const [cards] = await queryRows<{ n: number; posts: number }>(
      t.db,
      sql`select (select count(*)::int from player_stats) as n,
                 (select count(*)::int from community_posts) as posts`,
    );
    expect(cards!.n).toBeGreaterThan(500);
    expect(cards!.posts).toBeGreaterThanOrEqual(24);
  });
});
