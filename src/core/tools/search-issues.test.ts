import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import { JsonIssueStore } from '../../adapters/json-issue-store/index.js';
import type { SearchIssuesArgs } from '../../protocol/index.js';
import { defaultAgentsFile } from '../agents/index.js';
import { InMemoryIssueStore, RecordingWorkspace, steppingClock } from '../testing/index.js';
import { searchIssuesTool } from './search-issues.js';
import type { ToolContext } from './tool-definition.js';

let base: string;
let context: ToolContext;

async function search(args: SearchIssuesArgs, on: ToolContext = context): Promise<Array<Record<string, unknown>>> {
  return (await searchIssuesTool.run(args, on)).result['issues'] as Array<Record<string, unknown>>;
}
const ids = (issues: Array<Record<string, unknown>>): unknown[] => issues.map((issue) => issue['id']);

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-issues-tool-'));
  await initWorkspace(base);
  const issues = new InMemoryIssueStore({ clock: steppingClock() });
  await issues.create({ title: 'Eye colour drifts', tags: ['continuity', 'Hester'], priority: 'high', assignedTo: 'continuity', interestLevel: 4, personalTags: { continuity: ['eyes'] } }); // ISS-1
  await issues.create({ title: 'Act two sags', tags: ['structure'], priority: 'normal', assignedTo: 'story-architect', interestLevel: 2 }); // ISS-2
  await issues.create({ title: 'Dead man talks', tags: ['continuity'], priority: 'urgent', interestLevel: 5, receiptIds: ['rcpt_0123456789a', 'rcpt_0123456789b'], personalTags: { editor: ['eyes', 'later'] } }); // ISS-3
  await issues.create({ title: 'Adverbs in scene 4', tags: ['prose'], status: 'closed', priority: 'low', body: 'x'.repeat(250) }); // ISS-4
  await issues.create({ title: 'Steps count', tags: ['continuity'], priority: 'high', personalTags: { continuity: ['later'] } }); // ISS-5
  context = { workspace: new RecordingWorkspace(await FsWorkspace.open(base)), issues, agents: defaultAgentsFile().agents };
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('search_issues', () => {
  it('lists open issues by default, most urgent first, then newest', async () => {
    expect(ids(await search({}))).toEqual(['ISS-3', 'ISS-5', 'ISS-1', 'ISS-2']);
  });

  it('returns summaries with the receipt count and no file refs', async () => {
    const output = await searchIssuesTool.run({ tags: ['continuity'], priority: 'urgent' }, context);
    expect(output.result['total_matches']).toBe(1);
    expect(output.result['issues']).toEqual([
      {
        id: 'ISS-3',
        title: 'Dead man talks',
        status: 'open',
        priority: 'urgent',
        tags: ['continuity'],
        assignedTo: null,
        interestLevel: 5,
        receipts: 2,
        createdAt: '2025-01-01T00:00:02.000Z',
        body: '',
      },
    ]);
    expect(output.fileRefs).toEqual([]);
  });

  it('filters by status, tags (all of them, any case), assignee and interest', async () => {
    expect(ids(await search({ status: 'closed' }))).toEqual(['ISS-4']);
    expect(ids(await search({ status: 'all' }))).toHaveLength(5);
    expect(ids(await search({ tags: ['CONTINUITY', 'hester'] }))).toEqual(['ISS-1']);
    expect(ids(await search({ assignedTo: 'Story-Architect' }))).toEqual(['ISS-2']);
    expect(ids(await search({ minInterestLevel: 4 }))).toEqual(['ISS-3', 'ISS-1']);
  });

  it("matches personal tags of the named agent, or of any agent when none is named", async () => {
    expect(ids(await search({ personalTags: ['eyes'] }))).toEqual(['ISS-3', 'ISS-1']);
    expect(ids(await search({ personalTags: ['eyes'], personalAgent: 'continuity' }))).toEqual(['ISS-1']);
    expect(ids(await search({ personalTags: ['eyes', 'later'] }))).toEqual(['ISS-3']);
    expect(ids(await search({ excludePersonalTags: ['later'], personalAgent: 'continuity' }))).toEqual(['ISS-3', 'ISS-1', 'ISS-2']);
    expect(ids(await search({ excludePersonalTags: ['later'] }))).toEqual(['ISS-1', 'ISS-2']);
  });

  it('cuts bodies to 200 characters', async () => {
    const [closed] = await search({ status: 'closed' });
    expect(closed?.['body']).toBe(`${'x'.repeat(200)}…`);
  });

  it('reads the issues of a real JSON issue store and touches no manuscript file', async () => {
    const store = new JsonIssueStore(base, { clock: steppingClock() });
    await store.create({ title: 'Saved note', tags: ['canon'] });
    const onDisk: ToolContext = { ...context, issues: store };
    expect(ids(await search({ tags: ['canon'] }, onDisk))).toEqual(['ISS-1']);
    expect((context.workspace as RecordingWorkspace).calls).toEqual([]);
  });
});
