/**
 * `npm run seed:demo`: builds the demo organisation and its market (see seed-demo-organization.ts) in the
 * database the server uses (DATABASE_URL, else the embedded one in DATA_DIR), then prints how to
 * sign in at the address the server answers on (PUBLIC_URL, else http://localhost:PORT).
 */
import { ConfigError, loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../platform/database.ts';
import { DEMO_LOGIN, DEMO_SLUG, seedDemoOrganization } from './seed-demo-organization.ts';

async function seed(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openConfiguredDatabase(config);
  try {
    const outcome = await seedDemoOrganization(database.db, config.fxRates);
    const market =
      `${outcome.announcements} funding announcements, ${outcome.signals} market signals, ` +
      `${outcome.notifications} watchlist alerts in the bell`;
    if (outcome.created) {
      console.log(
        `Created '${DEMO_LOGIN.organizationName}' (code: ${DEMO_SLUG}): ${outcome.companies} companies, ` +
          `${outcome.deals} deals, ${outcome.watched} on the watchlist, scored against its thesis; ${market}.`,
      );
    } else if (outcome.announcements + outcome.signals + outcome.notifications > 0) {
      console.log(`'${DEMO_LOGIN.organizationName}' is already there; added its market: ${market}.`);
    } else {
      console.log(
        `'${DEMO_LOGIN.organizationName}' is already there; nothing changed (seeding never duplicates).`,
      );
    }
    console.log(
      `\n  Sign in at ${config.publicUrl}/login\n  email:    ${DEMO_LOGIN.email}\n  password: ${DEMO_LOGIN.password}\n`,
    );
  } finally {
    await database.close();
  }
}

seed().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
