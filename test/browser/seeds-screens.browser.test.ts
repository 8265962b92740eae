/**
 * The web parts of the seeds, in Chromium against the real server and a loopback model server:
 * changes waiting for confirmation show in the notification bell, one is dismissed, then all; a
 * 1:1 chat's state is chosen before its first message and changed between turns, pending until the
 * next turn begins (checked over the API); Dev Tools lists the feature flags and where each came
 * from (the workspace's flags file, the environment, the defaults); a 1:1 chat saved as an issue is
 * found in the Issues screen with its receipts. axe-core runs on each screen.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startLoopbackModelServer, type LoopbackModelServer } from '../../src/adapters/loopback-model-server/index.js';
import { FEATURE_FLAGS_FILE } from '../../src/protocol/index.js';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { describeViolations, seriousViolations } from './helpers/accessibility.js';
import { chromiumAvailable, launchChromium, screenshot } from './helpers/browser.js';
import { startControlRoom, type RunningServer } from './helpers/control-room-server.js';
import { GOALS, screensScript } from './helpers/screens-script.js';

const STEP_TIMEOUT = 45_000;
const EYES_QUESTION = 'What colour are Hester’s eyes?';
const FOLLOW_UP = 'And what colour are they in the churchyard scene?';

interface StateView {
  state: string;
  pending: string | null;
}
interface NotificationList {
  notifications: Array<{ id: string; kind: string; detail: string; dismissed_at: string | null }>;
  waiting: number;
}
interface ChatTurnView {
  result: { stateIn: string; stateOut: string; receipts: string[] };
}
interface IssueView {
  issue: { title: string; tags: string[]; sessionId?: string | null; receiptIds?: string[] };
  receipts: unknown[];
}

describe.runIf(chromiumAvailable)('notifications, conversation states, feature flags and chats saved as issues, driven in Chromium', () => {
  let workspace: { dir: string; cleanup: () => Promise<void> };
  let model: LoopbackModelServer;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    workspace = await sampleWorkspace('cr-browser-seeds-');
    // One flag from the workspace's file, one from the environment, the rest their defaults.
    const flagsFile = path.join(workspace.dir, ...FEATURE_FLAGS_FILE.split('/'));
    mkdirSync(path.dirname(flagsFile), { recursive: true });
    writeFileSync(flagsFile, JSON.stringify({ schema_version: 1, flags: { conferenceLog: false } }));
    // No patch and nothing held: only the two deletions and plain chat turns are asked for.
    model = await startLoopbackModelServer(screensScript({ find: '', replace: '' }, () => Promise.resolve()));
    server = await startControlRoom(workspace.dir, {
      CONTROL_ROOM_LLM_BASE_URL: model.baseUrl,
      CONTROL_ROOM_LLM_MODEL: 'loopback-model',
      CONTROL_ROOM_FLAG_AUDIO_RETENTION: 'false',
    });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(server.url);
    await page.getByTestId('workspace-name').waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await model?.close();
    await workspace?.cleanup();
  });

  const tab = (name: string) => page.getByRole('tab', { name, exact: true }).click();
  const api = async <T>(url: string): Promise<T> => (await (await fetch(`${server.url}${url}`)).json()) as T;
  const expectAccessible = async (where: string): Promise<void> => {
    await page.waitForLoadState('networkidle');
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(where, violations)).toEqual([]);
  };

  it(
    'shows the changes that wait in the bell, opens one, dismisses one and then all',
    async () => {
      await tab('Changes');
      const review = page.getByTestId('task-review');
      for (const goal of [GOALS.delete, GOALS.refuse]) {
        await page.getByLabel('The change you want').fill(goal);
        await page.getByRole('button', { name: 'Propose' }).click();
        await expect.poll(() => review.getAttribute('data-status'), { timeout: STEP_TIMEOUT }).toBe('awaiting_confirmation');
        await review.getByRole('button', { name: '← All changes' }).click();
      }
      await expect.poll(async () => (await api<NotificationList>('/api/notifications')).waiting, { timeout: STEP_TIMEOUT }).toBe(2);

      // Seen from another screen; opening the bell reads the list again, without waiting for its next poll.
      await tab('Issues');
      const bell = page.getByTestId('notification-bell');
      await bell.click();
      const panel = page.getByTestId('notification-panel');
      const entries = panel.getByTestId('notification');
      await expect.poll(() => entries.count(), { timeout: STEP_TIMEOUT }).toBe(2);
      await expect.poll(() => page.getByTestId('notification-count').textContent()).toBe('2');
      expect(await entries.evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')))).toEqual(['confirmation', 'confirmation']);
      expect(await entries.first().textContent()).toContain('A level-4 change waits for your confirmation');
      await expectAccessible('Notifications (two waiting)');
      await screenshot(page, '60-notifications-waiting');

      // Open leads to the Changes screen, and closes the panel.
      await entries.first().getByRole('button', { name: 'Open' }).click();
      await expect.poll(() => panel.count()).toBe(0);
      await expect.poll(() => page.getByRole('tab', { name: 'Changes', exact: true }).getAttribute('aria-selected')).toBe('true');

      // Dismiss one: the other stays, in the panel, the count and the API.
      await bell.click();
      await expect.poll(() => entries.count(), { timeout: STEP_TIMEOUT }).toBe(2);
      const listed = (await api<NotificationList>('/api/notifications')).notifications;
      const [dismissed, kept] = listed;
      expect(await entries.first().locator('.notification-detail').textContent()).toBe(dismissed!.detail);
      await entries.first().getByRole('button', { name: /^Dismiss: / }).click();
      await expect.poll(() => entries.count(), { timeout: STEP_TIMEOUT }).toBe(1);
      await expect.poll(() => page.getByTestId('notification-count').textContent()).toBe('1');
      expect(await entries.first().locator('.notification-detail').textContent()).toBe(kept!.detail);
      const afterOne = await api<NotificationList>('/api/notifications?all=true');
      expect(afterOne.waiting).toBe(1);
      expect(afterOne.notifications.find((entry) => entry.id === dismissed!.id)?.dismissed_at).toEqual(expect.any(String));
      expect(afterOne.notifications.find((entry) => entry.id === kept!.id)?.dismissed_at).toBeNull();

      await panel.getByRole('button', { name: 'Dismiss all' }).click();
      await panel.getByText('Nothing waits for you.').waitFor({ timeout: STEP_TIMEOUT });
      expect(await entries.count()).toBe(0);
      await expect.poll(() => page.getByTestId('notification-count').count()).toBe(0);
      expect(await panel.getByRole('button', { name: 'Dismiss all' }).isDisabled()).toBe(true);
      expect((await api<NotificationList>('/api/notifications')).waiting).toBe(0);
      await expectAccessible('Notifications (all dismissed)');
      await screenshot(page, '61-notifications-dismissed');
      await page.keyboard.press('Escape');
      await expect.poll(() => panel.count()).toBe(0);
    },
    120_000,
  );

  it(
    'sets a 1:1 chat’s state before its first message and changes it between turns, each applied as the next turn begins',
    async () => {
      await tab('1:1 Chat');
      const chat = page.getByRole('tabpanel', { name: '1:1 Chat' });
      await chat.getByTestId('chat-agent').selectOption('continuity');
      const selector = chat.getByTestId('state-selector');
      const select = chat.getByTestId('state-select');
      // Before the first message: the chat already has its id, and every state can be chosen.
      await expect.poll(() => select.isEnabled(), { timeout: STEP_TIMEOUT }).toBe(true);
      await expect.poll(() => select.locator('option').count()).toBe(4);
      const sessionId = (await selector.getAttribute('data-conversation-id')) ?? '';
      expect(sessionId).toMatch(/^chat-[0-9a-f]{32}$/);
      const state = () => api<StateView>(`/api/conversations/${sessionId}/state`);
      const turns = async () => (await api<{ turns: ChatTurnView[] }>(`/api/chat/sessions/${sessionId}`)).turns;
      const send = async (message: string, reply: number): Promise<void> => {
        await chat.getByLabel(/^Message to/).fill(message);
        await chat.getByRole('button', { name: 'Send' }).click();
        await expect.poll(() => chat.getByTestId(`chat-reply-${reply}`).getAttribute('data-status'), { timeout: STEP_TIMEOUT }).toBe('done');
      };

      await select.selectOption('research');
      await expect.poll(() => chat.getByTestId('state-pending').textContent()).toContain('Research from the next round (Default until then)');
      expect(await state()).toMatchObject({ state: 'default', pending: 'research' });
      await expectAccessible('1:1 Chat (state chosen before the first message)');
      await screenshot(page, '62-chat-state-pending');

      await send(EYES_QUESTION, 1);
      await expect.poll(state, { timeout: STEP_TIMEOUT }).toMatchObject({ state: 'research', pending: null });
      await expect.poll(() => selector.getAttribute('data-state'), { timeout: STEP_TIMEOUT }).toBe('research');
      await expect.poll(() => chat.getByTestId('state-pending').count()).toBe(0);
      expect(await select.inputValue()).toBe('research');
      expect((await turns()).map((turn) => turn.result.stateIn)).toEqual(['research']);

      // Between turns: pending until the next turn, which runs in it.
      await select.selectOption('action');
      await expect.poll(() => chat.getByTestId('state-pending').textContent()).toContain('Action from the next round (Research until then)');
      expect(await state()).toMatchObject({ state: 'research', pending: 'action' });
      expect(await selector.getAttribute('data-state')).toBe('research');
      await send(FOLLOW_UP, 2);
      await expect.poll(state, { timeout: STEP_TIMEOUT }).toMatchObject({ state: 'action', pending: null });
      await expect.poll(() => selector.getAttribute('data-state'), { timeout: STEP_TIMEOUT }).toBe('action');
      await expect.poll(() => chat.getByTestId('state-pending').count()).toBe(0);
      expect((await turns()).map((turn) => turn.result.stateIn)).toEqual(['research', 'action']);
      await expectAccessible('1:1 Chat (state applied)');
      await screenshot(page, '63-chat-state-applied');
    },
    120_000,
  );

  it(
    'saves the 1:1 chat as an issue with its receipts, found in the Issues screen',
    async () => {
      await tab('1:1 Chat');
      const chat = page.getByRole('tabpanel', { name: '1:1 Chat' });
      const sessionId = (await chat.getByTestId('state-selector').getAttribute('data-conversation-id')) ?? '';
      await chat.getByTestId('save-chat-issue').click();
      const saved = chat.getByRole('button', { name: /^Saved as / });
      await saved.waitFor({ timeout: STEP_TIMEOUT });
      const issueId = ((await saved.textContent()) ?? '').replace(/^Saved as /, '').trim();
      const stored = await api<IssueView>(`/api/issues/${issueId}`);
      expect(stored.issue.title).toBe(`Chat with Continuity: ${EYES_QUESTION}`.slice(0, 200));
      expect(stored.issue.tags).toContain('chat');
      expect(stored.issue.sessionId).toBe(sessionId);
      expect(stored.issue.receiptIds?.length ?? 0).toBeGreaterThan(0);
      await expectAccessible('1:1 Chat (saved as an issue)');

      await tab('Issues');
      const row = page.getByTestId(`issue-${issueId}`);
      await row.waitFor({ timeout: STEP_TIMEOUT });
      expect(await row.textContent()).toContain(EYES_QUESTION);
      await expectAccessible('Issues (with the saved chat)');
      await row.click();
      const detail = page.getByTestId('issue-detail');
      await expect.poll(() => detail.getAttribute('aria-label'), { timeout: STEP_TIMEOUT }).toBe(stored.issue.title);
      await detail.getByText('#chat', { exact: true }).waitFor();
      const body = (await detail.textContent()) ?? '';
      expect(body).toContain(EYES_QUESTION);
      expect(body).toContain(FOLLOW_UP);
      await expect.poll(() => detail.getByText('No receipts are linked to this issue.').count()).toBe(0);
      await expectAccessible('Issue saved from the chat');
      await screenshot(page, '64-chat-saved-as-issue');
    },
    90_000,
  );

  it('lists the feature flags in Dev Tools with where each came from', async () => {
    await tab('Dev Tools');
    await page.getByRole('tab', { name: 'Flags', exact: true }).click();
    const view = page.getByTestId('flags-view');
    await view.locator('tbody tr').first().waitFor({ timeout: STEP_TIMEOUT });
    const rows = await view.locator('tbody tr').evaluateAll((items) =>
      items.map((item) => ({ name: item.getAttribute('data-testid'), value: item.getAttribute('data-value'), source: item.getAttribute('data-source') })),
    );
    expect(rows).toEqual([
      { name: 'flag-traceRetryAttempts', value: 'true', source: 'default' },
      { name: 'flag-conferenceLog', value: 'false', source: 'config' },
      { name: 'flag-chatTelemetry', value: 'true', source: 'default' },
      { name: 'flag-inputFilter', value: 'true', source: 'default' },
      { name: 'flag-audioRetention', value: 'false', source: 'environment' },
      { name: 'flag-cascadeChannels', value: 'all', source: 'default' },
    ]);
    const fromFile = view.getByTestId('flag-conferenceLog');
    expect(await fromFile.textContent()).toContain('(default true)');
    expect(await fromFile.textContent()).toContain('CONTROL_ROOM_FLAG_CONFERENCE_LOG');
    expect(await view.getByTestId('flag-audioRetention').textContent()).toContain('CONTROL_ROOM_FLAG_AUDIO_RETENTION');
    expect(await view.textContent()).toContain(FEATURE_FLAGS_FILE);
    await expectAccessible('Dev Tools (flags)');
    await screenshot(page, '65-devtools-flags');
    expect(pageErrors).toEqual([]);
  });
});
