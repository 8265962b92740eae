import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../protocol/imports.js';
import { openRouteFixture, type RouteFixture, type RouteFixtureOptions } from '../testing/route-fixture.js';

type Upload = Array<[string, string | Uint8Array]>;

let staging: string;
let fixture: RouteFixture | null = null;

beforeAll(async () => {
  staging = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-import-staging-'));
});
afterAll(async () => {
  await fs.rm(staging, { recursive: true, force: true });
});
afterEach(async () => {
  await fixture?.close();
  fixture = null;
});

async function open(options: RouteFixtureOptions = {}): Promise<RouteFixture> {
  fixture = await openRouteFixture({ ...options, imports: { tempDir: staging, ...options.imports } });
  return fixture;
}

/** The form the web app sends: a `path` field before each `file` field. */
function formOf(files: Upload): FormData {
  const form = new FormData();
  for (const [name, content] of files) {
    form.append('path', name);
    form.append('file', new Blob([content]), name.split('/').pop() || 'file');
  }
  return form;
}

function post(app: RouteFixture['app'], body: FormData, headers: Record<string, string> = { 'x-control-room': '1' }): Promise<Response> {
  return Promise.resolve(app.request('/api/import', { method: 'POST', headers, body }));
}

async function finished(target: RouteFixture, response: Response): Promise<ImportJob> {
  expect(response.status).toBe(202);
  const { job } = (await response.json()) as { job: ImportJob };
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const polled = (await (await target.send('GET', `/api/import/${job.job_id}`)).json()) as { job: ImportJob };
    if (polled.job.status !== 'running') return polled.job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the import did not finish');
}

/** sha256 of every manuscript file and import manifest, by path: what an import may change. */
async function fingerprint(root: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await fs.readdir(folder, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else result[path.relative(root, full)] = createHash('sha256').update(await fs.readFile(full)).digest('hex');
    }
  };
  for (const folder of ['Story', 'Compendium', '.control-room/import']) await walk(path.join(root, folder));
  return result;
}

const prose = (who: string, day: string) =>
  `${who} crossed the salt flats on ${day}, the wind pulling at her coat and the lighthouse blinking twice over the tide line before the fog came in off the water.`;

