/**
 * Importing a book from the web app, in Chromium against the real server: the writer picks a
 * folder (an Obsidian-like vault made here) on the Import screen, watches it import, reads the
 * report (chapters in order, notes by class, what was skipped), opens the manuscript at the first
 * chapter, and imports the folder again without duplicates. axe-core runs on the screen.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { describeViolations, seriousViolations } from './helpers/accessibility.js';
import { chromiumAvailable, launchChromium, screenshot } from './helpers/browser.js';
import { startControlRoom, type RunningServer } from './helpers/control-room-server.js';

const paragraph = (who: string, day: string) =>
  `${who} rowed out to the beacon on ${day} while the gulls argued over the nets and the tide slid back across the shingle, taking the light with it.`;

const VAULT: Record<string, string | Buffer> = {
  '.obsidian/app.json': '{}',
  'Chapters/01 The Beacon.md': `# The Beacon\n\n${paragraph('Nell', 'Sunday')}\n`,
  'Chapters/02 Nets.md': `# Nets\n\n${paragraph('Nell', 'Monday')}\n`,
  'Chapters/03 Shingle.md': `# Shingle\n\n${paragraph('Aud', 'Tuesday')}\n`,
  'People/Nell Varga.md': '# Nell Varga\n- Eyes: green\n- Age: 34\n',
  'Places/Gull Rock.md': 'A rock off the point where the beacon stands.\n',
  'Media/sketch.jpg': Buffer.from([0xff, 0xd8, 0xff, 0x00]),
};

describe.runIf(chromiumAvailable)('importing a folder from the web app, in Chromium', () => {
  let workspace: { dir: string; cleanup: () => Promise<void> };
  let source: string;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    workspace = await sampleWorkspace('cr-browser-import-');
    source = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-browser-vault-'));
    for (const [name, content] of Object.entries(VAULT)) {
      const file = path.join(source, 'Beacon Vault', name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, content);
    }
    server = await startControlRoom(workspace.dir, {}, ['--demo']);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await workspace?.cleanup();
    if (source) await fs.rm(source, { recursive: true, force: true });
  });

  const importFolder = async (): Promise<void> => {
    await page.getByLabel('Or a folder (a vault, chapters, or a .scriv project)').setInputFiles(path.join(source, 'Beacon Vault'));
    await expect.poll(() => page.getByTestId('import-choice').textContent()).toContain('Beacon Vault: 7 files');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.getByTestId('import-status').getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
  };

  it(
    'imports a chosen folder, shows the report, opens the manuscript, and updates on a second import',
    async () => {
      await page.goto(server.url);
      await page.getByRole('tab', { name: 'Import' }).click();
      await importFolder();
      const chapters = await page.getByTestId('import-chapters').locator('li').evaluateAll((items) => items.map((item) => item.querySelector('strong')?.textContent));
      expect(chapters).toEqual(['01 The Beacon', '02 Nets', '03 Shingle']);
      expect(await page.getByTestId('import-character').textContent()).toContain('Compendium/Characters/Nell Varga.md');
      expect(await page.getByTestId('import-place').textContent()).toContain('Compendium/Places/Gull Rock.md');
      expect(await page.getByTestId('import-skipped').textContent()).toContain('Media');
      const violations = await seriousViolations(page);
      expect(violations, describeViolations('the Import screen', violations)).toEqual([]);
      await screenshot(page, '40-import-report');

      await page.getByTestId('import-open-manuscript').click();
      await expect.poll(() => page.getByLabel('Reader').textContent()).toContain('rowed out to the beacon on Sunday');

      await page.getByRole('tab', { name: 'Import' }).click();
      await importFolder();
      // The first import's report may still be on screen for a moment: wait for the second one's.
      const actions = () => page.getByTestId('import-chapters').locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-action')));
      await expect.poll(actions, { timeout: 60_000 }).toEqual(['unchanged', 'unchanged', 'unchanged']);
      expect((await fs.readdir(path.join(workspace.dir, 'Story/Chapters'))).filter((name) => name.includes('(imported'))).toEqual([]);
      expect(pageErrors).toEqual([]);
    },
    180_000,
  );
});
