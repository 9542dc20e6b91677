import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTECTED_ROLE_ID } from '@cricket/contracts';
import { openPglite, type Database } from '../client';
import { runMigrations } from '../migrate';
import { users } from '../schema';
import { seed } from '.';

let database: Database;
beforeAll(async () => {
  database = await openPglite(null);
  await runMigrations(database);
});
afterAll(() => database.close());

const quiet = { info() {}, warn() {} };
const start = (adminEmail: string) =>
  seed(database, { adminEmail, adminPassword: 'Admin@12345', demo: false }, quiet);
const admins = async () =>
  (
    await database.db
      .select({
        email: users.email,
        phone: users.phoneNumber,
        role: users.roleId,
        hash: users.passwordHash,
      })
      .from(users)
  ).sort((a, b) => a.phone.localeCompare(b.phone));

describe('starting on an existing database', () => {
  it('is idempotent, and another ADMIN_EMAIL adds that administrator instead of crashing', async () => {
    await start('first@cricket.local');
    const once = await admins();
    await start('first@cricket.local');
    expect(await admins()).toEqual(once);

    await start('second@cricket.local');
    const after = await admins();
    expect(after.map((a) => [a.email, a.phone, a.role])).toEqual([
      ['first@cricket.local', '9000000001', PROTECTED_ROLE_ID],
      ['second@cricket.local', '9000000002', PROTECTED_ROLE_ID],
    ]);
    // The first administrator is left as it was.
    expect(after[0]).toEqual(once[0]);

    await start('second@cricket.local');
    expect(await admins()).toEqual(after);
  });
});
