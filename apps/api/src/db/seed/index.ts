import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { roles } from '../schema';
import { seedBase, type SeedLog } from './base';
import { seedDemoMessagingSettings, seedDemoRoles } from './demo';
import { seedDemoMatches } from './demo-matches';
import { seedDemoMessages } from './demo-messages';
import { seedDemoNotifications } from './demo-notifications';
import { seedDemoTeams } from './demo-teams';
import { seedDemoUsers } from './demo-users';
import { seedDemoWaTemplates } from './demo-wa-templates';

export interface SeedOptions {
  adminEmail: string;
  adminPassword?: string;
  demo: boolean;
  /** Where demo team logos are written; without it the demo teams have none. */
  uploadDir?: string;
}

/** Reference data on every start; demo data only on the first start of an empty database. */
export async function seed(database: Database, opts: SeedOptions, log: SeedLog) {
  await database.withLock(async (db) => {
    const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(roles);
    const firstStart = n === 0;
    await db.transaction(async (tx) => {
      await seedBase(tx, opts, log);
      if (firstStart && opts.demo) {
        await seedDemoRoles(tx);
        await seedDemoMessagingSettings(tx);
        await seedDemoUsers(tx);
        await seedDemoTeams(tx, { uploadDir: opts.uploadDir });
        await seedDemoMatches(tx);
        await seedDemoWaTemplates(tx, { uploadDir: opts.uploadDir });
        await seedDemoMessages(tx);
        await seedDemoNotifications(tx);
        log.info('Seeded demo data');
      }
    });
  });
}
