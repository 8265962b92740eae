/**
 * A web page the writer happens to visit, in Chromium, against the real server: served from a
 * second loopback origin, it tries every way a page can reach Control Room — JSON fetches, no-cors
 * posts with and without bodies, beacons, forms (url-encoded, text/plain, multipart), script and
 * image loads, reading the manuscript — and a rebound domain name points straight at the server.
 * Everything is refused and nothing changes; the app's own page still starts a conference, mutes
 * and removes attendees.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { chromiumCheck, launchChromium } from './helpers/browser.js';
import { startControlRoom, type RunningServer } from './helpers/control-room-server.js';

const REBOUND_NAME = 'rebound-novel.test';

/**
 * What the page runs: every way a page can reach another origin, each settled to a short outcome
 * ("failed: TypeError", "answered opaque 0", "refused", …). Plain browser JavaScript.
 */
const ATTACK_SCRIPT = String.raw`
window.runAttacks = async (target) => {
  const settle = (promise) =>
    promise.then(
      (value) => (value instanceof Response ? 'answered ' + value.type + ' ' + value.status : 'read: ' + String(value).slice(0, 80)),
      (error) => 'failed: ' + error.name,
    );
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(44 + 800)], { type: 'audio/wav' }), 'take.wav');
  const results = {
    jsonPatch: await settle(fetch(target + '/api/agents/editor', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"muted":true}' })),
    jsonPost: await settle(fetch(target + '/api/memory/bucket:attack/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"content":"pwned"}' })),
    appHeader: await settle(fetch(target + '/api/tasks/task-1/undo', { method: 'POST', headers: { 'x-control-room': '1' } })),
    noCorsText: await settle(fetch(target + '/api/memory/bucket:attack/items', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{"content":"pwned"}' })),
    noCorsJsonDropped: await settle(fetch(target + '/api/memory/bucket:attack/items', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'application/json' }, body: '{"content":"pwned"}' })),
    noCorsBodiless: await settle(fetch(target + '/api/canon/index', { method: 'POST', mode: 'no-cors' })),
    noCorsCancel: await settle(fetch(target + '/api/runs/run-1/cancel', { method: 'POST', mode: 'no-cors' })),
    noCorsAudio: await settle(fetch(target + '/api/audio', { method: 'POST', mode: 'no-cors', body: form })),
    noCorsConference: await settle(fetch(target + '/api/conferences', { method: 'POST', mode: 'no-cors', body: '{"attendees":["editor"]}' })),
    noCorsPatch: await settle(fetch(target + '/api/agents/editor', { method: 'PATCH', mode: 'no-cors', body: '{"muted":true}' })),
    readCanon: await settle(fetch(target + '/api/vfs/file?path=Canon.md').then((response) => response.text())),
    readSettings: await settle(fetch(target + '/api/settings/models', { credentials: 'include' }).then((response) => response.text())),
    beacon: String(navigator.sendBeacon(target + '/api/memory/bucket:attack/items', new Blob(['{"content":"pwned by beacon"}'], { type: 'text/plain' }))),
  };
  const load = (tag, src) =>
    new Promise((resolve) => {
      const element = document.createElement(tag);
      element.onload = () => resolve('loaded');
      element.onerror = () => resolve('refused');
      element.src = src;
      document.body.append(element);
    });
  results.scriptTag = await load('script', target + '/api/settings/models');
  results.imageTag = await load('img', target + '/api/vfs/tree');
  for (const id of ['form-memory', 'form-json-as-text', 'form-undo', 'form-canon', 'form-mute']) {
    const frame = document.querySelector('iframe[name="sink-' + id + '"]');
    const loaded = new Promise((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
    document.getElementById(id).submit();
    await loaded;
    results[id] = 'submitted';
  }
  return results;
};
`;

/** The attacker's page: forms aimed at the server, each posting into its own hidden frame. */
function attackPage(target: string): string {
  const form = (id: string, action: string, enctype: string, fields: string) =>
    `<iframe name="sink-${id}"></iframe><form id="${id}" method="POST" action="${target}${action}" enctype="${enctype}" target="sink-${id}">${fields}</form>`;
  return `<!doctype html><html><body><h1>Free writing prompts</h1>
${form('form-memory', '/api/memory/bucket:attack/items', 'application/x-www-form-urlencoded', '<input name="content" value="pwned by form">')}
${form('form-json-as-text', '/api/memory/bucket:attack/items', 'text/plain', `<input name='{"content":"pwned by text form","x":"' value='"}'>`)}
${form('form-undo', '/api/tasks/task-1/undo', 'application/x-www-form-urlencoded', '')}
${form('form-canon', '/api/canon/index', 'multipart/form-data', '<input name="mode" value="deterministic">')}
${form('form-mute', '/api/agents/editor?_method=PATCH', 'application/x-www-form-urlencoded', '<input name="muted" value="true">')}
<script>${ATTACK_SCRIPT}</script>
</body></html>`;
}

