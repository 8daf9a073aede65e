/**
 * `npm run seed`: brings the database up to date and adds the demo data that is missing. Idempotent.
 */
import { loadConfig } from '../src/server/config';
import { PasswordHasher } from '../src/server/platform/auth/password-hasher';
import { systemClock } from '../src/server/platform/clock';
import { openDatabase } from '../src/server/platform/db/open-database';
import { prepareDatabase } from '../src/server/prepare-database';
import { demoUsersTable } from '../src/server/seed/demo-users-table';
import { seedDemoData } from '../src/server/seed/seed-demo-data';

const config = loadConfig();
const db = await openDatabase(config);
try {
  await prepareDatabase(db);
  const report = await seedDemoData({ db, clock: systemClock, passwords: new PasswordHasher(config.passwordHashing) });
  console.log(`Seeded: ${report.tenantsCreated} tenant(s) and ${report.usersCreated} user(s) created.\n`);
  console.log(demoUsersTable());
} finally {
  await db.destroy();
}
