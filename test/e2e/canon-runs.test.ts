/**
 * The canon index and pipeline runs end to end (issue 7 parts 6–7): the compiled CLI builds
 * Canon.md with and without a model (a loopback OpenAI-compatible server), and runs the bundled
 * continuity-pass recipe in the foreground, in a detached worker, cancelled, and after a crash.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initWorkspace } from '../../src/adapters/fs-workspace/index.js';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackRequestBody } from '../../src/adapters/loopback-model-server/index.js';
import type { Issue } from '../../src/protocol/index.js';
import type { RunRecord, RunStepEntry } from '../../src/protocol/runs.js';
import { runCli, REPO_ROOT } from './helpers/run-cli.js';
import { sampleWorkspace, writeEndpoints } from './helpers/workspace-fixture.js';

const FACT_LINE = /^- (.+?) — (.+?): (.+) \((.+?)#L(\d+)(?:-L(\d+))?\)$/;
const fold = (text: string) => text.normalize('NFKC').replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();

let workspace: { dir: string; cleanup: () => Promise<void> };
let server: LoopbackModelServer | undefined;

beforeEach(async () => {
  workspace = await sampleWorkspace('cr-e2e-runs-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await workspace.cleanup();
});

const canonIndexFile = () => path.join(workspace.dir, '.control-room/canon/canon-index.md');

async function planted(): Promise<Array<{ id: string; file: string; line: number; quote: string }>> {
  const rows = (await fs.readFile(path.join(REPO_ROOT, 'examples/glass-harbour/PLANTED.md'), 'utf8')).split('\n').filter((line) => /^\|\s*P\d+\s*\|/.test(line));
  return rows.map((row) => {
    const cells = row.split('|').slice(1, -1).map((cell) => cell.trim());
    return { id: cells[0]!, file: cells[2]!, line: Number(cells[3]), quote: cells[4]!.replace(/^`|`$/g, '') };
  });
}

async function showRun(id: string): Promise<{ run: RunRecord; steps: RunStepEntry[] }> {
  return (await runCli(['runs', 'show', id, '--workspace', workspace.dir, '--json'])).json();
}

describe('control-room canon index', () => {
  it('builds Canon.md without a model; every fact cites a real line; a rebuild is byte-identical', async () => {
    // Without --yes the rebuild (a level-3 command) only asks for its confirmation.
    const before = await fs.readFile(canonIndexFile(), 'utf8').catch(() => null);
    const asked = await runCli(['canon', 'index', '--no-model', '--workspace', workspace.dir, '--json']);
    expect(asked.status, asked.stderr).toBe(0);
    expect(asked.json()).toMatchObject({ status: 'awaiting_confirmation', level: 3, confirmation: { required: 1 } });
    expect(asked.stderr).not.toContain('[1/30]');
    expect(await fs.readFile(canonIndexFile(), 'utf8').catch(() => null)).toBe(before);
    const first = await runCli(['canon', 'index', '--no-model', '--yes', '--workspace', workspace.dir, '--json']);
    expect(first.status, first.stderr).toBe(0);
    const summary = first.json<{ mode: string; facts: number; sources: number; rejected: unknown[] }>();
    expect(summary).toMatchObject({ mode: 'deterministic', sources: 30, rejected: [] });
    expect(first.stderr).toContain('[30/30] Story/Scenes/SCN-12-the-glass.md');
    const markdown = await fs.readFile(canonIndexFile(), 'utf8');
    const facts = markdown.split('\n').filter((line) => line.startsWith('- '));
    expect(facts).toHaveLength(summary.facts);
    for (const fact of facts) {
      const [, , , value, file, start, end] = FACT_LINE.exec(fact) ?? [];
      expect(file, fact).toBeDefined();
      const lines = (await fs.readFile(path.join(workspace.dir, file!), 'utf8')).split('\n').slice(Number(start) - 1, Number(end ?? start));
      expect(fold(lines.join(' ')), fact).toContain(fold(value!));
    }
    // Canon.md in the VFS is the new index.
    const read = await runCli(['vfs', 'read', 'Canon.md', '--workspace', workspace.dir, '--json']);
    expect(read.json<{ content: string }>().content.trimEnd()).toBe(markdown.trimEnd());

    const waiting = await runCli(['canon', 'index', '--no-model', '--workspace', workspace.dir, '--json']);
    const confirmationId = waiting.json<{ confirmationId: string }>().confirmationId;
    expect(waiting.json()).toMatchObject({ status: 'awaiting_confirmation' });
    const confirmed = await runCli(['confirm', confirmationId, '--workspace', workspace.dir, '--json']);
    expect(confirmed.json()).toMatchObject({ status: 'applied', results: [{ op: 'canon.rebuild', status: 'applied' }] });
    expect(await fs.readFile(canonIndexFile(), 'utf8')).toBe(markdown);
    const again = await runCli(['canon', 'index', '--no-model', '--yes', '--workspace', workspace.dir]);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/^Canon index: \d+ facts from 30 files \(deterministic\)/);
    expect(await fs.readFile(canonIndexFile(), 'utf8')).toBe(markdown);
  }, 120_000);

  it('extracts with the model when one answers, and drops a fact whose quote is made up', async () => {
    const base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-e2e-canon-model-'));
    const dir = path.join(base, 'novel');
    try {
      await initWorkspace(dir);
      await fs.writeFile(path.join(dir, 'Compendium/Characters/CHAR-hester-vane.md'), '---\nname: Hester Vane\neyes: grey\n---\n\nShe has her father’s grey eyes.\n');
      await fs.writeFile(path.join(dir, 'Story/Scenes/SCN-01-the-lamp-room.md'), '---\ntitle: The Lamp Room\npov: Hester Vane\n---\n\nThe stair had 131 steps.\n');
      const reply = (body: LoopbackRequestBody) => {
        const prompt = String(body.messages?.at(-1)?.content ?? '');
        const facts = prompt.includes('CHAR-hester-vane')
          ? [
              { subject: 'Hester Vane', attribute: 'eyes', value: 'grey', quote: 'eyes: grey' },
              { subject: 'Hester Vane', attribute: 'eyes', value: 'green', quote: 'Her green eyes.' },
            ]
          : [{ subject: 'Skerry Light', attribute: 'steps', value: '131', quote: 'The stair had 131 steps.' }];
        return { content: JSON.stringify({ facts }) };
      };
      server = await startLoopbackModelServer([reply, reply]);
      await writeEndpoints(dir, { baseUrl: server.baseUrl, model: 'loopback-model' });
      const run = await runCli(['canon', 'index', '--yes', '--workspace', dir, '--json']);
      expect(run.status, run.stderr).toBe(0);
      const summary = run.json<{ mode: string; model: string; facts: number; rejected: Array<{ value: string; reason: string }> }>();
      expect(summary).toMatchObject({ mode: 'model', model: 'loopback-model', facts: 2, rejected: [{ value: 'green', reason: 'quote_not_found' }] });
      const markdown = await fs.readFile(path.join(dir, '.control-room/canon/canon-index.md'), 'utf8');
      expect(markdown).toContain('- Hester Vane — eyes: grey (Compendium/Characters/CHAR-hester-vane.md#L3)');
      expect(markdown).toContain('- Skerry Light — steps: 131 (Story/Scenes/SCN-01-the-lamp-room.md#L6)');
      const completions = server.requests.filter((request) => request.path.endsWith('/chat/completions'));
      expect(completions).toHaveLength(2);
      for (const request of completions) {
        expect((request.body?.['response_format'] as { json_schema?: { name?: string } })?.json_schema?.name).toBe('canon_facts');
        expect(request.body?.['tools']).toBeUndefined();
      }
    } finally {
      await fs.rm(base, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('control-room runs', () => {
  it('runs continuity-pass in the foreground and files an issue for each planted problem', async () => {
    const start = await runCli(['runs', 'start', 'continuity-pass', '--wait', '--workspace', workspace.dir, '--json']);
    expect(start.status, start.stderr).toBe(0);
    const run = start.json<RunRecord>();
    expect(run).toMatchObject({ status: 'succeeded', progress: { done: 38, total: 38 }, summary: { receipts: 37 } });
    expect(start.stderr).toContain('[1/38] step-finish canon Story/Scenes/SCN-01-the-lamp-room.md ok');
    const issues = JSON.parse(await fs.readFile(path.join(workspace.dir, '.control-room/issues/issues.json'), 'utf8')).issues as Issue[];
    const problems = await planted();
    expect(issues).toHaveLength(problems.length);
    for (const problem of problems) {
      const issue = issues.find((candidate) => candidate.body.includes(`Where: ${problem.file}#L${problem.line}\n`));
      expect(issue, problem.id).toBeDefined();
      expect(issue!.tags).toContain('continuity');
      expect(issue!.body).toContain(problem.quote);
      expect(issue!.receiptIds.length).toBeGreaterThan(0);
    }
    const audit = await runCli(['audit', 'verify', '--workspace', workspace.dir, '--json']);
    expect(audit.json()).toMatchObject({ ok: true, firstBad: null });
    const listed = (await runCli(['runs', 'list', '--workspace', workspace.dir, '--json'])).json<{ runs: RunRecord[] }>();
    expect(listed.runs.map((entry) => entry.id)).toEqual([run.id]);
    const shown = await showRun(run.id);
    expect(shown.steps.at(-1)).toMatchObject({ event: 'run-finish' });
    const human = await runCli(['runs', 'show', run.id, '--workspace', workspace.dir]);
    expect(human.stdout).toContain(`${run.id}  continuity-pass  succeeded`);
  }, 240_000);

  it('starts a detached worker that a second command can cancel; the log shows where it stopped', async () => {
    const start = await runCli(['runs', 'start', 'continuity-pass', '--workspace', workspace.dir, '--json']);
    expect(start.status, start.stderr).toBe(0);
    const started = start.json<RunRecord>();
    expect(started.status).toBe('running');
    expect(started.runner?.pid).not.toBe(undefined);
    const cancel = await runCli(['runs', 'cancel', started.id, '--workspace', workspace.dir, '--json']);
    expect(cancel.status, cancel.stderr).toBe(0);
    const run = cancel.json<RunRecord>();
    expect(run.status).toBe('cancelled');
    expect(run.progress.done).toBeLessThan(38);
    const { steps } = await showRun(started.id);
    const last = steps.at(-1)!;
    expect(last).toMatchObject({ event: 'run-cancelled', done: run.progress.done, step: run.progress.step, item: run.progress.item });
    expect(steps.filter((entry) => entry.event === 'step-finish')).toHaveLength(run.progress.done);
    const again = await runCli(['runs', 'cancel', started.id, '--workspace', workspace.dir, '--json']);
    expect(again.status).toBe(1);
    expect(again.json()).toMatchObject({ error: { code: 'run_not_running' } });
  }, 120_000);

  it('reports a run whose process died as interrupted', async () => {
    const id = 'run_0190aaaa-0000-7000-8000-0000000000e2';
    const folder = path.join(workspace.dir, '.control-room/runs', id);
    await fs.mkdir(folder, { recursive: true });
    const now = new Date().toISOString();
    const record: RunRecord = {
      schema_version: 1,
      id,
      recipe: { id: 'continuity-pass', name: 'Continuity pass', origin: 'bundled' },
      args: {},
      status: 'running',
      progress: { done: 3, total: 38, step: 'canon', item: 'Story/Scenes/SCN-04-the-logbook.md' },
      createdAt: now,
      startedAt: now,
      finishedAt: null,
      updatedAt: now,
      runner: { pid: 4_194_304 + 99, host: os.hostname() },
      error: null,
      summary: { receipts: 3, findings: { error: 0, warning: 0, info: 0 }, issues: [] },
    };
    await fs.writeFile(path.join(folder, 'run.json'), JSON.stringify(record));
    await fs.writeFile(path.join(folder, 'steps.jsonl'), '');
    const { run, steps } = await showRun(id);
    expect(run).toMatchObject({ status: 'interrupted', error: { code: 'run_interrupted' } });
    expect(steps.at(-1)).toMatchObject({ event: 'run-interrupted', step: 'canon', item: 'Story/Scenes/SCN-04-the-logbook.md' });
    const stored = JSON.parse(await fs.readFile(path.join(folder, 'run.json'), 'utf8')) as RunRecord;
    expect(stored.status).toBe('interrupted');
  });

  it('names a bad project recipe file', async () => {
    await fs.writeFile(path.join(workspace.dir, '.control-room/recipes/bad.json'), '{"schema_version":1,"id":"bad"');
    const run = await runCli(['runs', 'start', 'continuity-pass', '--wait', '--workspace', workspace.dir, '--json']);
    expect(run.status).toBe(1);
    const body = run.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe('config_invalid');
    expect(body.error.message).toContain('.control-room/recipes/bad.json');
  });
});
