import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openControlRoom, openPipelineRunner, type ControlRoom } from '../../adapters/compose/index.js';
import { initWorkspace } from '../../adapters/fs-workspace/index.js';
import { FsRunStore, processRunnerHost } from '../../adapters/fs-run-store/index.js';
import type { RunRecord, RunStepEntry } from '../../protocol/runs.js';
import { InMemoryTraceStore } from '../traces/index.js';
import { newRunRecord } from './run-record.js';
import type { PipelineRunner } from './pipeline-runner.js';

const REPO = path.resolve(import.meta.dirname, '../../..');
const SAMPLE = path.join(REPO, 'examples/glass-harbour');
const RECIPES = path.join(REPO, 'recipes');

interface Planted {
  id: string;
  file: string;
  line: number;
  quote: string;
}

let base: string;
const rooms: ControlRoom[] = [];

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-runs-'));
});
afterAll(async () => {
  for (const room of rooms) await room.close();
  await fs.rm(base, { recursive: true, force: true });
});

async function sampleRunner(name: string): Promise<{ dir: string; room: ControlRoom; runner: PipelineRunner }> {
  const dir = path.join(base, name);
  await initWorkspace(dir, { sample: true });
  const room = await openControlRoom(dir, { traces: new InMemoryTraceStore(), homeDir: null, env: {} });
  rooms.push(room);
  return { dir, room, runner: openPipelineRunner(room, { bundledRecipesDir: RECIPES }) };
}

async function planted(): Promise<Planted[]> {
  const rows = (await fs.readFile(path.join(SAMPLE, 'PLANTED.md'), 'utf8')).split('\n').filter((line) => /^\|\s*P\d+\s*\|/.test(line));
  return rows.map((row) => {
    const cells = row.split('|').slice(1, -1).map((cell) => cell.trim());
    return { id: cells[0]!, file: cells[2]!, line: Number(cells[3]), quote: cells[4]!.replace(/^`|`$/g, '') };
  });
}

describe('the continuity-pass recipe on the sample manuscript', () => {
  it('files one continuity issue per planted problem, with quote, place and linked receipts', async () => {
    const { room, runner } = await sampleRunner('continuity');
    const started = await runner.start('continuity-pass');
    expect(started.status).toBe('running');
    const run = await runner.wait(started.id);
    expect(run).toMatchObject({ status: 'succeeded', error: null, progress: { done: 38, total: 38 } });
    const issues = await room.issues.list();
    const problems = await planted();
    expect(issues).toHaveLength(problems.length);
    expect(run.summary.issues.sort()).toEqual(issues.map((issue) => issue.id).sort());
    expect(run.summary.findings.error).toBe(problems.length);
    const receipts = await room.auditLog.list(run.id);
    expect(receipts).toHaveLength(37);
    expect(receipts.every((receipt) => receipt.task_id === run.id && receipt.session_id === run.id && receipt.status === 'ok')).toBe(true);
    for (const problem of problems) {
      const issue = issues.find((candidate) => candidate.body.includes(`Where: ${problem.file}#L${problem.line}\n`));
      expect(issue, `${problem.id} has no issue`).toBeDefined();
      expect(issue!.tags).toContain('continuity');
      expect(issue!.body).toContain(problem.quote);
      expect(issue!.receiptIds.length).toBeGreaterThan(0);
      expect(issue!.receiptIds.every((id) => receipts.some((receipt) => receipt.receipt_id === id))).toBe(true);
      expect((await room.auditLog.issueReceipts(issue!.id)).map((receipt) => receipt.receipt_id).sort()).toEqual([...issue!.receiptIds].sort());
    }
    const steps = await runner.steps(run.id);
    expect(steps[0]).toMatchObject({ seq: 1, event: 'run-start' });
    expect(steps.at(-1)).toMatchObject({ event: 'run-finish', status: 'ok' });
    expect(steps.filter((entry) => entry.event === 'step-finish')).toHaveLength(38);
    expect(steps.map((entry) => entry.seq)).toEqual(steps.map((_, index) => index + 1));
    expect(await runner.cacheSlot(run.id, 'canon')).toHaveLength(12);
    await expect(runner.cacheSlot(run.id, 'nope')).rejects.toMatchObject({ code: 'cache_slot_not_found' });

    // Running it again finds the same problems and files nothing twice.
    const again = await runner.wait((await runner.start('continuity-pass')).id);
    expect(again.status).toBe('succeeded');
    expect(again.summary.issues).toEqual([]);
    expect(await room.issues.list()).toHaveLength(problems.length);
    expect((await runner.list()).map((listed) => listed.id)).toEqual([again.id, run.id]);
  }, 240_000);
});

