/**
 * The screens a writer uses beyond the conversation, in Chromium against the real server and a
 * loopback model server: ask for changes and review their word diffs, undo one, confirm a level-4
 * deletion twice (the second a separate act), refuse another; stop a conference round and a chat
 * turn (the server cancels, the message comes back); Markdown replies without raw HTML; the 1:1
 * history after a reload; close and reopen an issue; run the continuity pass and open a filed
 * issue's line; rebuild the canon and open a fact's line; remember and pin notes; upload, play and
 * pin a clip; draw a scene's pacing and the book's timeline. axe-core runs on every screen.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startLoopbackModelServer, type LoopbackModelServer } from '../../src/adapters/loopback-model-server/index.js';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { describeViolations, seriousViolations } from './helpers/accessibility.js';
import { chromiumAvailable, launchChromium, screenshot } from './helpers/browser.js';
import { startControlRoom, type RunningServer } from './helpers/control-room-server.js';
import { CARD_PATH, DOOMED_SCENE, GOALS, HOLD, PATCHED_SCENE, screensScript, SPARED_SCENE } from './helpers/screens-script.js';

const STEP_TIMEOUT = 60_000;

/** A short, valid WAV clip (mono, 8 kHz, 16-bit) of a quiet tone, made here. */
function wavClip(seconds = 0.5): Buffer {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index += 1) buffer.writeInt16LE(Math.round(Math.sin((index / rate) * 2 * Math.PI * 440) * 3000), 44 + index * 2);
  return buffer;
}

