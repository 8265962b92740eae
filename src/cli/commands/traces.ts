import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { ControlRoomError, type RoundEvent, type TracedRound } from '../../protocol/index.js';
import { temporarySibling } from '../../adapters/fs-store/index.js';
import { requireWorkspaceRoot } from '../../adapters/fs-workspace/index.js';
import { withExistingTraceStore } from '../../adapters/sqlite-trace-store/index.js';
import type { TraceStore } from '../../core/ports/index.js';
import { emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';
import { otlpAsked, type OtlpFlags } from '../otlp-flags.js';
import { replayTracesToOtlp } from './traces-otlp.js';
import { registerTraceMetrics } from './traces-metrics.js';

/** Large exports report progress on stderr after every this many rounds. */
const PROGRESS_EVERY = 1000;
/** Lines gathered per write, so a big export is not one syscall per round. */
const LINES_PER_WRITE = 256;

/** What `traces export` reports when it is done. */
export interface TraceExportSummary {
  rounds: number;
  events: number;
  /** Absolute path of the file written, or null for stdout. */
  out: string | null;
}

/** Streams every round as JSON lines to `write`, counting rounds and events and reporting progress. */
async function streamRounds(store: TraceStore | null, write: (chunk: string) => Promise<void> | void, progress: (rounds: number) => void): Promise<{ rounds: number; events: number }> {
  let rounds = 0;
  let events = 0;
  let pending: string[] = [];
  if (store !== null) {
    for await (const traced of store.exportRounds()) {
      pending.push(`${JSON.stringify(traced)}\n`);
      rounds += 1;
      events += traced.events.length;
      if (pending.length >= LINES_PER_WRITE) {
        await write(pending.join(''));
        pending = [];
      }
      if (rounds % PROGRESS_EVERY === 0) progress(rounds);
    }
  }
  if (pending.length > 0) await write(pending.join(''));
  return { rounds, events };
}

/** Writes the export to a temporary sibling of `target`, flushes it and renames it into place. */
async function exportToFile(store: TraceStore | null, target: string, progress: (rounds: number) => void): Promise<{ rounds: number; events: number }> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = temporarySibling(target);
  const handle = await fs.open(temporary, 'w', 0o644);
  try {
    const counts = await streamRounds(
      store,
      async (chunk) => {
        await handle.write(chunk);
      },
      progress,
    );
    await handle.sync();
    await handle.close();
    await fs.rename(temporary, target);
    return counts;
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

/** One line per event for people: seq, time, type, status, call id and a short payload. */
export function renderRound(traced: TracedRound): string {
  const { round } = traced;
  const failure = round.failure_code === null ? '' : ` — ${round.failure_code}${round.failure_reason ? `: ${round.failure_reason}` : ''}`;
  const width = String(traced.events.length).length;
  const line = (event: RoundEvent): string => {
    const payload = JSON.stringify(event.payload);
    const shown = payload.length > 120 ? `${payload.slice(0, 117)}…` : payload;
    const call = event.call_id === null ? '' : ` [${event.call_id}]`;
    return `${String(event.event_seq).padStart(width)}  ${event.timestamp}  ${event.event_type.padEnd(17)} ${event.status.padEnd(7)}${call} ${shown}`;
  };
  return [
    `round ${round.round_id}  ${round.status}${failure}`,
    `conversation ${round.conversation_id} #${round.round_seq}, bucket ${round.bucket_id}, library ${round.library_id}`,
    `state ${round.state_in}${round.state_out === null ? '' : ` → ${round.state_out}`}, created ${round.created_at}${round.audio_id === null ? '' : `, audio ${round.audio_id}`}`,
    `${traced.events.length} event${traced.events.length === 1 ? '' : 's'}:`,
    ...traced.events.map(line),
  ].join('\n');
}

/** `control-room traces export [--out file]` and `control-room traces show <roundId>` */
export function registerTraces(program: Command, io: CliIo): void {
  const traces = program.command('traces').description('export and inspect decision traces');
  traces
    .command('export')
    .description('write every round with its ordered events as JSON lines (to --out, or stdout); with --otlp, replay them to an OpenTelemetry collector')
    .option('--out <file>', 'write to this file (atomically) instead of stdout')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print the summary as JSON')
    .action(async (options: CommonOptions & { out?: string }, command: Command) => {
      const root = await requireWorkspaceRoot(workspaceDir(options));
      if (otlpAsked(command.optsWithGlobals<OtlpFlags>())) {
        const summary = await replayTracesToOtlp(root, io, command.parent?.parent?.version() ?? '0.0.0');
        emit(io, options, summary, () => `sent ${summary.rounds} round${summary.rounds === 1 ? '' : 's'} (${summary.spans} spans) to ${summary.endpoint}`);
        return;
      }
      const progress = (rounds: number): void => io.stderr(`exported ${rounds} rounds…\n`);
      const out = options.out === undefined ? null : path.resolve(options.out);
      const counts = await withExistingTraceStore(root, (store) => (out === null ? streamRounds(store, io.stdout, progress) : exportToFile(store, out, progress)));
      const summary: TraceExportSummary = { ...counts, out };
      const human = `exported ${summary.rounds} round${summary.rounds === 1 ? '' : 's'} (${summary.events} event${summary.events === 1 ? '' : 's'})${out === null ? '' : ` to ${out}`}`;
      // With no --out, stdout carries the JSON lines themselves, so the summary goes to stderr.
      if (out === null) io.stderr(options.json ? `${JSON.stringify(summary)}\n` : `${human}\n`);
      else emit(io, options, summary, () => human);
    });
  traces
    .command('show')
    .description('print one round and its events in order')
    .argument('<roundId>', 'the round id (UUIDv7), as in the export or a chat reply’s traceRoundId')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (roundId: string, options: CommonOptions) => {
      const root = await requireWorkspaceRoot(workspaceDir(options));
      const traced = await withExistingTraceStore(root, async (store) => (store === null ? null : store.getRound(roundId)));
      if (traced === null) {
        throw new ControlRoomError('trace_round_not_found', `No trace round ${JSON.stringify(roundId)} in ${root}. List rounds with "control-room traces export".`);
      }
      emit(io, options, traced, () => renderRound(traced));
    });
  registerTraceMetrics(traces, io);
}
