import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../client';
import { media, teams } from '../schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { seedDemoRoles } from './demo';
import { seedDemoTeams } from './demo-teams';
import { seedDemoUsers } from './demo-users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoRoles(t.db);
  await seedDemoUsers(t.db);
  await seedDemoTeams(t.db, { uploadDir: t.uploadDir });
});
afterAll(() => t.close());

describe('demo teams', () => {
  it('gives every team an organizer as owner and a squad of 11 to 18 in step with players_count', async () => {
    const rows = await queryRows<{
      name: string;
      owner_role: string;
      players_count: number;
      squad: number;
      captains: number;
      keepers: number;
      jerseys: number;
      non_players: number;
    }>(
      t.db,
      sql`select t.name, r.name as owner_role, t.players_count,
            count(tp.user_id)::int as squad,
            count(*) filter (where tp.is_captain)::int as captains,
            count(*) filter (where tp.is_wicket_keeper)::int as keepers,
            count(distinct tp.jersey_number)::int as jerseys,
            count(*) filter (where pr.name <> 'player' or pu.status = 'suspended')::int as non_players
          from teams t
          join users o on o.id = t.owner_id join roles r on r.id = o.role_id
          join team_players tp on tp.team_id = t.id
          join users pu on pu.id = tp.user_id join roles pr on pr.id = pu.role_id
          group by t.id, r.name order by t.id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      expect(row.owner_role, row.name).toBe('owner');
      expect(row.squad, row.name).toBeGreaterThanOrEqual(11);
      expect(row.squad, row.name).toBeLessThanOrEqual(18);
      expect(row.players_count, row.name).toBe(row.squad);
      expect(row.jerseys, row.name).toBe(row.squad);
      expect([row.captains, row.keepers, row.non_players], row.name).toEqual([1, 1, 0]);
    }
  });

  it('writes real PNG logos into the upload store, recorded as media and served back', async () => {
    const withLogo = (await t.db.select({ url: teams.logoUrl }).from(teams)).filter((r) => r.url);
    const recorded = await t.db.select().from(media);
    expect(withLogo.length).toBeGreaterThan(0);
    expect(recorded).toHaveLength(withLogo.length);
    for (const { url } of withLogo) {
      const file = readFileSync(path.join(t.uploadDir, url!.replace('/uploads/', '')));
      expect((await fileTypeFromBuffer(file))?.mime).toBe('image/png');
      expect(file.readUInt32BE(16)).toBe(128);
      const served = await t.app.inject({ method: 'GET', url: url! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
    }
  });
});
