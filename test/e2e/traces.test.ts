import { spawn } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TracedRoundSchema, type TracedRound } from '../../src/protocol/traces.js';
import { openSqliteTraceStore, SqliteTraceStore, TRACES_DB_PATH } from '../../src/adapters/sqlite-trace-store/index.js';
import { registerTraces } from '../../src/cli/commands/traces.js';
import { reportFailure, type CliIo } from '../../src/cli/io.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHILD = path.join(REPO_ROOT, 'test/e2e/trace-writer-child.ts');

let base: string;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-traces-e2e-'));
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

/** Runs `control-room traces …` in process with the real command, real files and real SQLite. */
async function runTraces(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), stdin: async () => '' };
  const program = new Command('control-room').exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  registerTraces(program, io);
  for (const command of program.commands) for (const sub of [command, ...command.commands]) sub.exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  try {
    await program.parseAsync(['node', 'control-room', ...args]);
    return { status: 0, stdout, stderr };
  } catch (error) {
    return { status: reportFailure(io, args.includes('--json'), error), stdout, stderr };
  }
}

/** Starts the writer child and returns its output lines as they come, plus its exit. */
function startWriter(file: string, mode: 'forever' | 'exit-now' | 'rounds') {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file, mode], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  if (mode !== 'rounds') child.stdin.end();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, lines: createInterface({ input: child.stdout }), exited, stderr: () => stderr };
}

describe('traces survive a writer killed mid-round', () => {
  it('keeps every event the writer reported committed before SIGKILL, then marks the round partial', async () => {
    const file = path.join(base, 'killed', TRACES_DB_PATH);
    const writer = startWriter(file, 'forever');
    let roundId = '';
    let reported = 0;
    await new Promise<void>((resolve, reject) => {
      writer.lines.on('line', (line) => {
        const [word, value] = line.split(' ');
        if (word === 'round') roundId = value ?? '';
        if (word === 'committed') reported = Math.max(reported, Number(value));
        if (reported >= 400 && !writer.child.killed) {
          writer.child.kill('SIGKILL');
          resolve();
        }
      });
      void writer.exited.then(({ code }) => reject(new Error(`writer exited early (code ${code}): ${writer.stderr()}`)));
    });
    expect(await writer.exited).toMatchObject({ signal: 'SIGKILL' });
    const store = await SqliteTraceStore.open({ file });
    try {
      const traced = await store.getRound(roundId);
      expect(traced?.round).toMatchObject({ status: 'partial', failure_code: 'interrupted', conversation_id: 'crash-test', state_in: 'action' });
      const events = traced?.events ?? [];
      const progress = events.slice(0, -1);
      expect(progress.length).toBeGreaterThanOrEqual(reported);
      expect(progress.map((event) => event.event_seq)).toEqual(progress.map((_, index) => index + 1));
      expect(progress.every((event, index) => event.event_type === 'job.progress' && event.payload.progress === index)).toBe(true);
      expect(events.at(-1)).toMatchObject({ event_seq: progress.length + 1, event_type: 'round.failed', failure_code: 'interrupted' });
    } finally {
      await store.close();
    }
  });

  it('writes events still queued when the process exits normally', async () => {
    const file = path.join(base, 'exited', TRACES_DB_PATH);
    const writer = startWriter(file, 'exit-now');
    expect(await writer.exited).toMatchObject({ code: 0 });
    const store = await SqliteTraceStore.open({ file });
    try {
      const [round] = await store.listRounds();
      const events = (await store.getRound(round!.round_id))?.events ?? [];
      expect(events.map((event) => event.event_type)).toEqual([...Array.from({ length: 10 }, () => 'job.progress'), 'round.failed']);
    } finally {
      await store.close();
    }
  });
});

describe('round numbering across processes', () => {
  it('gives three processes racing in one conversation distinct consecutive round_seq', async () => {
    const file = path.join(base, 'racing', TRACES_DB_PATH);
    const setup = await SqliteTraceStore.open({ file });
    await setup.close();
    const writers = [0, 1, 2].map(() => startWriter(file, 'rounds'));
    await Promise.all(writers.map((writer) => new Promise<void>((resolve) => writer.lines.on('line', (line) => line === 'ready' && resolve()))));
    for (const writer of writers) writer.child.stdin.end('go\n');
    for (const writer of writers) expect(await writer.exited, writer.stderr()).toMatchObject({ code: 0 });
    const store = await SqliteTraceStore.open({ file });
    try {
      const rounds = await store.listRounds({ conversation_id: 'shared', limit: 1000 });
      expect(rounds.map((header) => header.round_seq)).toEqual(Array.from({ length: 300 }, (_, index) => 300 - index));
      expect(rounds.every((header) => header.status === 'ok')).toBe(true);
      const writerChanges = rounds.filter((header, index) => index > 0 && header.bucket_id !== rounds[index - 1]!.bucket_id).length;
      // Three writers one after another would change hands exactly twice; more means they really raced.
      expect(writerChanges, 'the writers did not overlap, so this run proved nothing').toBeGreaterThan(2);
    } finally {
      await store.close();
    }
  });
});

