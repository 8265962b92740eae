/**
 * Demo mode in Chromium: with no model server (`serve --demo`), the app says so in a banner, and a
 * conference still runs through the real harness — real tool runs, receipts and evidence checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { chromiumAvailable, launchChromium, screenshot } from './helpers/browser.js';
import { startControlRoom, type RunningServer } from './helpers/control-room-server.js';

const DEMO_BANNER =
  'Demo mode: no model server found — a scripted conference is replayed through the real harness (real tools, receipts and evidence checks)';

describe.runIf(chromiumAvailable)('the web app in demo mode, driven in Chromium', () => {
  let workspace: { dir: string; cleanup: () => Promise<void> };
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    workspace = await sampleWorkspace('cr-browser-demo-');
    server = await startControlRoom(workspace.dir, {}, ['--demo']);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await workspace?.cleanup();
  });

  it(
    'shows the demo banner and holds a round whose accepted replies cite the manuscript',
    async () => {
      await page.goto(server.url);
      const banner = page.getByTestId('banner');
      await banner.waitFor();
      expect(await banner.textContent()).toBe(DEMO_BANNER);
      expect(await page.getByTestId('mode').textContent()).toBe('Demo');

      await page.getByRole('button', { name: 'Start conference' }).click();
      await page.getByLabel('Message to the room').fill('Is Hester’s eye colour consistent across the scenes?');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => page.getByTestId('round-1').getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
      const statuses = await page.locator('[data-testid^="entry-"]').evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
      expect(statuses).toContain('responded');
      const cards = await page.locator('[data-testid^="card-"]').evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
      expect(cards[0]).toBe('Moderator');
      const accepted = page.locator('[data-status="responded"]').first();
      await accepted.getByTestId('citation').click();
      await page.getByTestId('highlight').waitFor();
      await screenshot(page, '21-demo-round');
      expect(consoleErrors).toEqual([]);
    },
    180_000,
  );
});
