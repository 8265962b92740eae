/**
 * Debian's Chromium driven by playwright-core (no downloaded browsers: the machine is offline).
 * When it is not installed the browser tests do not run and say why; under CI (the `CI`
 * variable set) a missing browser fails the run instead, so a green CI run means they ran.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT } from '../../e2e/helpers/run-cli.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-artifacts/browser');

/** Whether the browser tests run here, and why not when they do not. */
export type ChromiumCheck = { run: true } | { run: false; reason: string };

/** True when `CI` is set to anything but an explicit no (`false`, `0`). */
function inCi(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env['CI']?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}

/** Decides whether the browser tests run; throws when CI is set and Chromium is missing. */
export function checkChromium(env: Readonly<Record<string, string | undefined>>, installed: boolean): ChromiumCheck {
  if (installed) return { run: true };
  const reason = `${CHROMIUM_PATH} is not installed (on Debian: apt-get install chromium)`;
  if (inCi(env)) throw new Error(`Browser tests must run when CI is set, but ${reason}.`);
  return { run: false, reason };
}

export const chromiumCheck = checkChromium(process.env, existsSync(CHROMIUM_PATH));
export const chromiumAvailable = chromiumCheck.run;

if (!chromiumCheck.run) {
  console.warn(`Browser tests skipped: ${chromiumCheck.reason}. Set CI to make this a failure.`);
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
