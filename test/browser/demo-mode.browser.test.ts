/**
 * Demo mode in Chromium: with no model server (`serve --demo`), the app says so in a banner, and a
 * conference still runs through the real harness — real tool runs, receipts and evidence checks;
 * a 1:1 question is looked up in the manuscript and answered with a quote that verifies.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_NOTICE } from '../../src/adapters/demo-model/extractive-answer.js';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { chromiumAvailable, launchChromium, screenshot } from './helpers/browser.js';
import { startControlRoom, type RunningServer } from './helpers/control-room-server.js';

const DEMO_BANNER =
  'Demo mode: no language model — the agents look up what you ask in the manuscript with the real tools, and every reply is checked against the files';

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

  it(
    'answers a 1:1 question by quoting the manuscript, accepted and marked as the demo',
    async () => {
      await page.getByRole('tab', { name: '1:1 Chat', exact: true }).click();
      await page.getByTestId('chat-agent').selectOption('chief');
      const panel = page.getByRole('tabpanel', { name: '1:1 Chat' });
      await panel.getByLabel(/^Message to/).fill('Is Owen Tresk alive?');
      await panel.getByRole('button', { name: 'Send' }).click();
      const reply = page.getByTestId('chat-reply-1');
      await expect.poll(() => reply.getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
      // Accepted: no evidence or stop notice, and a citation to open.
      expect(await reply.getAttribute('class')).toContain('entry-accepted');
      expect(await reply.getByTestId('chat-evidence-notice').count()).toBe(0);
      expect(await reply.getByTestId('chat-stop-notice').count()).toBe(0);
      const text = (await reply.textContent()) ?? '';
      expect(text).toContain('Here is what the manuscript says about Owen Tresk');
      expect(text).toContain(DEMO_NOTICE);
      expect(text).not.toContain('Evidence:');
      // The quoted sentence is the manuscript's own words, at the lines the citation opens.
      const quoted = ((await reply.locator('blockquote').first().textContent()) ?? '').trim();
      expect(quoted).toMatch(/Owen/);
      await reply.getByTestId('citation').click();
      await page.getByTestId('highlight').waitFor();
      const cited = (await page.getByTestId('reader').getAttribute('data-path')) ?? '';
      const start = Number(await page.getByTestId('highlight').getAttribute('data-start'));
      const end = Number(await page.getByTestId('highlight').getAttribute('data-end'));
      const lines = readFileSync(path.join(workspace.dir, cited), 'utf8').split('\n').slice(start - 1, end);
      expect(lines.join(' ').replace(/\s+/g, ' ')).toContain(quoted.replace(/\s+/g, ' '));
      await screenshot(page, '22-demo-chat-lookup');
      expect(consoleErrors).toEqual([]);
    },
    180_000,
  );
});