describe.runIf(chromiumAvailable)('the writer’s screens against a live model, driven in Chromium', () => {
  let workspace: { dir: string; cleanup: () => Promise<void> };
  let model: LoopbackModelServer;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const a11y: string[] = [];
  let release: () => void = () => undefined;
  let held = new Promise<void>((resolve) => (release = resolve));
  let patchFind = '';
  const patchReplace = 'The mist came in thicker than wool and sat on the sills.';

  beforeAll(async () => {
    workspace = await sampleWorkspace('cr-browser-live-');
    const scene = readFileSync(path.join(workspace.dir, PATCHED_SCENE), 'utf8').split('\n');
    patchFind = scene.find((line, index) => index > 8 && line.trim().length > 60 && scene.filter((other) => other === line).length === 1)!;
    model = await startLoopbackModelServer(screensScript({ find: patchFind, replace: patchReplace }, () => held), { models: ['loopback-model', 'qwen3-8b'] });
    server = await startControlRoom(workspace.dir, { CONTROL_ROOM_LLM_BASE_URL: model.baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(server.url);
    await page.getByTestId('workspace-name').waitFor();
  }, 120_000);

  afterAll(async () => {
    release();
    await browser?.close();
    await server?.stop();
    await model?.close();
    await workspace?.cleanup();
  });

  const file = (relative: string): string => path.join(workspace.dir, relative);
  const tab = (name: string) => page.getByRole('tab', { name, exact: true }).click();
  const checkA11y = async (where: string): Promise<void> => {
    await page.waitForLoadState('networkidle');
    const violations = await seriousViolations(page);
    if (violations.length > 0) a11y.push(describeViolations(where, violations));
  };
  const api = async <T>(url: string): Promise<T> => (await (await fetch(`${server.url}${url}`)).json()) as T;
  const review = () => page.getByTestId('task-review');
  const propose = async (goal: string): Promise<void> => {
    await page.getByLabel('The change you want').fill(goal);
    await page.getByRole('button', { name: 'Propose' }).click();
    await review().waitFor({ timeout: STEP_TIMEOUT });
  };

  it(
    'reviews a change word by word, undoes it, confirms a deletion twice and refuses another',
    async () => {
      const before = readFileSync(file(PATCHED_SCENE), 'utf8');
      await tab('Changes');
      await checkA11y('Changes (empty)');
      await propose(GOALS.patch);
      await expect.poll(() => review().getAttribute('data-status')).toBe('applied');
      expect(await review().textContent()).toContain('Level 2: applied at once, can be undone');
      // The word diff is drawn once the plan's files are read, which may come after the status: wait for it.
      const diffText = async (id: string): Promise<string> => (await review().getByTestId(id).allTextContents()).join(' ');
      await expect.poll(() => diffText('diff-added'), { timeout: STEP_TIMEOUT }).toContain('wool');
      expect((await diffText('diff-removed')).length).toBeGreaterThan(0);
      expect(readFileSync(file(PATCHED_SCENE), 'utf8')).toContain(patchReplace);
      const receipts = review().getByRole('region', { name: 'Receipts' });
      await receipts.getByTestId('verified-badge').first().waitFor();
      expect(await receipts.textContent()).toContain('file.patch');
      expect(await receipts.getByTestId('verified-badge').first().getAttribute('data-verified')).toBe('true');
      await checkA11y('Changes (applied)');
      await screenshot(page, '40-change-applied');
      await review().getByRole('button', { name: 'Undo this change' }).click();
      await expect.poll(() => review().getAttribute('data-status')).toBe('undone');
      expect(readFileSync(file(PATCHED_SCENE), 'utf8')).toBe(before);
      await expect.poll(() => review().getByTestId('file-change-0').getAttribute('data-state')).toBe('undone');

      // A level-4 deletion: nothing happens until two separate confirmations.
      await review().getByRole('button', { name: '← All changes' }).click();
      await propose(GOALS.delete);
      await expect.poll(() => review().getAttribute('data-status')).toBe('awaiting_confirmation');
      expect(await review().getByTestId('file-change-0').getAttribute('data-state')).toBe('pending');
      await expect.poll(async () => (await diffText('diff-removed')).length, { timeout: STEP_TIMEOUT }).toBeGreaterThan(200);
      await review().getByRole('button', { name: 'Confirm (1 of 2)' }).click();
      await expect.poll(() => page.getByTestId('confirm-step').getAttribute('data-step')).toBe('2');
      expect(existsSync(file(DOOMED_SCENE))).toBe(true);
      const second = page.getByRole('button', { name: 'Confirm again and apply' });
      expect(await second.isDisabled()).toBe(true);
      await checkA11y('Changes (second confirmation)');
      await screenshot(page, '41-second-confirmation');
      await page.getByLabel('I have reviewed these changes again and want them applied.').check();
      await second.click();
      await expect.poll(() => review().getAttribute('data-status')).toBe('applied');
      expect(existsSync(file(DOOMED_SCENE))).toBe(false);

      await review().getByRole('button', { name: '← All changes' }).click();
      await propose(GOALS.refuse);
      await expect.poll(() => review().getAttribute('data-status')).toBe('awaiting_confirmation');
      await review().getByRole('button', { name: 'Refuse' }).click();
      await expect.poll(() => review().getAttribute('data-status')).toBe('refused');
      expect(existsSync(file(SPARED_SCENE))).toBe(true);
      await review().getByRole('button', { name: '← All changes' }).click();
      const history = page.getByRole('region', { name: 'History of changes' });
      await expect.poll(() => history.locator('[data-testid^="task-"]').count()).toBe(3);
      await expect.poll(() => history.textContent()).toMatch(/Refused[\s\S]*Applied[\s\S]*Undone/);
      await screenshot(page, '42-change-history');
    },
    180_000,
  );

  it(
    'stops a round and a turn (the server cancels, the text comes back), renders Markdown safely and keeps the 1:1 history over a reload',
    async () => {
      await tab('Conference');
      await page.getByRole('button', { name: 'Start conference' }).click();
      const conferenceId = await page.getByTestId('conference').getAttribute('data-conference-id');
      const box = page.getByLabel('Message to the room');
      const held_message = `${HOLD}: is the harbour house scene paced well?`;
      await box.fill(held_message);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('button', { name: 'Stop' }).click();
      await expect.poll(() => page.getByTestId('round-1').getAttribute('data-status')).toBe('failed');
      expect(await page.getByTestId('round-1').textContent()).toContain('Stopped');
      expect(await box.inputValue()).toBe(held_message);
      // The server cancelled: no round counted, nothing archived, the trace round failed as cancelled.
      await expect.poll(async () => (await api<{ rounds: Array<{ status: string; failure_code?: string | null }> }>(`/api/traces/rounds?conversation=${conferenceId}`)).rounds[0]?.status).toBe('failed');
      expect((await api<{ rounds: number }>(`/api/conferences/${conferenceId}`)).rounds).toBe(0);
      await screenshot(page, '43-round-stopped');

      // Enter while an input method is composing does not send; plain Enter does.
      await box.fill('What colour are Hester’s eyes?');
      const composingEnter = await box.evaluate((element) => {
        const Keyboard = (globalThis as unknown as { KeyboardEvent: new (type: string, init: object) => { defaultPrevented: boolean } }).KeyboardEvent;
        const event = new Keyboard('keydown', { key: 'Enter', keyCode: 13, bubbles: true, cancelable: true, isComposing: true });
        (element as unknown as { dispatchEvent: (event: unknown) => boolean }).dispatchEvent(event);
        return event.defaultPrevented;
      });
      // The event reached the box and was left alone: the input method keeps its Enter.
      expect(composingEnter).toBe(false);
      expect(await page.getByTestId('round-1').count()).toBe(1);
      await box.press('Enter');
      // A stopped round never counted on the server, so the next one is round 1 again.
      await expect.poll(() => page.getByTestId('round-1').last().getAttribute('data-status'), { timeout: STEP_TIMEOUT }).toBe('done');
      const chief = page.getByTestId('entry-chief-1');
      expect(await chief.locator('strong').first().textContent()).toBe('grey');
      expect(await chief.locator('li').count()).toBeGreaterThanOrEqual(2);
      expect(await chief.locator('b').count()).toBe(0);
      expect(await chief.textContent()).toContain('<b>not</b>');
      await checkA11y('Conference (Markdown replies)');
      await screenshot(page, '44-markdown-reply');

      // 1:1: the limit shows before sending; a stopped turn gives the text back; the history survives a reload.
      await tab('1:1 Chat');
      await page.getByTestId('chat-agent').selectOption('continuity');
      const chatBox = page.getByRole('tabpanel', { name: '1:1 Chat' }).getByLabel(/^Message to/);
      await chatBox.fill('x'.repeat(20_050));
      expect(await page.getByTestId('composer-count').last().textContent()).toContain('50 too many to send');
      expect(await page.getByRole('tabpanel', { name: '1:1 Chat' }).getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
      await chatBox.fill(`${HOLD} the lamp room`);
      await page.getByRole('tabpanel', { name: '1:1 Chat' }).getByRole('button', { name: 'Send' }).click();
      await page.getByRole('tabpanel', { name: '1:1 Chat' }).getByRole('button', { name: 'Stop' }).click();
      await expect.poll(() => page.getByTestId('chat-reply-1').getAttribute('data-status')).toBe('failed');
      expect(await chatBox.inputValue()).toBe(`${HOLD} the lamp room`);
      release();
      held = new Promise<void>((resolve) => (release = resolve));
      await chatBox.fill('What colour are Hester’s eyes?');
      await page.getByRole('tabpanel', { name: '1:1 Chat' }).getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => page.getByTestId('chat-reply-2').getAttribute('data-status'), { timeout: STEP_TIMEOUT }).toBe('done');
      expect(await page.getByTestId('chat-reply-2').locator('strong').first().textContent()).toBe('grey');
      await page.reload();
      await page.getByTestId('workspace-name').waitFor();
      await tab('1:1 Chat');
      await page.getByTestId('chat-agent').selectOption('continuity');
      const restored = page.getByTestId('direct-chat').locator('[data-testid^="chat-reply-"]');
      await expect.poll(() => restored.count()).toBe(1);
      expect(await restored.first().getAttribute('data-status')).toBe('done');
      expect(await page.getByTestId('direct-chat').textContent()).toContain('What colour are Hester’s eyes?');
      expect(await restored.first().getByTestId('citation').count()).toBe(1);
      await checkA11y('1:1 Chat (restored)');
      await screenshot(page, '45-chat-restored');
    },
    180_000,
  );

  it(
    'titles issues by their question, closes and reopens them; runs the continuity pass and opens a filed issue’s line',
    async () => {
      await tab('Issues');
      const turn = page.getByRole('button', { name: /What colour are Hester’s eyes\?/ }).first();
      await turn.waitFor();
      expect(await turn.textContent()).toMatch(/Conference .* — Turn 1/);
      await checkA11y('Issues');
      await turn.click();
      const detail = page.getByTestId('issue-detail');
      await detail.getByRole('button', { name: 'Close issue' }).click();
      await expect.poll(() => detail.getAttribute('data-status')).toBe('closed');
      await detail.getByRole('button', { name: 'Reopen issue' }).click();
      await expect.poll(() => detail.getAttribute('data-status')).toBe('open');
      await screenshot(page, '46-issue-reopened');
      await detail.getByRole('button', { name: '← All issues' }).click();

      await tab('Runs');
      await page.getByRole('button', { name: 'Start the run' }).click();
      const run = page.getByTestId('run-detail');
      await expect.poll(() => run.getAttribute('data-status'), { timeout: 120_000 }).toBe('succeeded');
      expect(Number(await page.getByTestId('run-progress').getAttribute('value'))).toBeGreaterThan(0);
      expect(await run.getByRole('list', { name: 'Steps so far' }).locator('li').count()).toBeGreaterThan(3);
      await checkA11y('Runs');
      await screenshot(page, '47-run-done');
      // The sample's scenes contradict their cards in several places: the pass files at least one issue.
      const filed = page.getByTestId('run-issues').getByRole('button');
      await expect.poll(() => filed.count()).toBeGreaterThan(0);
      await filed.first().click();
      const link = page.getByTestId('issue-detail').getByTestId('file-ref').first();
      await link.waitFor();
      const target = /^(.+?)#L(\d+)/.exec((await link.textContent()) ?? '')!;
      await link.click();
      await expect.poll(() => page.getByTestId('reader').getAttribute('data-path')).toBe(target[1]);
      expect(await page.getByTestId('highlight').getAttribute('data-start')).toBe(target[2]);
      await checkA11y('Issue from the run');
      await screenshot(page, '48-run-issue-line');
      // Marked intentional: the issue closes, and the next pass does not file that finding again.
      const title = (await detail.getAttribute('aria-label')) ?? '';
      await detail.getByRole('button', { name: 'Mark intentional' }).click();
      await expect.poll(() => detail.getAttribute('data-status')).toBe('closed');
      expect(await detail.textContent()).toContain('Marked intentional');
      await tab('Runs');
      await page.getByRole('button', { name: 'Start the run' }).click();
      await expect.poll(async () => (await api<{ runs: Array<{ status: string }> }>('/api/runs')).runs[0]?.status, { timeout: 120_000 }).toBe('succeeded');
      const titles = (await api<{ issues: Array<{ title: string; status: string }> }>('/api/issues?status=open')).issues.map((issue) => issue.title);
      expect(titles).not.toContain(title);

      // A run whose model step waits: its progress shows while it runs, and Cancel stops it.
      mkdirSync(file('.control-room/recipes'), { recursive: true });
      writeFileSync(
        file('.control-room/recipes/held-notes.json'),
        JSON.stringify({
          schema_version: 1, id: 'held-notes', name: 'Held notes', description: 'Asks the model about each scene (the test model waits).',
          steps: [{ id: 'ask', kind: 'model', for_each: 'scenes', prompt: `${HOLD}: one line about {{item.path}}` }],
        }),
      );
      await tab('Runs');
      await page.getByRole('form', { name: 'Start a run' }).getByRole('button', { name: 'Refresh' }).click();
      await page.getByLabel('Recipe').selectOption('held-notes');
      await page.getByRole('button', { name: 'Start the run' }).click();
      // The detail shown is the new run's once its heading names the recipe; only then do its status and progress count.
      const held = page.getByTestId('run-detail').filter({ has: page.getByRole('heading', { name: 'Held notes' }) });
      await expect.poll(() => held.getAttribute('data-status'), { timeout: STEP_TIMEOUT }).toBe('running');
      await expect.poll(() => held.textContent(), { timeout: STEP_TIMEOUT }).toContain('now ask on Story/Scenes/');
      await screenshot(page, '49-run-running');
      await held.getByRole('button', { name: 'Cancel the run' }).click();
      await expect.poll(() => held.getAttribute('data-status'), { timeout: STEP_TIMEOUT }).toBe('cancelled');
      expect(await held.getByRole('list', { name: 'Steps so far' }).textContent()).toContain('run cancelled');
    },
    240_000,
  );

  it(
    'rebuilds the canon after one confirmation and opens a fact’s line; remembers, finds and pins notes; uploads, plays and pins a clip',
    async () => {
      await tab('Canon');
      await page.getByTestId('canon-status').waitFor();
      // The loopback model answers prose, not facts: this build reads the cards' fields and bullets.
      await page.getByLabel('Extract facts').selectOption('deterministic');
      await page.getByRole('button', { name: 'Rebuild the canon index' }).click();
      await page.getByRole('button', { name: 'Confirm and apply' }).click();
      await expect.poll(() => page.getByTestId('canon-status').getAttribute('data-state'), { timeout: 90_000 }).toBe('done');
      const fact = page.getByTestId('canon-fact-link').first();
      await fact.waitFor();
      await checkA11y('Canon');
      await screenshot(page, '49-canon');
      await fact.click();
      await page.getByTestId('highlight').waitFor();
      expect(await page.getByTestId('reader').getAttribute('data-path')).toMatch(/^(Compendium|Story)\//);

      await tab('Memory');
      await page.getByLabel(/^Remember a note in/).fill(`Hester’s eyes are grey: ${CARD_PATH}#L8`);
      await page.getByRole('button', { name: 'Remember' }).click();
      const note = page.getByRole('region', { name: 'Notes in this bucket' }).locator('[data-testid^="memory-"]', { hasText: 'Hester’s eyes are grey' });
      await expect.poll(() => note.getAttribute('data-pinned')).toBe('true');
      const saved = (await note.getAttribute('data-testid')) ?? '';
      // The register names the bucket's notes now, not the empty placeholder.
      const register = page.getByTestId('register-line');
      await expect.poll(() => register.textContent()).toMatch(/^Register: \d+ notes?, \d+ pinned: /);
      expect(await register.textContent()).not.toMatch(/nothing yet|No notes yet/);
      await page.getByLabel('Search every bucket').fill('grey eyes');
      await page.getByRole('button', { name: 'Search' }).click();
      // The best match is the note just saved.
      const found = page.getByRole('region', { name: 'Search results' }).getByRole('listitem').first();
      await found.waitFor();
      expect(await found.getAttribute('data-testid')).toBe(saved);
      expect(await found.textContent()).toContain('Hester’s eyes are grey');
      await note.getByRole('button', { name: /^Unpin/ }).click();
      await expect.poll(() => page.getByRole('region', { name: 'Notes in this bucket' }).locator('[data-testid^="memory-"]').first().getAttribute('data-pinned')).toBe('false');
      await checkA11y('Memory');
      await screenshot(page, '50-memory');

      await tab('Audio');
      await page.getByLabel(/^Upload a clip \(/).setInputFiles({ name: 'voice-note.wav', mimeType: 'audio/wav', buffer: wavClip() });
      const clip = page.locator('[data-testid^="clip-"]').first();
      await clip.waitFor();
      expect(await clip.getByTestId('clip-expiry').textContent()).toMatch(/removed in \d+ days?/);
      await clip.getByRole('button', { name: /^Play / }).click();
      const player = clip.getByTestId('clip-audio');
      await player.waitFor();
      expect(await player.getAttribute('src')).toMatch(/^blob:/);
      await expect.poll(() => player.evaluate((element) => {
        const media = element as unknown as { readyState: number; duration: number };
        return media.readyState >= 1 && media.duration > 0.4;
      })).toBe(true);
      await clip.getByRole('button', { name: 'Pin' }).click();
      await expect.poll(() => clip.getAttribute('data-pinned')).toBe('true');
      expect(await clip.getByTestId('clip-expiry').textContent()).toBe('kept (pinned)');
      await checkA11y('Audio');
      await screenshot(page, '51-audio');
    },
    180_000,
  );

  it('draws a scene’s pacing and the book’s days per chapter, each opening its lines', async () => {
    await tab('Pictures');
    await page.getByLabel('Scene', { exact: true }).selectOption({ label: 'SCN-04-the-logbook.md' });
    await page.getByRole('button', { name: 'Draw its pacing' }).click();
    const pacing = page.getByTestId('pacing-chart');
    await pacing.waitFor({ timeout: STEP_TIMEOUT });
    expect(await pacing.getByTestId('sentence-bar').count()).toBeGreaterThan(10);
    expect(await pacing.getByTestId('dialogue-bar').count()).toBeGreaterThan(0);
    expect(await pacing.locator('svg').getAttribute('aria-label')).toMatch(/sentences.*dialogue/);
    const timeline = page.getByTestId('timeline-chart');
    await timeline.waitFor();
    expect(await timeline.getByTestId('timeline-dot').count()).toBeGreaterThanOrEqual(7);
    await checkA11y('Pictures');
    await screenshot(page, '52-pictures');
    await pacing.getByRole('button', { name: /^L\d+–\d+$/ }).first().click();
    await expect.poll(() => page.getByTestId('reader').getAttribute('data-path')).toBe('Story/Scenes/SCN-04-the-logbook.md');
    await page.getByTestId('highlight').waitFor();
  });

  it(
    'keeps every screen, with its content, accessible and without sideways scroll at 800×700 and 390×844',
    async () => {
      for (const size of [{ name: '800x700', width: 800, height: 700 }, { name: '390x844', width: 390, height: 844 }]) {
        await page.setViewportSize({ width: size.width, height: size.height });
        for (const name of ['Conference', '1:1 Chat', 'Changes', 'Issues', 'Runs', 'Canon', 'Memory', 'Pictures', 'Audio', 'Models']) {
          await page.getByTestId('pane-work').click();
          await tab(name);
          if (name === 'Changes') await page.locator('[data-testid^="task-"]').first().click();
          if (name === 'Pictures') {
            await page.getByRole('button', { name: 'Draw its pacing' }).click();
            await page.getByTestId('pacing-chart').waitFor({ timeout: STEP_TIMEOUT });
          }
          await checkA11y(`${name} at ${size.name}`);
          const overflow = (await page.evaluate('Math.max(0, document.documentElement.scrollWidth - window.innerWidth)')) as number;
          if (overflow > 0) a11y.push(`${name} at ${size.name}: the page scrolls sideways by ${overflow}px`);
          await screenshot(page, `53-${size.name}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`);
        }
      }
      expect(a11y, a11y.join('\n')).toEqual([]);
      expect(pageErrors).toEqual([]);
    },
    180_000,
  );

  it('lists the running model server and its models, and switches every agent to one at once', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await tab('Models');
    const found = page.getByTestId('discovered-servers');
    await found.waitFor({ timeout: STEP_TIMEOUT });
    expect(await found.textContent()).toContain(model.baseUrl);
    expect(await page.getByTestId('first-run-panel').count()).toBe(0);
    await found.getByRole('button', { name: 'Use qwen3-8b for every agent' }).click();
    await expect.poll(() => page.getByTestId('model-chief').textContent()).toContain('qwen3-8b');
    const settings = (await (await fetch(`${server.url}/api/settings/models`)).json()) as { agents: Array<{ model: string }> };
    expect(settings.agents.every((agent) => agent.model === 'qwen3-8b')).toBe(true);
    await checkA11y('Models (servers found)');
    await screenshot(page, '54-models-found');
    expect(a11y, a11y.join('\n')).toEqual([]);
  });
});
