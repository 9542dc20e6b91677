import { afterAll, beforeAll, describe, it } from 'vitest';
import { roles, teams, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { expectVersioned } from '../test/record-version';

/** Issue 33, edit conflicts (decision 059): every versioned record, the same checks. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

describe('edit conflicts', () => {
  it('teams', async () => {
    const [role] = await t.db.insert(roles).values({ name: 'owner' }).returning();
    const [owner] = await t.db
      .insert(users)
      .values({
        firstName: 'Olivia',
        lastName: 'Owner',
        email: 'olivia@conflicts.test',
        phoneNumber: '8800000101',
        roleId: role!.id,
        status: 'verified',
      })
      .returning();
    const [team] = await t.db
      .insert(teams)
      .values({ name: 'Mavericks', location: 'Mumbai', teamInitials: 'MUM', ownerId: owner!.id })
      .returning();
    await expectVersioned(t, token, {
      url: `/api/teams/${team!.id}`,
      edit: (n) => ({
        name: `Mavericks ${n}`,
        location: 'Mumbai',
        team_initials: 'MUM',
        is_active: true,
        add_me: false,
        owner_id: owner!.id,
      }),
    });
  });
});