describe('cancelling a run', () => {
  it('stops before the next unit, and the steps log shows where', async () => {
    const { dir, runner } = await sampleRunner('cancel');
    let runId = '';
    const seen: RunStepEntry[] = [];
    const started = await runner.start('continuity-pass', {}, (entry) => {
      seen.push(entry);
      if (entry.event === 'step-finish' && entry.done === 2) void runner.cancel(runId);
    });
    runId = started.id;
    const run = await runner.wait(runId);
    expect(run).toMatchObject({ status: 'cancelled', progress: { done: 2, step: 'canon', item: 'Story/Scenes/SCN-03-the-drowned-bell.md' } });
    const steps = await runner.steps(runId);
    expect(steps.filter((entry) => entry.event === 'step-finish').map((entry) => entry.item)).toEqual(['Story/Scenes/SCN-01-the-lamp-room.md', 'Story/Scenes/SCN-02-harbour-house.md']);
    expect(steps.at(-1)).toMatchObject({ event: 'run-cancelled', step: 'canon', item: 'Story/Scenes/SCN-03-the-drowned-bell.md', done: 2, status: 'cancelled' });
    expect(steps.map((entry) => entry.event)).toEqual(seen.map((entry) => entry.event));
    expect(await runner.cacheSlot(runId, 'canon')).toHaveLength(2);
    const stored = JSON.parse(await fs.readFile(path.join(dir, `.control-room/runs/${runId}/run.json`), 'utf8')) as RunRecord;
    expect(stored.status).toBe('cancelled');
    await expect(runner.cancel(runId)).rejects.toMatchObject({ code: 'run_not_running' });
  }, 120_000);

  it('leaves a request that a runner in another process honours between units', async () => {
    const { room, runner } = await sampleRunner('cancel-elsewhere');
    const elsewhere = openPipelineRunner(room, { bundledRecipesDir: RECIPES, host: { ...processRunnerHost(), pid: process.ppid } });
    let runId = '';
    let asked: Promise<RunRecord> | null = null;
    const started = await runner.start('continuity-pass', {}, (entry) => {
      if (entry.event === 'step-finish' && entry.done === 1 && asked === null) asked = elsewhere.cancel(runId);
    });
    runId = started.id;
    const run = await runner.wait(runId);
    expect(run.status).toBe('cancelled');
    expect((await asked!).status).toBe('running');
    expect(run.progress.done).toBeLessThan(run.progress.total);
  }, 120_000);
});

describe('a run whose process died', () => {
  it('is reported and stored as interrupted, naming where it stopped', async () => {
    const { dir, room, runner } = await sampleRunner('interrupted');
    const store = new FsRunStore(dir);
    const loaded = await runner.recipe('continuity-pass');
    const orphan = newRunRecord('run_0190aaaa-0000-7000-8000-000000000001', loaded, {}, processRunnerHost(), room.clock.nowIso());
    await store.create({ ...orphan, status: 'running', runner: null, progress: { done: 4, total: 37, step: 'canon', item: 'Story/Scenes/SCN-05-the-surgery.md' } });
    const dead = newRunRecord('run_0190aaaa-0000-7000-8000-000000000002', loaded, {}, processRunnerHost(), room.clock.nowIso());
    await store.create({ ...dead, status: 'running', runner: { pid: 4_194_304 + 17, host: processRunnerHost().host } });
    const alive = newRunRecord('run_0190aaaa-0000-7000-8000-000000000003', loaded, {}, processRunnerHost(), room.clock.nowIso());
    await store.create({ ...alive, status: 'running', runner: { pid: process.ppid, host: processRunnerHost().host } });

    const reported = await runner.get(orphan.id);
    expect(reported).toMatchObject({ status: 'interrupted', error: { code: 'run_interrupted' } });
    expect(reported.error!.message).toContain('SCN-05-the-surgery.md');
    expect((await store.readRun(orphan.id))!.status).toBe('interrupted');
    expect((await runner.steps(orphan.id)).at(-1)).toMatchObject({ event: 'run-interrupted', step: 'canon', item: 'Story/Scenes/SCN-05-the-surgery.md', done: 4 });
    const listed = await runner.list();
    expect(listed.find((run) => run.id === dead.id)?.status).toBe('interrupted');
    expect(listed.find((run) => run.id === alive.id)?.status).toBe('running');
    await expect(runner.cancel(orphan.id)).rejects.toMatchObject({ code: 'run_not_running' });
  });
});

