import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IssuesFileSchema } from '../../protocol/index.js';
import { steppingClock } from '../../core/testing/index.js';
import { buildIssue } from '../../core/issues/index.js';
import { Draw, SECRET_FAMILIES } from '../../../test/corpus/secrets/fake-secrets.js';
import { issuesFileBytes } from './issues-file-text.js';
import { ISSUES_FILE, JsonIssueStore } from './json-issue-store.js';

let root: string;
let file: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-issue-store-'));
  file = path.join(root, ISSUES_FILE);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(root, { recursive: true, force: true });
});

async function onDisk(): Promise<ReturnType<typeof IssuesFileSchema.parse>> {
  return IssuesFileSchema.parse(JSON.parse(await fs.readFile(file, 'utf8')));
}

describe('JsonIssueStore', () => {
  it('reads a missing file as an empty list, without creating it', async () => {
    const store = new JsonIssueStore(root);
    expect(await store.list()).toEqual([]);
    expect(await store.get('ISS-1')).toBeNull();
    await expect(fs.stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('persists created issues with increasing ids, readable by a fresh store', async () => {
    const store = new JsonIssueStore(root, { clock: steppingClock() });
    const first = await store.create({ title: 'Eyes', tags: ['continuity'] });
    const second = await store.create({ title: 'Steps', priority: 'high' });
    expect([first.id, second.id]).toEqual(['ISS-1', 'ISS-2']);
    const file = await onDisk();
    expect(file.schema_version).toBe(1);
    expect(file.issues).toEqual([first, second]);
    expect(await new JsonIssueStore(root).get('ISS-2')).toEqual(second);
  });

  it('keeps every one of many concurrent creates, from one store and from two', async () => {
    const one = new JsonIssueStore(root);
    const two = new JsonIssueStore(root);
    const created = await Promise.all(Array.from({ length: 30 }, (_, index) => (index % 2 === 0 ? one : two).create({ title: `Issue ${index}` })));
    const ids = created.map((issue) => issue.id);
    expect(new Set(ids).size).toBe(30);
    const stored = (await onDisk()).issues;
    expect(stored).toHaveLength(30);
    expect(stored.map((issue) => issue.title).sort()).toEqual(created.map((issue) => issue.title).sort());
    expect(stored.map((issue) => issue.id)).toEqual(Array.from({ length: 30 }, (_, index) => `ISS-${index + 1}`));
    const leftovers = (await fs.readdir(path.dirname(file))).filter((name) => name !== 'issues.json');
    expect(leftovers).toEqual([]);
  });

  it('updates an issue and interleaves safely with creates', async () => {
    const store = new JsonIssueStore(root, { clock: steppingClock() });
    const issue = await store.create({ title: 'Eyes' });
    const [updated] = await Promise.all([store.update(issue.id, { status: 'closed', receiptIds: ['rcpt_0123456789a'] }), store.create({ title: 'Other' })]);
    expect(updated).toMatchObject({ id: 'ISS-1', status: 'closed', receiptIds: ['rcpt_0123456789a'], createdAt: issue.createdAt });
    expect(updated.updatedAt > issue.updatedAt).toBe(true);
    expect((await onDisk()).issues.map((stored) => [stored.id, stored.status])).toEqual([['ISS-1', 'closed'], ['ISS-2', 'open']]);
  });

  it('throws issue_not_found for an unknown id, and later writes still work', async () => {
    const store = new JsonIssueStore(root);
    await expect(store.update('ISS-4', { status: 'closed' })).rejects.toMatchObject({ code: 'issue_not_found' });
    await expect(store.create({ title: '' })).rejects.toMatchObject({ code: 'issue_invalid' });
    expect((await store.create({ title: 'Fine' })).id).toBe('ISS-1');
  });

  it.each([
    ['not JSON', '{"schema_version":1,"issues":[', /not valid JSON/],
    ['the wrong shape', '{"schema_version":1,"issues":[{"id":"ISS-1"}]}', /issues\.0\./],
    ['a newer format', '{"schema_version":7,"issues":[]}', /newer Control Room/],
  ])('reports a file that is %s as issues_corrupt and leaves it untouched', async (_kind, content, reason) => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
    const store = new JsonIssueStore(root);
    await expect(store.list()).rejects.toMatchObject({ code: 'issues_corrupt', message: expect.stringMatching(reason) });
    const failure = await store.create({ title: 'Would overwrite' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'issues_corrupt', message: expect.stringContaining(file) });
    await expect(store.update('ISS-1', { status: 'closed' })).rejects.toMatchObject({ code: 'issues_corrupt' });
    expect(await fs.readFile(file, 'utf8')).toBe(content);
  });

  it('changes a long list without reading or validating the file again', async () => {
    const store = new JsonIssueStore(root, { clock: steppingClock() });
    for (let index = 0; index < 40; index += 1) await store.create({ title: `Issue ${index}` });
    // A second store on the same workspace shares what the first one holds.
    const other = new JsonIssueStore(root);
    const validations = vi.spyOn(IssuesFileSchema, 'safeParse');
    const created = await store.create({ title: 'Forty-one' });
    await other.update('ISS-3', { status: 'closed' });
    expect(await other.list()).toHaveLength(41);
    expect(await store.get('ISS-3')).toMatchObject({ status: 'closed' });
    expect(validations).not.toHaveBeenCalled();
    expect([store.readStats.wholeReads, other.readStats.wholeReads]).toEqual([0, 0]);
    expect(created.id).toBe('ISS-41');
    expect((await onDisk()).issues.map((issue) => [issue.id, issue.status]).slice(1, 4)).toEqual([['ISS-2', 'open'], ['ISS-3', 'closed'], ['ISS-4', 'open']]);
  });

  it('keeps an issue the caller changes out of the list it holds', async () => {
    const store = new JsonIssueStore(root);
    await store.create({ title: 'Eyes', tags: ['continuity'] });
    const listed = await store.list();
    listed.pop();
    expect(() => (listed as unknown[]).push('stray')).not.toThrow();
    const [issue] = await store.list();
    expect(() => issue!.tags.push('stray')).toThrow(TypeError);
    expect(await store.get('ISS-1')).toMatchObject({ tags: ['continuity'] });
  });

  it.each([
    ['edits it in place', async (text: string) => fs.writeFile(file, text)],
    ['replaces it', async (text: string) => {
      await fs.writeFile(`${file}.other`, text);
      await fs.rename(`${file}.other`, file);
    }],
  ])('sees the file when another process %s between two changes, and keeps that process\'s edit', async (_kind, write) => {
    const store = new JsonIssueStore(root, { clock: steppingClock() });
    await store.create({ title: 'Eyes' });
    await store.create({ title: 'Steps' });
    const edited = await onDisk();
    edited.issues[1] = { ...edited.issues[1]!, title: 'Steps, edited elsewhere', tags: ['cli'] };
    edited.issues.push({ ...edited.issues[0]!, id: 'ISS-3', title: 'Filed elsewhere' });
    await write(`${JSON.stringify(edited, null, 2)}\n`);
    const reads = store.readStats.wholeReads;
    const created = await store.create({ title: 'After' });
    expect(created.id).toBe('ISS-4');
    expect(store.readStats.wholeReads).toBe(reads + 1);
    expect((await onDisk()).issues.map((issue) => issue.title)).toEqual(['Eyes', 'Steps, edited elsewhere', 'Filed elsewhere', 'After']);
    await fs.writeFile(file, '{"schema_version":1,"issues":[');
    await expect(store.update('ISS-1', { status: 'closed' })).rejects.toMatchObject({ code: 'issues_corrupt' });
    expect(await fs.readFile(file, 'utf8')).toBe('{"schema_version":1,"issues":[');
  });

  it('starts a new list when the file is removed behind its back', async () => {
    const store = new JsonIssueStore(root);
    await store.create({ title: 'Eyes' });
    await fs.rm(file);
    expect(await store.list()).toEqual([]);
    expect((await store.create({ title: 'Again' })).id).toBe('ISS-1');
  });

  it('writes, change by change, the very text a whole write would, re-serialising only the changed issue', async () => {
    const store = new JsonIssueStore(root, { clock: steppingClock() });
    for (let index = 0; index < 30; index += 1) {
      await store.create({ title: `Issue ${index} — "quoted"\nsecond line`, tags: index % 2 === 0 ? ['continuity'] : [] });
    }
    await store.update('ISS-7', { status: 'closed', receiptIds: ['rcpt_0123456789a'] });
    const stringified = vi.spyOn(JSON, 'stringify');
    await store.update('ISS-12', { status: 'closed' });
    await store.create({ title: 'Thirty-one' });
    const serialised = stringified.mock.calls
      .map(([value]) => value)
      .filter((value) => typeof value === 'object' && value !== null)
      .map((value) => (value as { id?: string }).id ?? 'the whole list');
    expect(new Set(serialised)).toEqual(new Set(['ISS-12', 'ISS-31']));
    stringified.mockRestore();
    const text = await fs.readFile(file, 'utf8');
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    expect((await onDisk()).issues.map((issue) => issue.status).filter((status) => status === 'closed')).toHaveLength(2);
  });

  it('keeps secrets out of the file, in a changed issue and in one another process wrote raw', async () => {
    const draw = new Draw(4141);
    const [first, second] = [SECRET_FAMILIES[0]!.make(draw), SECRET_FAMILIES[5]!.make(draw)];
    const store = new JsonIssueStore(root, { clock: steppingClock() });
    await store.create({ title: 'Eyes' });
    await store.create({ title: 'Steps' });
    // Another process writes a secret into an issue the store has not changed.
    const edited = await onDisk();
    edited.issues[0] = { ...edited.issues[0]!, body: `pasted ${first.value} by mistake` };
    await fs.writeFile(file, `${JSON.stringify(edited, null, 2)}\n`);
    await store.update('ISS-2', { status: 'closed' });
    // And this process is handed one in a change that only touches one issue.
    await store.create({ title: 'Keys', body: `the key is ${second.value}` });
    const text = await fs.readFile(file, 'utf8');
    for (const part of [...first.mustVanish, ...second.mustVanish]) expect(text).not.toContain(part);
    expect(await new JsonIssueStore(root).list()).toHaveLength(3);
    expect(JSON.stringify(await store.list())).toBe(JSON.stringify((await onDisk()).issues));
  });
});

describe('issuesFileBytes', () => {
  it('is JSON.stringify(file, null, 2) with a final newline, for any issues', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 40 });
    const input = fc.record({ title: text.filter((title) => title.trim() !== ''), body: fc.option(text, { nil: undefined }), tags: fc.array(text, { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(input, { maxLength: 6 }), (inputs) => {
        const issues = inputs.map((value, index) => buildIssue(value, `ISS-${index + 1}`, '2026-12-01T00:00:00.000Z'));
        const file = JSON.parse(JSON.stringify({ schema_version: 1, issues })) as Parameters<typeof issuesFileBytes>[0];
        expect(Buffer.concat(issuesFileBytes(file)).toString('utf8')).toBe(`${JSON.stringify(file, null, 2)}\n`);
      }),
    );
  });
});
