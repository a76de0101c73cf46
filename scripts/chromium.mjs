// Finds the Chromium that Playwright drives. Browsers are never downloaded: Debian's package is
// installed when we run as root, otherwise the user is told how to get one.
import { existsSync } from 'node:fs';
import { commandExists, run } from './lib.mjs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function findChromium() {
  if (process.env.CHROMIUM_PATH)
    return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

export async function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH points at ${process.env.CHROMIUM_PATH}, which does not exist.`);
  }
  if (process.getuid?.() === 0 && commandExists('apt-get')) {
    console.log('Chromium is missing; installing Debian’s chromium package...');
    if (
      (await run('apt-get', ['update', '-qq'])) !== 0 ||
      (await run('apt-get', ['install', '-y', '-qq', 'chromium'])) !== 0
    ) {
      throw new Error('apt-get could not install chromium.');
    }
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    'The end-to-end tests need Chromium. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}