describe('importing from the web app', () => {
  it('imports an uploaded .docx, reports chapters in order, and updates instead of duplicating on a second upload', async () => {
    const target = await open();
    const children = [
      new Paragraph({ text: 'Chapter One: Low Tide', heading: HeadingLevel.HEADING_1 }),
      new Paragraph({ text: prose('Mara', 'Monday') }),
      new Paragraph({ text: 'Chapter Two: The Lamp Room', heading: HeadingLevel.HEADING_1 }),
      new Paragraph({ text: prose('Mara', 'Tuesday') }),
    ];
    const docx = new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));
    const job = await finished(target, await post(target.app, formOf([['Salt Flats.docx', docx]])));
    expect(job.error).toBeNull();
    expect(job.report?.format).toBe('docx');
    expect(job.report?.source).toBe('Salt Flats.docx (uploaded)');
    const chapters = job.report!.items.filter((item) => item.kind === 'chapter');
    expect(chapters.map((item) => `${item.action} ${item.path}`)).toEqual(['created Story/Chapters/01 Low Tide.md', 'created Story/Chapters/02 The Lamp Room.md']);
    expect(await fs.readFile(path.join(target.dir, 'Story/Chapters/02 The Lamp Room.md'), 'utf8')).toContain('Tuesday');
    expect(job.progress).toMatchObject({ phase: 'writing', current: null });

    const again = await finished(target, await post(target.app, formOf([['Salt Flats.docx', docx]])));
    expect(again.report!.items.map((item) => item.action)).toEqual(job.report!.items.map(() => 'unchanged'));
    expect(await fs.readdir(path.join(target.dir, 'Story/Chapters'))).not.toContainEqual(expect.stringContaining('(imported'));
    expect(await fs.readdir(staging)).toEqual([]);
    const listed = (await (await target.send('GET', '/api/import')).json()) as { jobs: ImportJob[] };
    expect(listed.jobs.map((entry) => entry.job_id)).toEqual([again.job_id, job.job_id]);
    // The writer hears of each finished import from any screen.
    await expect
      .poll(async () => ((await (await target.send('GET', '/api/notifications')).json()) as { notifications: Array<{ kind: string; title: string }> }).notifications)
      .toContainEqual(expect.objectContaining({ kind: 'import_finished', title: 'Import of Salt Flats.docx finished' }));
  });

  it('imports an uploaded vault folder, classifies its notes, skips attachments, and re-imports changes in place', async () => {
    const target = await open();
    const vault: Upload = [
      ['Harbour Vault/.obsidian/app.json', '{}'],
      ['Harbour Vault/Draft/01 Arrival.md', `# Arrival\n\n${prose('Mara', 'Monday')}\n`],
      ['Harbour Vault/Draft/02 The Keeper.md', `# The Keeper\n\n${prose('Osk', 'Tuesday')}\n`],
      ['Harbour Vault/World/Characters/Osk Lind.md', '# Osk Lind\n- Eyes: grey\n- Age: 63\n'],
      ['Harbour Vault/World/Places/Skerry Light.md', 'A lighthouse on a rock at the harbour mouth.\n'],
      ['Harbour Vault/assets/chart.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01])],
    ];
    const job = await finished(target, await post(target.app, formOf(vault)));
    expect(job.status).toBe('done');
    expect(job.name).toBe('Harbour Vault');
    const where = Object.fromEntries(job.report!.items.map((item) => [item.origin, `${item.kind} ${item.path}`]));
    expect(where).toMatchObject({
      'Draft/01 Arrival.md': 'chapter Story/Chapters/01 Arrival.md',
      'Draft/02 The Keeper.md': 'chapter Story/Chapters/02 The Keeper.md',
      'World/Characters/Osk Lind.md': 'character Compendium/Characters/Osk Lind.md',
      'World/Places/Skerry Light.md': 'place Compendium/Places/Skerry Light.md',
    });
    expect(job.report!.skipped.map((item) => item.origin)).toContainEqual(expect.stringContaining('assets'));

    const edited = vault.map(([name, content]): [string, string | Uint8Array] => [name, name.endsWith('02 The Keeper.md') ? `# The Keeper\n\n${prose('Osk', 'Wednesday')}\n` : content]);
    const again = await finished(target, await post(target.app, formOf(edited)));
    const actions = Object.fromEntries(again.report!.items.map((item) => [item.origin, item.action]));
    expect(actions).toMatchObject({ 'Draft/01 Arrival.md': 'unchanged', 'Draft/02 The Keeper.md': 'updated' });
    expect(await fs.readFile(path.join(target.dir, 'Story/Chapters/02 The Keeper.md'), 'utf8')).toContain('Wednesday');
    expect(await fs.readdir(staging)).toEqual([]);
  });

  it('imports an uploaded Scrivener package in binder order', async () => {
    const target = await open();
    const rtf = (text: string) => `{\\rtf1\\ansi\\ansicpg1252\n{\\fonttbl\\f0\\fswiss Helvetica;}\n\\pard\\f0\\fs24 ${text}}`;
    const item = (uuid: string, title: string) => `<BinderItem UUID="${uuid}" Type="Text"><Title>${title}</Title></BinderItem>`;
    const binder = `<BinderItem UUID="D" Type="DraftFolder"><Title>Draft</Title><Children>${item('Z9', 'Undertow')}${item('A1', 'Slack Water')}</Children></BinderItem>`;
    const job = await finished(
      target,
      await post(
        target.app,
        formOf([
          ['Tide Book.scriv/Tide Book.scrivx', `<?xml version="1.0" encoding="UTF-8"?>\n<ScrivenerProject Version="2.0"><Binder>${binder}</Binder></ScrivenerProject>`],
          ['Tide Book.scriv/Files/Data/Z9/content.rtf', rtf(prose('Mara', 'Thursday'))],
          ['Tide Book.scriv/Files/Data/A1/content.rtf', rtf(prose('Osk', 'Friday'))],
        ]),
      ),
    );
    expect(job.report?.format).toBe('scrivener');
    expect(job.report!.items.filter((entry) => entry.kind === 'chapter').map((entry) => entry.path)).toEqual(['Story/Chapters/01 Undertow.md', 'Story/Chapters/02 Slack Water.md']);
    expect(await fs.readFile(path.join(target.dir, 'Story/Chapters/01 Undertow.md'), 'utf8')).toContain('Thursday');
  });

  it('refuses hostile paths, oversized uploads and forms without the app header, writing nothing', async () => {
    const target = await open({ imports: { limits: { maxBytes: 4096, maxFiles: 4 } } });
    const before = await fingerprint(target.dir);
    const hostile = [
      '../escape.md',
      'Vault/../../escape.md',
      '/etc/escape.md',
      'C:/escape.md',
      'c:escape.md',
      'Vault\\..\\escape.md',
      'Vault/%2e%2e/escape.md',
      'Vault/%2E%2e%2fescape.md',
      'Vault/chapter\u0000.md',
      'Vault/\u001b[2J.md',
      'Vault//escape.md',
      'Vault/./escape.md',
      'Vault/. ./escape.md',
      'Vault/.../escape.md',
      'Vault/',
      '',
    ];
    for (const name of hostile) {
      const response = await post(target.app, formOf([['Vault/ok.md', 'fine'], [name, 'x']]));
      expect({ name, status: response.status, code: ((await response.json()) as { error: { code: string } }).error.code }).toEqual({ name, status: 400, code: 'import_upload_path_invalid' });
    }
    const refusals: Array<[FormData, Record<string, string> | undefined, number, string]> = [
      [formOf([['Vault/big.md', 'x'.repeat(5000)]]), undefined, 413, 'import_upload_too_large'],
      [formOf([['Vault/a.md', 'x'.repeat(3000)], ['Vault/b.md', 'x'.repeat(3000)]]), undefined, 413, 'import_upload_too_large'],
      [formOf(['a', 'b', 'c', 'd', 'e'].map((name): [string, string] => [`Vault/${name}.md`, name])), undefined, 413, 'import_upload_too_many_files'],
      [formOf([['Vault/One.md', 'a'], ['Vault/one.md', 'b']]), undefined, 400, 'import_upload_invalid'],
      [formOf([['Vault/Notes', 'a'], ['Vault/Notes/x.md', 'b']]), undefined, 400, 'import_upload_invalid'],
      [new FormData(), undefined, 400, 'import_upload_invalid'],
      [formOf([['Vault/ok.md', 'fine']]), {}, 415, 'content_type_required'],
      [formOf([['Vault/ok.md', 'fine']]), { 'x-control-room': '1', origin: 'https://elsewhere.example' }, 403, 'cross_origin_refused'],
    ];
    for (const [form, headers, status, code] of refusals) {
      const response = await post(target.app, form, headers);
      expect({ status: response.status, code: ((await response.json()) as { error: { code: string } }).error.code }).toEqual({ status, code });
    }
    // A body sent in chunks, without a length, is counted as it arrives.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 200; index += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const streamed = await target.app.request('/api/import', {
      method: 'POST',
      headers: { 'x-control-room': '1', 'content-type': 'multipart/form-data; boundary=edge' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect({ status: streamed.status, code: ((await streamed.json()) as { error: { code: string } }).error.code }).toEqual({ status: 413, code: 'import_upload_too_large' });
    const unpaired = new FormData();
    unpaired.append('file', new Blob(['x']), 'x.md');
    expect((await post(target.app, unpaired)).status).toBe(400);
    expect(await fingerprint(target.dir)).toEqual(before);
    expect(((await (await target.send('GET', '/api/import')).json()) as { jobs: unknown[] }).jobs).toEqual([]);
    expect(await fs.readdir(staging)).toEqual([]);
  });

  it('reports a failed import with its reason and leaves the workspace as it was, also when writing failed part-way', async () => {
    const target = await open();
    const before = await fingerprint(target.dir);
    const job = await finished(target, await post(target.app, formOf([['Broken Book.docx', 'this is not a zip archive']])));
    expect(job.status).toBe('failed');
    expect(job.error?.code).toBe('import_source_unreadable');
    expect(job.error?.message).not.toContain(staging);
    expect(job.report).toBeNull();
    expect(await fingerprint(target.dir)).toEqual(before);
    expect(await fs.readdir(staging)).toEqual([]);
    expect((await target.send('GET', '/api/import/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    // A failure part-way through writing (a folder stands where the third chapter goes) is undone too.
    await fs.mkdir(path.join(target.dir, 'Story/Chapters/03 Blocked.md'), { recursive: true });
    const blocked = await fingerprint(target.dir);
    const chapters: Upload = ['01 First', '02 Second', '03 Blocked', '04 Fourth'].map((title, index) => [`Tide/Draft/${title}.md`, `# ${title.slice(3)}\n\n${prose('Mara', `day ${index}`)}\n`]);
    const partial = await finished(target, await post(target.app, formOf([...chapters, ['Tide/Characters/Mara Quist.md', '# Mara Quist\n- Eyes: brown\n']])));
    expect(partial.status).toBe('failed');
    expect(partial.error?.message).toContain('The workspace is as it was before the import.');
    // Two chapters had been written when it failed; they are gone again.
    expect(partial.progress).toMatchObject({ phase: 'writing', done: 2 });
    expect(await fingerprint(target.dir)).toEqual(blocked);
    expect(await fs.readdir(path.join(target.dir, 'Story/Chapters'))).toEqual(['03 Blocked.md']);
    expect(await fs.readdir(staging)).toEqual([]);
  });
});