describe('control-room traces export and show', () => {
  let workspace: string;
  let failedRoundId: string;

  beforeAll(async () => {
    workspace = path.join(base, 'novel');
    await fs.mkdir(path.join(workspace, '.control-room'), { recursive: true });
    const store = await openSqliteTraceStore(workspace, { env: { CONTROL_ROOM_LIBRARY_ID: 'lib-e2e' } });
    // 2,500 rounds over five conversations written concurrently, as a busy server would.
    await Promise.all(
      ['c1', 'c2', 'c3', 'c4', 'c5'].map(async (conversation) => {
        for (let turn = 0; turn < 500; turn += 1) {
          const round = await store.beginRound({ conversation_id: conversation, state_in: 'conversation' });
          await store.appendEvent(round.round_id, { event_type: 'input.received', payload: { raw_text: `turn ${turn}`, channel: 'cli' } });
          await store.appendEvent(round.round_id, { event_type: 'output.emitted', payload: { text: `reply ${turn}`, channel: 'cli' } });
          if (conversation === 'c3' && turn === 250) {
            failedRoundId = round.round_id;
            await store.finishRound(round.round_id, { status: 'failed', failure_code: 'llm.invalid_output', failure_reason: 'no evidence line after 2 retries' });
          } else await store.finishRound(round.round_id, { status: 'ok', state_out: 'conversation' });
        }
      }),
    );
    await store.close();
  });

  it('exports every round atomically to a file, with progress and a JSON summary', async () => {
    const out = path.join(workspace, 'exports', 'traces.jsonl');
    const run = await runTraces(['traces', 'export', '--out', out, '--workspace', workspace, '--json']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ rounds: 2500, events: 5001, out });
    expect(run.stderr).toBe('exported 1000 rounds…\nexported 2000 rounds…\n');
    expect(await fs.readdir(path.dirname(out))).toEqual(['traces.jsonl']);
    const rounds = (await fs.readFile(out, 'utf8')).trimEnd().split('\n').map((line) => TracedRoundSchema.parse(JSON.parse(line)) as TracedRound);
    expect(rounds).toHaveLength(2500);
    const keys = rounds.map((traced) => `${traced.round.created_at} ${String(traced.round.round_seq).padStart(6, '0')} ${traced.round.round_id}`);
    expect(keys).toEqual([...keys].sort());
    for (const conversation of ['c1', 'c2', 'c3', 'c4', 'c5']) {
      const seqs = rounds.filter((traced) => traced.round.conversation_id === conversation).map((traced) => traced.round.round_seq);
      expect(seqs).toEqual(Array.from({ length: 500 }, (_, index) => index + 1));
    }
    expect(rounds.every((traced) => traced.round.library_id === 'lib-e2e' && traced.events.every((event, index) => event.event_seq === index + 1))).toBe(true);
    const failed = rounds.find((traced) => traced.round.round_id === failedRoundId);
    expect(failed?.round).toMatchObject({ status: 'failed', failure_code: 'llm.invalid_output' });
    expect(failed?.events.map((event) => event.event_type)).toEqual(['input.received', 'output.emitted', 'round.failed']);
  });

  it('exports to stdout with the summary on stderr', async () => {
    const run = await runTraces(['traces', 'export', '--workspace', workspace]);
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2500);
    expect(lines.join('\n')).toBe((await fs.readFile(path.join(workspace, 'exports', 'traces.jsonl'), 'utf8')).trimEnd());
    expect(run.stderr).toMatch(/exported 2500 rounds \(5001 events\)\n$/);
  });

  it('shows one round with its ordered events', async () => {
    const json = await runTraces(['traces', 'show', failedRoundId, '--workspace', workspace, '--json']);
    expect(json.status).toBe(0);
    const traced = TracedRoundSchema.parse(JSON.parse(json.stdout));
    expect(traced.round).toMatchObject({ round_id: failedRoundId, conversation_id: 'c3', round_seq: 251, status: 'failed' });
    const human = await runTraces(['traces', 'show', failedRoundId, '--workspace', workspace]);
    expect(human.stdout).toContain(`round ${failedRoundId}  failed — llm.invalid_output: no evidence line after 2 retries`);
    const order = ['input.received', 'output.emitted', 'round.failed'].map((type) => human.stdout.indexOf(type));
    expect(order.every((position, index) => position > 0 && (index === 0 || position > order[index - 1]!))).toBe(true);
  });

  it('reports an unknown round, a workspace without traces and a folder that is not a workspace', async () => {
    const missing = await runTraces(['traces', 'show', 'no-such-round', '--workspace', workspace, '--json']);
    expect(missing.status).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ error: { code: 'trace_round_not_found' } });
    const empty = path.join(base, 'empty');
    await fs.mkdir(path.join(empty, '.control-room'), { recursive: true });
    const nothing = await runTraces(['traces', 'export', '--out', path.join(empty, 'out.jsonl'), '--workspace', empty, '--json']);
    expect(JSON.parse(nothing.stdout)).toEqual({ rounds: 0, events: 0, out: path.join(empty, 'out.jsonl') });
    expect(await fs.readFile(path.join(empty, 'out.jsonl'), 'utf8')).toBe('');
    expect(existsSync(path.join(empty, TRACES_DB_PATH))).toBe(false);
    const stranger = await runTraces(['traces', 'export', '--workspace', base, '--json']);
    expect(stranger.status).toBe(1);
    expect(JSON.parse(stranger.stdout)).toMatchObject({ error: { code: 'workspace_not_found' } });
  });
});
