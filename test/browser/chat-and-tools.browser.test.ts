/**
 * The rest of the web app in Chromium against the real server: a streamed 1:1 chat whose
 * citation opens the quoted card line, a reply stopped by a refused tool call, a reply whose
 * evidence failed; the receipts, trace and telemetry in Dev Tools; changing an agent's model; and
 * the conference roster (mute, unmute, remove, invite; the Chief can be neither removed nor muted).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startLoopbackModelServer, type LoopbackModelServer } from '../../src/adapters/loopback-model-server/index.js';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { chromiumAvailable, launchChromium, screenshot } from './helpers/browser.js';
import { CARD_PATH, CARD_QUOTE, chatScript, EYES_QUESTION, INVENTED_QUESTION, NONCE_QUESTION } from './helpers/chat-script.js';
import { startControlRoom, type RunningServer } from './helpers/control-room-server.js';

const STEP_TIMEOUT = 60_000;

describe.runIf(chromiumAvailable)('the web app’s chat, Dev Tools, models and roster, driven in Chromium', () => {
  let workspace: { dir: string; cleanup: () => Promise<void> };
  let model: LoopbackModelServer;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    workspace = await sampleWorkspace('cr-browser-');
    model = await startLoopbackModelServer(chatScript(), { models: ['loopback-model', 'line-editor-model'] });
    server = await startControlRoom(workspace.dir, { CONTROL_ROOM_LLM_BASE_URL: model.baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(server.url);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await model?.close();
    await workspace?.cleanup();
  });

  const send = async (message: string): Promise<void> => {
    await page.getByLabel(/^Message to/).fill(message);
    await page.getByRole('button', { name: 'Send' }).click();
  };
  const replyDone = (id: number) => expect.poll(() => page.getByTestId(`chat-reply-${id}`).getAttribute('data-status'), { timeout: STEP_TIMEOUT }).toBe('done');

  it(
    'chats 1:1, shows stopped and failed replies, and opens the turn’s receipts and trace',
    async () => {
      await page.getByRole('tab', { name: '1:1 Chat' }).click();
      await page.getByTestId('chat-agent').selectOption('continuity');

      // A grounded answer, streamed, whose citation opens the card line it quotes.
      await send(EYES_QUESTION);
      await replyDone(1);
      const first = page.getByTestId('chat-reply-1');
      expect(await first.textContent()).toContain('Hester’s eyes are grey');
      expect(await first.textContent()).not.toMatch(/Evidence:|TOOL_NONCE|file_reader/);
      const answerRequest = model.requests.filter((request) => request.method === 'POST')[2]!;
      expect(answerRequest.body?.stream).toBe(true);
      await first.getByTestId('citation').click();
      await expect.poll(() => page.getByTestId('reader').getAttribute('data-path')).toBe(CARD_PATH);
      const cardLines = readFileSync(path.join(workspace.dir, CARD_PATH), 'utf8').split('\n');
      expect(await page.getByTestId('highlight').getAttribute('data-start')).toBe(String(cardLines.indexOf(CARD_QUOTE) + 1));
      await screenshot(page, '11-chat-grounded');

      // A refused tool call stops the reply; an invented quote fails the evidence check.
      await send(NONCE_QUESTION);
      await replyDone(2);
      expect(await page.getByTestId('chat-reply-2').getByTestId('chat-stop-notice').textContent()).toContain('tool_call_nonce_invalid');
      await send(INVENTED_QUESTION);
      await replyDone(3);
      const failed = page.getByTestId('chat-reply-3');
      expect(await failed.getByTestId('chat-evidence-notice').textContent()).toContain('quote_not_found');
      expect(await failed.getByTestId('citation').count()).toBe(0);
      await screenshot(page, '12-chat-stopped-and-failed');

      // The first turn's trace: its events in order, from the writer's message to the answer.
      await first.getByRole('button', { name: 'Trace' }).click();
      await page.getByTestId('trace-detail').getByTestId('trace-event').first().waitFor();
      const types = await page.getByTestId('trace-event').evaluateAll((items) => items.map((item) => item.getAttribute('data-type')));
      expect(types[0]).toBe('input.received');
      expect(types).toEqual(expect.arrayContaining(['tool.request', 'tool.response', 'validator.ran']));
      expect(types.at(-1)).toBe('output.emitted');
      await screenshot(page, '13-trace');

      // Its receipt, verified, and the whole audit log verified.
      await page.getByRole('tab', { name: '1:1 Chat' }).click();
      await first.getByRole('button', { name: 'Receipts' }).click();
      const receipt = page.locator('[data-testid^="receipt-rcpt_"]');
      await receipt.first().waitFor();
      expect(await receipt.count()).toBe(1);
      expect(await receipt.first().getAttribute('data-verified')).toBe('true');
      await receipt.first().locator('.receipt-row').click();
      expect(await page.locator('.json-view').textContent()).toContain(`"path": "${CARD_PATH}"`);
      await page.getByRole('button', { name: 'Verify the whole audit log' }).click();
      expect(await page.getByTestId('audit-report').textContent()).toContain('Audit log verified');
      // The signing key's fingerprint, to write down; verifying against another pinned key fails.
      const fingerprint = (await page.getByTestId('audit-key-fingerprint').textContent()) ?? '';
      expect(fingerprint).toMatch(/^([0-9a-f]{4} ){15}[0-9a-f]{4}$/);
      expect(await page.getByRole('link', { name: 'Export public key' }).getAttribute('href')).toContain(encodeURIComponent('-----BEGIN PUBLIC KEY-----'));
      await page.getByTestId('audit-key-pin').fill('0'.repeat(64));
      await page.getByRole('button', { name: 'Verify the whole audit log' }).click();
      await expect.poll(() => page.getByTestId('audit-report').textContent()).toMatch(/does not verify.*keys were replaced/);
      await page.getByTestId('audit-key-pin').fill(fingerprint);
      await page.getByRole('button', { name: 'Verify the whole audit log' }).click();
      await expect.poll(() => page.getByTestId('audit-report').textContent()).toContain('Audit log verified');
      await screenshot(page, '14-receipts');
      await page.getByRole('tab', { name: 'Telemetry' }).click();
      await page.getByTestId('telemetry').getByRole('table').first().waitFor();
      await screenshot(page, '15-telemetry');
    },
    180_000,
  );

  it('shows each agent’s model and reachability, and changes one agent’s model', async () => {
    await page.getByRole('tab', { name: 'Models' }).click();
    await page.getByTestId('model-chief').waitFor();
    const rows = page.locator('[data-testid^="model-"]');
    expect(await rows.count()).toBe(5);
    expect(await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-reachable')))).toEqual(Array(5).fill('true'));
    // The models offered are the ones the running servers list: no name to type and guess.
    await expect.poll(() => page.getByRole('button', { name: 'Change the model of Line Editor' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Change the model of Line Editor' }).click();
    await page.getByLabel('Model for Line Editor').selectOption({ label: 'line-editor-model — OpenAI-compatible server' });
    await page.getByTestId('model-line-editor').getByRole('button', { name: 'Use' }).click();
    // Saved, the row leaves its choice and shows the model in use; the file says the same.
    await page.getByLabel('Model for Line Editor').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('model-line-editor').locator('td').nth(1).locator('code').textContent()).toBe('line-editor-model');
    const endpoints = JSON.parse(readFileSync(path.join(workspace.dir, '.control-room/agents/agent-endpoints.json'), 'utf8')) as { agents: Record<string, { model?: string }> };
    expect(endpoints.agents['line-editor']?.model, JSON.stringify(endpoints)).toBe('line-editor-model');
    expect(await page.getByTestId('model-chief').textContent()).toContain('loopback-model');
    await screenshot(page, '16-models');
  });

  it('mutes, unmutes, removes and invites attendees; the Chief stays', async () => {
    await page.getByRole('tab', { name: 'Conference' }).click();
    await page.getByRole('button', { name: 'Start conference' }).click();
    const card = (agentId: string) => page.getByTestId(`card-${agentId}`);
    await card('chief').waitFor();
    expect(await card('chief').getByRole('button').count()).toBe(0);
    await page.getByRole('button', { name: 'Mute Editor' }).click();
    await expect.poll(() => card('editor').getAttribute('data-state')).toBe('Muted');
    await screenshot(page, '17-roster-muted');
    await page.getByRole('button', { name: 'Unmute Editor' }).click();
    await expect.poll(() => card('editor').getAttribute('data-state')).toBe('Participant');
    await page.getByRole('button', { name: 'Remove Continuity from the conference' }).click();
    await expect.poll(() => card('continuity').count()).toBe(0);
    await page.getByLabel('Agent to invite').selectOption('continuity');
    await page.getByRole('button', { name: 'Invite' }).click();
    await expect.poll(() => card('continuity').getAttribute('data-state')).toBe('Participant');
  });
});
