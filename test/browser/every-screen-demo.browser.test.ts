/**
 * Every screen of the web app in demo mode (no model server), at a desktop size, at 800×700 and
 * at 390×844: no serious or critical axe-core violation (colour contrast included), no sideways
 * scroll, and on the conversation screens the conversation and the message box in view. Models
 * explains how to connect a model server. Keyboard only (Tab, Shift+Tab, arrows, Enter, Space): a
 * file opens, a conference starts, a message is sent and answered and a reply's action button works,
 * with the focus visible on every stop. Screenshots of each screen are saved as test artifacts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { describeViolations, seriousViolations, sidewaysOverflow, visibleBox } from './helpers/accessibility.js';
import { chromiumAvailable, launchChromium, screenshot } from './helpers/browser.js';
import { startControlRoom, type RunningServer } from './helpers/control-room-server.js';

const TABS = ['Conference', '1:1 Chat', 'Changes', 'Issues', 'Runs', 'Canon', 'Memory', 'Pictures', 'Audio', 'Models', 'Import', 'Dev Tools'] as const;
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: '800x700', width: 800, height: 700 },
  { name: '390x844', width: 390, height: 844 },
] as const;
const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const SCENE = 'Story/Scenes/SCN-02-harbour-house.md';

/** The focused element as a keyboard user meets it, and whether its focus shows (an outline or a shadow). */
interface Focused {
  tag: string;
  type: string;
  role: string;
  testId: string;
  label: string;
  text: string;
  visible: boolean;
}

const FOCUSED = `(() => {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const style = getComputedStyle(element);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  return {
    tag: element.tagName.toLowerCase(),
    type: element.getAttribute('type') ?? '',
    role: element.getAttribute('role') ?? '',
    testId: element.getAttribute('data-testid') ?? '',
    label: element.getAttribute('aria-label') ?? element.labels?.[0]?.textContent?.trim() ?? '',
    text: (element.textContent ?? '').trim().replace(/\\s+/g, ' ').slice(0, 60),
    visible: outline || style.boxShadow !== 'none',
  };
})()`;

const focused = (page: Page): Promise<Focused | null> => page.evaluate(FOCUSED) as Promise<Focused | null>;

const describeFocus = (focus: Focused | null): string =>
  focus ? `${focus.tag}${focus.testId ? `[${focus.testId}]` : ''} "${focus.label || focus.text}"` : 'nothing';

/**
 * Presses Tab (Shift+Tab going back) until the focus is on what `matches`; every stop on the way
 * whose focus does not show is noted in `hidden`. Fails, naming the stops, when it is never reached.
 */
async function tabUntil(page: Page, what: string, matches: (focus: Focused) => boolean, hidden: string[], back: boolean, limit = 80): Promise<void> {
  const path: string[] = [];
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focus = await focused(page);
    path.push(describeFocus(focus));
    if (focus && !focus.visible) hidden.push(describeFocus(focus));
    if (focus && matches(focus)) return;
  }
  throw new Error(`${what} was not reached by ${back ? 'Shift+Tab' : 'Tab'}; the focus went: ${path.join(' → ')}`);
}