describe('recipes', () => {
  it('lets a project recipe replace a bundled one by id, and names a bad file', async () => {
    const { dir, runner } = await sampleRunner('recipes');
    expect((await runner.recipes()).map((loaded) => [loaded.recipe.id, loaded.origin])).toEqual([['continuity-pass', 'bundled']]);
    const own = {
      schema_version: 1,
      id: 'continuity-pass',
      name: 'Outline only',
      description: 'Checks the outline.',
      steps: [{ id: 'outline', kind: 'tool', tool: 'outline_analyzer', args: { mode: 'beats' }, cache_slot: 'outline' }],
    };
    await fs.writeFile(path.join(dir, '.control-room/recipes/mine.json'), JSON.stringify(own));
    expect(await runner.recipe('continuity-pass')).toMatchObject({ origin: 'project', file: '.control-room/recipes/mine.json', recipe: { name: 'Outline only' } });
    const run = await runner.wait((await runner.start('continuity-pass')).id);
    expect(run).toMatchObject({ status: 'succeeded', recipe: { origin: 'project' }, progress: { done: 1, total: 1 } });

    await fs.writeFile(path.join(dir, '.control-room/recipes/broken.json'), JSON.stringify({ ...own, id: 'broken', steps: [{ id: 'x', kind: 'tool' }] }));
    const failure = await runner.recipes().catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'config_invalid' });
    expect((failure as Error).message).toContain('.control-room/recipes/broken.json');
    expect((failure as Error).message).toContain('a tool step needs "tool"');
    await fs.rm(path.join(dir, '.control-room/recipes/broken.json'));

    await expect(runner.start('no-such-recipe')).rejects.toMatchObject({ code: 'recipe_not_found' });
    await expect(runner.start('continuity-pass', { scene: 'x' })).rejects.toMatchObject({ code: 'run_args_invalid' });
    await fs.writeFile(path.join(dir, '.control-room/recipes/unknown-tool.json'), JSON.stringify({ ...own, id: 'unknown-tool', steps: [{ id: 'x', kind: 'tool', tool: 'file_viewer' }] }));
    await expect(runner.start('unknown-tool')).rejects.toMatchObject({ code: 'config_invalid' });
  }, 120_000);

  it('fails a run whose step gives a tool invalid arguments, naming the step', async () => {
    const { dir, runner } = await sampleRunner('bad-args');
    const recipe = {
      schema_version: 1,
      id: 'bad-args',
      name: 'Bad arguments',
      description: 'A scene path that is not a string.',
      steps: [{ id: 'read', kind: 'tool', tool: 'canon_checker', for_each: 'scenes', args: { scene_path: 42 } }],
    };
    await fs.writeFile(path.join(dir, '.control-room/recipes/bad-args.json'), JSON.stringify(recipe));
    const run = await runner.wait((await runner.start('bad-args')).id);
    expect(run).toMatchObject({ status: 'failed', error: { code: 'config_invalid' }, progress: { done: 0 } });
    expect(run.error!.message).toContain('Step "read"');
    expect((await runner.steps(run.id)).at(-1)).toMatchObject({ event: 'run-failed', step: 'read', item: 'Story/Scenes/SCN-01-the-lamp-room.md' });
  });

  it('refuses run ids that could leave the runs folder', async () => {
    const { runner } = await sampleRunner('ids');
    await expect(runner.get('../../issues')).rejects.toMatchObject({ code: 'run_not_found' });
    await expect(runner.steps('run_../../x')).rejects.toMatchObject({ code: 'run_not_found' });
  });
});
