// Debian's Chromium (/usr/bin/chromium) through playwright-core, as the browser tests start it: a
// fresh profile directory per browser, headless, no network of its own beyond the pages' origin.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(resolve(here, '../../main/pages/package.json'));
const { chromium } = require('playwright-core');

export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The viewport of a phone (the point-of-sale pages' screens). */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/**
 * A Chromium on a fresh profile with {@code extra} flags and the context {@code options} (PHONE,
 * or a desktop viewport); {@code close()} ends it and removes the profile.
 */
export async function launch(extra, options) {
  const dir = mkdtempSync(join(tmpdir(), 'pages-chromium-'));
  const browser = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...FLAGS, ...extra],
    ...options,
  });
  return {
    browser,
    dir,
    close: async () => {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Logs the scanner page {@code till} in with {@code pin} (the store id already filled in) and
 * answers what the staff see: the title and the store's tier table.
 */
export async function tillLogin(till, pin) {
  await till.fill('#pin', pin);
  await till.click('#login-button');
  await till.waitForSelector('#scan:not(.hidden)');
  await till.click('#store-offer summary');
  return { title: await till.textContent('#title'), tiers: await till.textContent('#store-tiers') };
}