describe.runIf(chromiumAvailable)('every screen in demo mode, at every size, by keyboard', () => {
  let workspace: { dir: string; cleanup: () => Promise<void> };
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    workspace = await sampleWorkspace('cr-browser-screens-');
    server = await startControlRoom(workspace.dir, {}, ['--demo']);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await workspace?.cleanup();
  });

  const openTab = async (tab: string, narrow: boolean): Promise<void> => {
    if (narrow) await page.getByTestId('pane-work').click();
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect.poll(() => page.getByRole('tab', { name: tab, exact: true }).getAttribute('aria-selected')).toBe('true');
    // Let the screen's first loads settle before it is checked.
    await page.waitForLoadState('networkidle');
  };

  it(
    'passes axe and fits every size on every screen; the conversation and the message box stay in view',
    async () => {
      await page.goto(server.url);
      await page.getByTestId('workspace-name').waitFor();
      await page.getByRole('button', { name: 'Start conference' }).click();
      await page.getByTestId('conference-chat').waitFor();
      // One demo round first, so the conversation, Issues and Dev Tools have something to show.
      await page.getByLabel('Message to the room').fill('Is Hester’s eye colour consistent across the scenes?');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => page.getByTestId('round-1').getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
      const problems: string[] = [];
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        const narrow = size.width < 1100;
        for (const tab of TABS) {
          await openTab(tab, narrow);
          const violations = await seriousViolations(page);
          if (violations.length > 0) problems.push(describeViolations(`${tab} at ${size.name}`, violations));
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) problems.push(`${tab} at ${size.name}: the page scrolls sideways by ${overflow}px`);
          if (tab === 'Conference' || tab === '1:1 Chat') {
            const log = await visibleBox(page, tab === 'Conference' ? '[data-testid="conference-chat"]' : '[data-testid="direct-chat"]');
            const box = await visibleBox(page, '.panel:not([hidden]) .composer textarea');
            if (!log || log.visibleHeight < 150) problems.push(`${tab} at ${size.name}: the conversation shows only ${log?.visibleHeight ?? 0}px`);
            if (!box?.inside) problems.push(`${tab} at ${size.name}: the message box is not in view`);
          }
          await screenshot(page, `30-${size.name}-${slug(tab)}`);
          if (tab === 'Dev Tools') {
            for (const section of ['Telemetry', 'Traces']) {
              await page.getByRole('tab', { name: section, exact: true }).click();
              await page.waitForLoadState('networkidle');
              const more = await seriousViolations(page);
              if (more.length > 0) problems.push(describeViolations(`${tab} › ${section} at ${size.name}`, more));
              if ((await sidewaysOverflow(page)) > 0) problems.push(`${tab} › ${section} at ${size.name}: the page scrolls sideways`);
            }
            await page.getByRole('tab', { name: 'Receipts', exact: true }).click();
          }
          if (tab === 'Issues') {
            await page.locator('[data-testid^="issue-"]').first().click();
            await page.getByTestId('issue-detail').waitFor();
            const more = await seriousViolations(page);
            if (more.length > 0) problems.push(describeViolations(`issue detail at ${size.name}`, more));
            if ((await sidewaysOverflow(page)) > 0) problems.push(`issue detail at ${size.name}: the page scrolls sideways`);
            await screenshot(page, `30-${size.name}-issue-detail`);
            await page.getByRole('button', { name: '← All issues' }).click();
          }
        }
        if (narrow) {
          // The other panes of a narrow screen: the file tree and the reader, one at a time.
          await page.getByTestId('pane-files').click();
          await page.getByTestId('file-Story/Scenes/SCN-01-the-lamp-room.md').click();
          await expect.poll(() => page.getByTestId('reader').getAttribute('data-path')).toBe('Story/Scenes/SCN-01-the-lamp-room.md');
          expect(await page.getByTestId('pane-reader').getAttribute('aria-pressed')).toBe('true');
          const violations = await seriousViolations(page);
          if (violations.length > 0) problems.push(describeViolations(`reader at ${size.name}`, violations));
          if ((await sidewaysOverflow(page)) > 0) problems.push(`reader at ${size.name}: the page scrolls sideways`);
          await screenshot(page, `30-${size.name}-reader`);
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
      expect(pageErrors).toEqual([]);
    },
    300_000,
  );

  it('explains how to connect LM Studio, Ollama or llama.cpp when no model server answers, and switches to one live', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(server.url);
    await page.getByTestId('workspace-name').waitFor();
    await openTab('Models', false);
    const panel = page.getByTestId('first-run-panel');
    await panel.waitFor();
    const text = (await panel.textContent()) ?? '';
    for (const name of ['LM Studio', 'Ollama', 'llama.cpp', '127.0.0.1:1234', '127.0.0.1:11434', '127.0.0.1:8080']) expect(text).toContain(name);
    await screenshot(page, '31-first-run');
    // Choosing one switches every agent's endpoint at once, without a restart.
    await panel.getByRole('button', { name: 'Use llama.cpp' }).click();
    await expect.poll(() => page.getByTestId('model-chief').textContent()).toContain('http://127.0.0.1:8080/v1');
    const settings = (await (await fetch(`${server.url}/api/settings/models`)).json()) as { agents: Array<{ agentId: string; baseUrl: string }> };
    expect(settings.agents.every((agent) => agent.baseUrl === 'http://127.0.0.1:8080/v1')).toBe(true);
  });

  it(
    'is usable by keyboard alone: a file opens, a conference starts, a message is sent and answered, an action button works, and the focus always shows',
    async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(server.url);
      // A first visit: no conference to reopen, so it is started by keyboard too.
      await page.evaluate('window.localStorage.clear()');
      await page.reload();
      await page.getByTestId('workspace-name').waitFor();
      await page.waitForLoadState('networkidle');
      const hidden: string[] = [];
      const tabTo = (what: string, matches: (focus: Focused) => boolean, back = false) => tabUntil(page, what, matches, hidden, back);

      // The file tree: Tab from the top of the page reaches a scene; Enter opens it in the reader.
      await tabTo('a scene in the file tree', (focus) => focus.testId === `file-${SCENE}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('reader').getAttribute('data-path')).toBe(SCENE);

      // The workbench tabs: one Tab stop, the arrow keys move between them.
      await tabTo('the selected workbench tab', (focus) => focus.role === 'tab' && focus.text === 'Conference');
      const moves = [
        ['ArrowRight', '1:1 Chat'],
        ['ArrowRight', 'Changes'],
        ['ArrowLeft', '1:1 Chat'],
        ['ArrowLeft', 'Conference'],
      ] as const;
      for (const [key, expected] of moves) {
        await page.keyboard.press(key);
        await expect.poll(async () => (await focused(page))?.text).toBe(expected);
        expect(await page.getByRole('tab', { name: expected, exact: true }).getAttribute('aria-selected')).toBe('true');
        if (!(await focused(page))?.visible) hidden.push(`tab ${expected}`);
      }

      // Space unticks and ticks an attendee again; Enter starts the conference.
      await tabTo('an attendee to choose', (focus) => focus.tag === 'input' && focus.type === 'checkbox');
      const attendee = page.locator('input[name="attendee"]').first();
      expect(await attendee.isChecked()).toBe(true);
      await page.keyboard.press('Space');
      await expect.poll(() => attendee.isChecked()).toBe(false);
      await page.keyboard.press('Space');
      await expect.poll(() => attendee.isChecked()).toBe(true);
      await tabTo('Start conference', (focus) => focus.text === 'Start conference');
      await page.keyboard.press('Enter');
      await page.getByTestId('conference-chat').waitFor();

      // The message box: typed into and sent with Enter; the next Tab reaches Stop, and Enter on it stops the round.
      const question = 'Is Hester’s eye colour consistent across the scenes?';
      const chat = page.getByTestId('conference-chat');
      await tabTo('the message box', (focus) => focus.label === 'Message to the room');
      await page.keyboard.type(question);
      await page.keyboard.press('Enter');
      await tabTo('Stop', (focus) => focus.tag === 'button' && focus.text === 'Stop');
      await page.keyboard.press('Enter');
      await chat.locator('[data-testid^="round-"][data-status="failed"]').getByText('Stopped').waitFor({ timeout: 30_000 });
      const box = page.getByLabel('Message to the room');
      await expect.poll(() => box.inputValue()).toBe(question);

      // The focus is back in the message box, where the stopped message waits; Enter sends it again and the room answers.
      await expect.poll(async () => (await focused(page))?.label).toBe('Message to the room');
      if (!(await focused(page))?.visible) hidden.push('the message box after Stop');
      await page.keyboard.press('Enter');
      const answered = chat.locator('[data-testid^="round-"][data-status="done"]');
      await answered.waitFor({ timeout: 60_000 });
      await answered.locator('[data-testid^="entry-"]').first().waitFor();
      await screenshot(page, '32-keyboard-conference');

      // An action button of the reply, reached backwards from the message box: Trace opens the round's trace.
      await tabTo('the round’s Trace button', (focus) => focus.tag === 'button' && focus.text === 'Trace', true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('tab', { name: 'Dev Tools', exact: true }).getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => page.getByRole('tab', { name: 'Traces', exact: true }).getAttribute('aria-selected')).toBe('true');
      await screenshot(page, '32-keyboard-trace');

      expect(hidden, `focus not visible on: ${hidden.join('; ')}`).toEqual([]);
      expect(pageErrors).toEqual([]);
    },
    90_000,
  );
});
