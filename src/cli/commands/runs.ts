import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Command } from 'commander';
import { ControlRoomError } from '../../protocol/index.js';
import { FINISHED_RUN_STATUSES, type RunRecord, type RunStepEntry } from '../../protocol/runs.js';
import { openControlRoom, openPipelineRunner, type ControlRoom } from '../../adapters/compose/index.js';
import { packageRoot } from '../../adapters/fs-store/index.js';
import type { PipelineRunner } from '../../core/runs/index.js';
import { CliExit, emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

/** How long `runs start` waits for its worker to pick the run up, and `runs cancel` for a run elsewhere to stop. */
const CLAIM_TIMEOUT_MS = 15_000;
const CANCEL_TIMEOUT_MS = 30_000;
const POLL_MS = 100;

/** One line about a run. */
export function describeRun(run: RunRecord): string {
  const findings = run.summary.findings;
  return [
    `${run.id}  ${run.recipe.id}  ${run.status}`,
    `${run.progress.done}/${run.progress.total} steps`,
    `${run.summary.receipts} receipts`,
    `findings: ${findings.error} errors, ${findings.warning} warnings`,
    ...(run.summary.issues.length > 0 ? [`issues: ${run.summary.issues.join(', ')}`] : []),
    ...(run.error ? [`error [${run.error.code}]: ${run.error.message}`] : []),
  ].join('  ·  ');
}

/** One line about a step-log entry. */
export function describeStep(entry: RunStepEntry, total?: number): string {
  const where = [entry.step, entry.item].filter(Boolean).join(' ');
  const counted = total === undefined ? `#${entry.seq}` : `[${entry.done}/${total}]`;
  const outcome = entry.status ? ` ${entry.status}` : '';
  const findings = entry.summary?.['findings'] as { error?: number; warning?: number } | undefined;
  const detail = findings ? ` (${findings.error ?? 0} errors, ${findings.warning ?? 0} warnings)` : entry.error ? ` — ${entry.error.message}` : '';
  return `${counted} ${entry.event}${where ? ` ${where}` : ''}${outcome}${detail}`;
}

async function withRunner<T>(options: CommonOptions, work: (runner: PipelineRunner, room: ControlRoom) => Promise<T>): Promise<T> {
  const room = await openControlRoom(workspaceDir(options));
  try {
    return await work(openPipelineRunner(room), room);
  } finally {
    await room.close();
  }
}

function parseArgs(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ControlRoomError('usage_error', `--args is not valid JSON (${(error as Error).message}).`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ControlRoomError('usage_error', '--args must be a JSON object.');
  return value as Record<string, unknown>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a run until `done` says so or the time is up; returns the last record seen. */
async function pollRun(runner: PipelineRunner, runId: string, done: (run: RunRecord) => boolean, timeoutMs: number): Promise<RunRecord> {
  const deadline = Date.now() + timeoutMs;
  let run = await runner.get(runId);
  while (!done(run) && Date.now() < deadline) {
    await pause(POLL_MS);
    run = await runner.get(runId);
  }
  return run;
}

/** Starts `runs work <id>` as a detached process, so the run outlives this command. */
function spawnWorker(runId: string, root: string): void {
  const bin = path.join(packageRoot(), 'bin', 'control-room.js');
  const child = spawn(process.execPath, [bin, 'runs', 'work', runId, '--workspace', root], { detached: true, stdio: 'ignore', env: process.env });
  child.unref();
}

const exitFor = (run: RunRecord): void => {
  if (run.status !== 'succeeded' && FINISHED_RUN_STATUSES.includes(run.status)) throw new CliExit(1);
};

/** `control-room runs start|list|show|cancel|recipes` — pipeline runs of recipes such as continuity-pass. */
export function registerRuns(program: Command, io: CliIo): void {
  const runs = program.command('runs').description('pipeline runs: recipes of tool steps run over the manuscript, with receipts and filed issues');
  runs
    .command('start')
    .description('start a run of a recipe (in the background; --wait to follow it here)')
    .argument('<recipe>', 'recipe id, e.g. continuity-pass')
    .option('--args <json>', 'the recipe\'s arguments as a JSON object')
    .option('--wait', 'run here and wait for the end, with progress on stderr (Ctrl-C cancels)')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (recipeId: string, options: CommonOptions & { args?: string; wait?: boolean }) => {
      const args = parseArgs(options.args);
      await withRunner(options, async (runner, room) => {
        if (!options.wait) {
          const queued = await runner.create(recipeId, args);
          spawnWorker(queued.id, room.root);
          const run = await pollRun(runner, queued.id, (current) => current.status !== 'queued', CLAIM_TIMEOUT_MS);
          emit(io, options, run, () => `${describeRun(run)}\nFollow it with: control-room runs show ${run.id}`);
          return;
        }
        let total = 0;
        const started = await runner.start(recipeId, args, (entry, current) => {
          total = current.progress.total;
          if (entry.event !== 'step-start') io.stderr(`${describeStep(entry, total)}\n`);
        });
        const interrupt = (): void => {
          io.stderr('Cancelling after the current step…\n');
          void runner.cancel(started.id).catch(() => undefined);
        };
        process.once('SIGINT', interrupt);
        try {
          const run = await runner.wait(started.id);
          emit(io, options, run, () => describeRun(run));
          exitFor(run);
        } finally {
          process.removeListener('SIGINT', interrupt);
        }
      });
    });
  runs
    .command('work', { hidden: true })
    .description('execute a queued run (started by "runs start")')
    .argument('<id>', 'run id')
    .option('--workspace <dir>', 'workspace folder')
    .action(async (runId: string, options: CommonOptions) => {
      await withRunner(options, async (runner) => exitFor(await runner.execute(runId)));
    });
  runs
    .command('list')
    .description('list runs, newest first')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions) => {
      await withRunner(options, async (runner) => {
        const all = await runner.list();
        emit(io, options, { runs: all }, () => (all.length === 0 ? 'No runs yet. Start one with: control-room runs start continuity-pass' : all.map(describeRun).join('\n')));
      });
    });
  runs
    .command('show')
    .description('show a run and its step log')
    .argument('<id>', 'run id')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (runId: string, options: CommonOptions) => {
      await withRunner(options, async (runner) => {
        const run = await runner.get(runId);
        const steps = await runner.steps(runId);
        emit(io, options, { run, steps }, () => [describeRun(run), ...steps.filter((entry) => entry.event !== 'step-start').map((entry) => `  ${describeStep(entry)}`)].join('\n'));
      });
    });
  runs
    .command('cancel')
    .description('cancel a run: it stops before its next step')
    .argument('<id>', 'run id')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (runId: string, options: CommonOptions) => {
      await withRunner(options, async (runner) => {
        await runner.cancel(runId);
        const run = await pollRun(runner, runId, (current) => FINISHED_RUN_STATUSES.includes(current.status), CANCEL_TIMEOUT_MS);
        emit(io, options, run, () => (FINISHED_RUN_STATUSES.includes(run.status) ? describeRun(run) : `${describeRun(run)}\nCancel requested; the run stops before its next step.`));
      });
    });
  runs
    .command('recipes')
    .description('list the recipes a run can start')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions) => {
      await withRunner(options, async (runner) => {
        const recipes = (await runner.recipes()).map(({ recipe, origin, file }) => ({ id: recipe.id, name: recipe.name, description: recipe.description, origin, file, steps: recipe.steps.length }));
        emit(io, options, { recipes }, () => recipes.map((recipe) => `${recipe.id} (${recipe.origin}, ${recipe.steps} steps)\n  ${recipe.description}`).join('\n\n'));
      });
    });
}