/** sha256 of every workspace file but the SQLite stores, which reads touch (their contents are asked of the API). */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && !/\.db(-wal|-shm)?$/.test(entry.name)) hashes[path.relative(dir, full)] = createHash('sha256').update(await fs.readFile(full)).digest('hex');
    }
  };
  await walk(dir);
  return hashes;
}

const SUITE = 'a page from another origin, in Chromium, against the real server';

// Without Chromium (and without CI, where the helper fails the file instead) the skip names its reason.
const suite = chromiumCheck.run ? describe : describe.skip;
suite(chromiumCheck.run ? SUITE : `${SUITE} (not run: ${chromiumCheck.reason})`, () => {
  let workspace: { dir: string; cleanup: () => Promise<void> };
  let server: RunningServer;
  let attacker: Server;
  let attackerUrl: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    workspace = await sampleWorkspace('cr-browser-origin-');
    server = await startControlRoom(workspace.dir, {}, ['--demo']);
    attacker = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(attackPage(server.url));
      request.resume();
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
    browser = await launchChromium([`--host-resolver-rules=MAP ${REBOUND_NAME} 127.0.0.1`]);
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (attacker ? attacker.close(() => resolve()) : resolve()));
    await server?.stop();
    await workspace?.cleanup();
  });

  it('refuses every request the other page makes, lets it read nothing, and nothing changes', async () => {
    const before = await snapshot(workspace.dir);
    await page.goto(`${attackerUrl}/prompts`);
    const outcomes = (await page.evaluate(`runAttacks(${JSON.stringify(server.url)})`)) as Record<string, string>;

    // Preflighted requests never leave the browser; what is sent is refused; nothing is read.
    for (const name of ['jsonPatch', 'jsonPost', 'appHeader', 'readCanon', 'readSettings', 'noCorsPatch']) expect(outcomes[name], name).toMatch(/^failed/);
    for (const name of ['noCorsText', 'noCorsJsonDropped', 'noCorsBodiless', 'noCorsCancel', 'noCorsAudio', 'noCorsConference']) expect(outcomes[name], name).toBe('answered opaque 0');
    expect(outcomes['scriptTag']).toBe('refused');
    expect(outcomes['imageTag']).toBe('refused');
    expect(JSON.stringify(outcomes)).not.toMatch(/Canon Index|baseUrl|local-model/);

    const get = async (route: string) => (await fetch(`${server.url}${route}`)).json() as Promise<Record<string, unknown>>;
    expect(await get('/api/memory/buckets')).toEqual({ buckets: [] });
    expect(await get('/api/audio')).toEqual({ clips: [] });
    expect(((await get('/api/agents')) as { agents: Array<{ id: string; muted: boolean }> }).agents.find((agent) => agent.id === 'editor')?.muted).toBe(false);
    expect(await snapshot(workspace.dir)).toEqual(before);
  }, 120_000);

  it('answers a rebound domain name with 421 and nothing of the manuscript, page and API alike', async () => {
    const port = new URL(server.url).port;
    for (const route of ['/', '/api/vfs/file?path=Canon.md', '/api/settings/models']) {
      const response = await page.goto(`http://${REBOUND_NAME}:${port}${route}`);
      expect(response?.status(), route).toBe(421);
      expect(await response?.text()).not.toMatch(/Canon Index|baseUrl|<div id="root">/);
    }
    // Same-origin to the rebound name, so the page could read the answer — which says nothing.
    const read = await page.evaluate(() => fetch('/api/vfs/tree').then(async (response) => `${response.status} ${await response.text()}`));
    expect(read).toMatch(/^421 .*host_not_allowed/);
  }, 60_000);

  it('still works from its own page: starting a conference, muting and removing attendees', async () => {
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Start conference' }).click();
    await page.getByTestId('card-editor').waitFor();
    await page.getByRole('button', { name: 'Mute Continuity' }).click();
    await expect.poll(() => page.getByTestId('card-continuity').getAttribute('data-state'), { timeout: 20_000 }).toBe('Muted');
    // A bodiless DELETE, sent as the app sends it.
    await page.getByRole('button', { name: 'Remove Editor from the conference' }).click();
    await page.getByTestId('card-editor').waitFor({ state: 'detached', timeout: 20_000 });
    const sent = await page.evaluate(() => fetch('/api/memory/bucket:own/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"content":"The key hangs by the lamp room door."}' }).then((response) => response.status));
    expect(sent).toBe(201);
  }, 60_000);
});
