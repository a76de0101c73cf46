/**
 * Creates the demo organisation and its admin, once. Uses the same settings as the server
 * (DATABASE_URL, else the embedded database in DATA_DIR). Run: npx tsx apps/server/src/scripts/seed-demo.ts
 */
import { ConfigError, loadConfig } from '../config.ts';
import {
  createOrganizationWithAdmin,
  findOrganizationBySlug,
} from '../modules/organizations/organizations.service.ts';
import { findUserByEmail } from '../modules/users/users.service.ts';
import { openConfiguredDatabase } from '../platform/database.ts';

const DEMO = {
  organizationName: 'Demo Capital',
  organizationSlug: 'demo-capital',
  email: 'demo@atempo.local',
  password: 'demo-password-2026',
  firstName: 'Demo',
  lastName: 'Admin',
} as const;

async function seed(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openConfiguredDatabase(config);
  try {
    const organization = await findOrganizationBySlug(database.db, DEMO.organizationSlug);
    const user = await findUserByEmail(database.db, DEMO.email);
    if (organization) {
      console.log('Demo data already present; nothing changed.');
    } else if (user) {
      throw new Error(`${DEMO.email} already belongs to another organisation; remove that account first.`);
    } else {
      await createOrganizationWithAdmin(database.db, {
        organization_name: DEMO.organizationName,
        email: DEMO.email,
        password: DEMO.password,
        first_name: DEMO.firstName,
        last_name: DEMO.lastName,
        subscription_tier: 'trial',
      });
      console.log(`Created the organisation '${DEMO.organizationName}' (code: ${DEMO.organizationSlug}).`);
    }
    console.log(
      `\n  Sign in at ${config.publicUrl}/login\n  email:    ${DEMO.email}\n  password: ${DEMO.password}\n`,
    );
  } finally {
    await database.close();
  }
}

seed().catch((error) => {
  console.error(
    error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
