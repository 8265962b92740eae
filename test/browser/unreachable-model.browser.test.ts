/**
 * With the model server gone (it answered when the app started, then stopped), nothing the writer
 * typed is lost: a long 1:1 message and a conference message come back to their boxes, the
 * conversation says what happened, and the header says the model server is unreachable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startLoopbackModelServer } from '../../src/adapters/loopback-model-server/index.js';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { describeViolations, seriousViolations } from './helpers/accessibility.js';
import { chromiumAvailable, launchChromium, screenshot } from './helpers/browser.js';
import { startControlRoom, type RunningServer } from './helpers/control-room-server.js';

const STEP_TIMEOUT = 90_000;

describe.runIf(chromiumAvailable)('the web app when the model server is gone', () => {
  let workspace: { dir: string; cleanup: () => Promise<void> };
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    workspace = await sampleWorkspace('cr-browser-unreachable-');
    // A model server that answers at start (so the app runs live), then goes away.
    const model = await startLoopbackModelServer([]);
    server = await startControlRoom(workspace.dir, { CONTROL_ROOM_LLM_BASE_URL: model.baseUrl, CONTROL_ROOM_LLM_MODEL: 'gone-model' });
    await model.close();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 800, height: 700 } });
    await page.goto(server.url);
    await page.getByTestId('workspace-name').waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await workspace?.cleanup();
  });

  it('keeps a long 1:1 message and a conference message in their boxes', async () => {
    const long = `${'Does the harbour house scene hold its mood from the first line to the last? '.repeat(120)}Be specific.`;
    await page.getByRole('tab', { name: '1:1 Chat', exact: true }).click();
    const chat = page.getByRole('tabpanel', { name: '1:1 Chat' });
    await chat.getByLabel(/^Message to/).fill(long);
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByTestId('chat-reply-1').getAttribute('data-status'), { timeout: STEP_TIMEOUT }).not.toBe('streaming');
    expect(await page.getByTestId('chat-reply-1').textContent()).toMatch(/model_unreachable|could not be reached|couldn't get an answer/);
    await expect.poll(() => chat.getByLabel(/^Message to/).inputValue()).toBe(long.trim());
    await screenshot(page, '60-unreachable-chat');

    await page.getByRole('tab', { name: 'Conference', exact: true }).click();
    await page.getByRole('button', { name: 'Start conference' }).click();
    const box = page.getByLabel('Message to the room');
    await box.fill('Is Owen Tresk alive at the end?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByTestId('round-1').getAttribute('data-status'), { timeout: STEP_TIMEOUT }).not.toBe('running');
    await expect.poll(() => box.inputValue()).toBe('Is Owen Tresk alive at the end?');
    const violations = await seriousViolations(page);
    expect(violations, describeViolations('unreachable', violations)).toEqual([]);
    await screenshot(page, '61-unreachable-conference');
  }, 240_000);
});
