import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import type { Agent } from '../../protocol/index.js';
import { defaultAgentsFile } from '../agents/index.js';
import { InMemoryIssueStore, RecordingWorkspace } from '../testing/index.js';
import { taskRouterTool } from './task-router.js';
import type { ToolContext } from './tool-definition.js';

let base: string;
let spy: RecordingWorkspace;

function contextFor(agents: readonly Agent[] = defaultAgentsFile().agents): ToolContext {
  return { workspace: spy, issues: new InMemoryIssueStore(), agents };
}

async function route(request: string, agents?: readonly Agent[]): Promise<Record<string, unknown>> {
  return (await taskRouterTool.run({ user_request: request }, contextFor(agents))).result;
}

const agentIds = (result: Record<string, unknown>): string[] => (result['agents'] as Array<{ id: string }>).map((agent) => agent.id);

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-router-'));
  await initWorkspace(base);
  spy = new RecordingWorkspace(await FsWorkspace.open(base));
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('task_router', () => {
  it('sends continuity questions to Continuity, with the Chief coordinating', async () => {
    const result = await route("Is Hester's eye colour consistent with the canon?");
    expect(agentIds(result)).toEqual(['chief', 'continuity']);
    expect(result['matched_keywords']).toEqual(expect.arrayContaining(['eye', 'colour', 'canon', 'consistent']));
    expect(result['suggested_tools']).toEqual(['file_locator', 'file_reader', 'canon_checker', 'consistency_checker']);
    expect(result['evidence_type']).toBe('content');
  });

  it('routes sentence work to the Line Editor and structure to the Story Architect, in roster order', async () => {
    const result = await route('The pacing of act two drags and the sentences in the storm scene are full of adverbs.');
    expect(agentIds(result)).toEqual(['chief', 'line-editor', 'story-architect']);
    const reasons = result['agents'] as Array<{ id: string; role: string; reason: string }>;
    expect(reasons.find((agent) => agent.id === 'line-editor')?.reason).toMatch(/sentence.*adverb/);
    expect(result['suggested_tools']).toEqual(expect.arrayContaining(['prose_analyzer', 'outline_analyzer']));
  });

  it('routes stakes and whether a scene works to the Editor', async () => {
    expect(agentIds(await route('Does the scene work? The stakes feel low.'))).toEqual(['chief', 'editor']);
  });

  it('keeps only the Chief when nothing matches', async () => {
    const result = await route('Hello there.');
    expect(agentIds(result)).toEqual(['chief']);
    expect(result['suggested_tools']).toEqual(['file_locator', 'file_reader']);
  });

  it.each([
    ['Does anyone ever mention the locket?', 'absence'],
    ['Is the lighthouse mentioned anywhere in act one?', 'absence'],
    ['Which beat of the outline has the drowning?', 'structural'],
    ['Which line has the wrong name?', 'structural'],
    ['Where does Owen say he saw the light?', 'content'],
    ['Quote what Morag says about the bell.', 'content'],
  ])('judges %j to need %s evidence', async (request, type) => {
    expect((await route(request))['evidence_type']).toBe(type);
  });

  it('does not send "which line" questions to the Line Editor', async () => {
    expect(agentIds(await route('Which line has the wrong name?'))).toEqual(['chief', 'continuity']);
  });

  it('suggests a deep scan path for absence questions without a file_reader', async () => {
    const result = await route('Does Tam ever mention the letters?');
    expect(result['suggested_tools']).toEqual(['file_locator']);
  });

  it('skips muted agents and reports desks nobody staffs', async () => {
    const agents = defaultAgentsFile().agents.map((agent) => (agent.id === 'continuity' ? { ...agent, muted: true } : agent));
    const result = await route('Check the timeline of day three.', agents);
    expect(agentIds(result)).toEqual(['chief']);
    expect(result['unstaffed']).toEqual(['continuity']);
  });

  it('matches agents of a custom roster by their roles', async () => {
    const agents: Agent[] = [
      { id: 'lead', name: 'Lead', role: 'Chief of Staff', order: 0, muted: false, framing: '', evidenceSources: [] },
      { id: 'facts', name: 'Facts', role: 'Continuity Checker', order: 1, muted: false, framing: '', evidenceSources: [] },
    ];
    expect(agentIds(await route('Is the timeline right?', agents))).toEqual(['lead', 'facts']);
  });

  it('routes the same request the same way every time and reads no files', async () => {
    const request = 'Does the outline beat for scene 8 match the timeline?';
    expect(await route(request)).toEqual(await route(request));
    expect(spy.calls).toEqual([]);
  });

  it('always answers with the Chief first and a known evidence type, whatever the request', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 200 }), async (request) => {
        const result = await route(request);
        expect(agentIds(result)[0]).toBe('chief');
        expect(['content', 'structural', 'absence']).toContain(result['evidence_type']);
      }),
      { numRuns: 200 },
    );
  });

  it('answers a dry run with a description only', async () => {
    const output = await taskRouterTool.run({ user_request: 'Check the eyes.', dry_run: true }, contextFor());
    expect(output.result).toMatchObject({ dry_run: true, tool: 'task_router', args: { user_request: 'Check the eyes.', dry_run: true } });
    expect(output.result['agents']).toBeUndefined();
  });
});
