// `npm run test:e2e`: Playwright alone, against the already built SPA.
import { ensureChromium } from './chromium.mjs';
import { run } from './lib.mjs';

const chromium = await ensureChromium();
const code = await run(
  'npx',
  ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)],
  {
    env: { ...process.env, CHROMIUM_PATH: chromium },
  },
);
process.exit(code);
