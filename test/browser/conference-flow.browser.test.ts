/**
 * The web app as a writer uses it, in Debian's Chromium, against the real server, the real
 * harness and a loopback model server that plays one scripted conference: read a scene, start a
 * conference, see one agent abstain, one reply rejected and one accepted whose citation opens the
 * quoted lines, ask a second round in the same chat, then find the archived turns in Issues.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startLoopbackModelServer, type LoopbackModelServer } from '../../src/adapters/loopback-model-server/index.js';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { chromiumAvailable, launchChromium, screenshot } from './helpers/browser.js';
import {
  conferenceScript,
  FABRICATED_QUOTE,
  LINE_EDITOR_QUOTE,
  ROUND_ONE_MESSAGE,
  ROUND_TWO_MESSAGE,
  SCENE_PATH,
  SCENE_QUOTE,
} from './helpers/conference-script.js';
import { startControlRoom, type RunningServer } from './helpers/control-room-server.js';

const STEP_TIMEOUT = 60_000;

describe.runIf(chromiumAvailable)('the web app, driven in Chromium', () => {
  let workspace: { dir: string; cleanup: () => Promise<void> };
  let model: LoopbackModelServer;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];
  // The Line Editor's first answer waits for this, so the chat can be seen mid-round.
  let releaseLineEditor: () => void = () => undefined;
  const lineEditorHeld = new Promise<void>((resolve) => (releaseLineEditor = resolve));

  beforeAll(async () => {
    workspace = await sampleWorkspace('cr-browser-');
    model = await startLoopbackModelServer(conferenceScript(lineEditorHeld));
    server = await startControlRoom(workspace.dir, { CONTROL_ROOM_LLM_BASE_URL: model.baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    releaseLineEditor();
    await browser?.close();
    await server?.stop();
    await model?.close();
    await workspace?.cleanup();
  });

  const sceneText = (): string => readFileSync(path.join(workspace.dir, SCENE_PATH), 'utf8');
  const lineOf = (text: string, fragment: string): number => text.split('\n').findIndex((line) => line.includes(fragment)) + 1;

  it(
    'reads a scene, holds a two-round conference and finds the archived turns with verified receipts',
    async () => {
      // 1. The app opens on the workspace, live, with no banner.
      await page.goto(server.url);
      await expect.poll(() => page.getByTestId('workspace-name').textContent()).toBe(path.basename(workspace.dir));
      expect(await page.getByTestId('mode').textContent()).toBe('Live');
      expect(await page.getByTestId('banner').count()).toBe(0);
      await page.getByRole('button', { name: /Outline/ }).waitFor();
      await screenshot(page, '01-opened');

      // 2. Reading a scene: the tree opens it in the reader with line numbers.
      await page.getByTestId(`file-${SCENE_PATH}`).click();
      const reader = page.getByTestId('reader');
      await expect.poll(() => reader.getAttribute('data-path')).toBe(SCENE_PATH);
      await page.locator('.reader-text .line').first().waitFor();
      expect(await page.locator('.reader-text .line').count()).toBe(sceneText().trimEnd().split('\n').length);
      await screenshot(page, '02-scene');

      // 3. A conference with the Editor and the Line Editor; the Chief is added as moderator.
      const start = page.getByRole('form', { name: 'Start a conference' });
      for (const name of ['Continuity', 'Story Architect']) await start.getByRole('checkbox', { name: new RegExp(`^${name}`) }).uncheck();
      await start.getByRole('button', { name: 'Start conference' }).click();
      await page.getByTestId('card-chief').waitFor();
      expect(await page.getByTestId('card-chief').getAttribute('data-state')).toBe('Moderator');
      expect(await page.getByTestId('card-chief').getByRole('button', { name: /Remove/ }).count()).toBe(0);
      expect(await page.getByTestId('card-editor').getAttribute('data-state')).toBe('Participant');
      expect(await page.getByTestId('card-line-editor').getAttribute('data-state')).toBe('Participant');
      expect(await page.getByTestId('card-continuity').count()).toBe(0);
      await screenshot(page, '03-conference-started');

      // 4. Round 1: each reply shows as soon as it is decided, while the round goes on…
      await page.getByLabel('Message to the room').fill(ROUND_ONE_MESSAGE);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByTestId('entry-editor-1').waitFor({ timeout: STEP_TIMEOUT });
      expect(await page.getByTestId('round-1').getAttribute('data-status')).toBe('running');
      expect(await page.getByTestId('entry-chief-1').getAttribute('data-status')).toBe('responded');
      expect(await page.getByTestId('round-progress').textContent()).toContain('answering');
      // The room answers in roster order: the Line Editor, held back by the script, is the one answering now.
      expect(await page.getByTestId('answering-now').textContent()).toContain('Line Editor');
      expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
      await screenshot(page, '04-round-one-streaming');
      releaseLineEditor();
      // …then one reply accepted, one rejected, one abstention (a yellow card and no message).
      await expect.poll(() => page.getByTestId('round-1').getAttribute('data-status'), { timeout: STEP_TIMEOUT }).toBe('done');
      expect(await page.getByTestId('entry-chief-1').getAttribute('data-status')).toBe('responded');
      const rejected = page.getByTestId('entry-editor-1');
      expect(await rejected.getAttribute('data-status')).toBe('rejected');
      expect(await rejected.textContent()).toContain('Rejected');
      expect(await rejected.getByTestId('entry-issue').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('quote_not_found')]));
      expect(await rejected.getByTestId('citation').count()).toBe(0);
      expect(await page.getByTestId('entry-line-editor-1').count()).toBe(0);
      const abstained = page.getByTestId('card-line-editor');
      expect(await abstained.getAttribute('data-state')).toBe('Abstained');
      expect(await page.getByTestId('card-state-line-editor').getAttribute('title')).toBe('This agent had nothing to add from their role this round.');
      expect(await rejected.textContent()).toContain(FABRICATED_QUOTE);
      expect(await page.getByTestId('conference-chat').textContent()).not.toContain('ABSTAIN');
      await screenshot(page, '05-round-one');

      // 5. The accepted reply's citation opens the quoted lines, highlighted and in view.
      await page.getByTestId('entry-chief-1').getByTestId('citation').click();
      const highlight = page.getByTestId('highlight');
      await highlight.waitFor();
      expect(await reader.getAttribute('data-path')).toBe(SCENE_PATH);
      const quoteLine = lineOf(sceneText(), SCENE_QUOTE);
      expect(await highlight.getAttribute('data-start')).toBe(String(quoteLine));
      expect(await highlight.textContent()).toContain(SCENE_QUOTE);
      await expect.poll(() => highlight.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= element.ownerDocument.documentElement.clientHeight;
      })).toBe(true);
      await screenshot(page, '06-citation-opened');

      // 6. Round 2 in the same chat: round 1 stays visible; the cards show this round's outcome.
      await page.getByLabel('Message to the room').fill(ROUND_TWO_MESSAGE);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => page.getByTestId('round-2').getAttribute('data-status'), { timeout: STEP_TIMEOUT }).toBe('done');
      expect(await page.getByTestId('message-1').textContent()).toContain(ROUND_ONE_MESSAGE);
      expect(await page.getByTestId('entry-chief-1').count()).toBe(1);
      expect(await page.getByTestId('entry-editor-1').count()).toBe(1);
      expect(await page.getByTestId('entry-chief-2').getAttribute('data-status')).toBe('responded');
      expect(await page.getByTestId('entry-line-editor-2').getAttribute('data-status')).toBe('responded');
      expect(await page.getByTestId('entry-line-editor-2').textContent()).toContain('keep it');
      expect(await page.getByTestId('entry-editor-2').count()).toBe(0);
      expect(await page.getByTestId('card-editor').getAttribute('data-state')).toBe('Abstained');
      expect(await page.getByTestId('card-line-editor').getAttribute('data-state')).toBe('Participant');
      await screenshot(page, '07-round-two');
      await page.getByTestId('entry-line-editor-2').getByTestId('citation').click();
      await expect.poll(() => page.getByTestId('highlight').getAttribute('data-start')).toBe(String(lineOf(sceneText(), LINE_EDITOR_QUOTE)));

      // 7. Issues: both turns archived; turn 1 links its phase-1 receipt, verified.
      const conferenceId = await page.getByTestId('conference').getAttribute('data-conference-id');
      await page.getByRole('tab', { name: 'Issues' }).click();
      const turnOne = page.getByRole('button', { name: new RegExp(`Conference ${conferenceId} — Turn 1`) });
      await turnOne.waitFor();
      expect(await page.getByRole('button', { name: new RegExp(`Conference ${conferenceId} — Turn 2`) }).count()).toBe(1);
      await screenshot(page, '08-issues');
      await turnOne.click();
      const detail = page.getByTestId('issue-detail');
      await detail.getByTestId('verified-badge').first().waitFor();
      const badges = detail.getByTestId('verified-badge');
      expect(await badges.count()).toBe(1);
      expect(await badges.first().getAttribute('data-verified')).toBe('true');
      expect(await detail.textContent()).toContain('file_reader');
      await detail.locator('.receipt-row').first().click();
      expect(await detail.locator('.json-view').textContent()).toContain('"signature_alg": "HMAC-SHA256"');
      await screenshot(page, '09-issue-receipts');

      // Tools ran once per round, however many agents answered: one read in round 1, two in round 2
      // (a call, then a decision after each result).
      const phaseOneCalls = model.requests.filter((request) => JSON.stringify(request.body?.messages ?? '').includes('TOOL_NONCE:'));
      expect(phaseOneCalls).toHaveLength(5);
      expect(consoleErrors).toEqual([]);
    },
    180_000,
  );
});
