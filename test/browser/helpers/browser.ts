/**
 * Debian's Chromium driven by playwright-core (no downloaded browsers: the machine is offline).
 * When it is not installed the browser tests do not run, and say why.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT } from '../../e2e/helpers/run-cli.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM_PATH);
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-artifacts/browser');

if (!chromiumAvailable) {
  console.warn(`Browser tests not run: ${CHROMIUM_PATH} is not installed (on Debian: apt-get install chromium).`);
}

/** Launches headless Chromium with everything that would reach the network turned off (plus any extra flags). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extraArgs],
  });
}

/** Saves a full-window screenshot as test-artifacts/browser/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}
