import {
  INPUT_VALIDATOR_ID,
  isControlRoomError,
  STOP_HOOK_INPUT_UNCLEAR,
  STOP_HOOK_TURN_FAILED,
  type CardState,
  type ConferenceEntry,
  type ConferenceRecord,
  type ConferenceRoundResult,
  type ConversationNotice,
  type ConversationState,
  type FileRef,
} from '../../protocol/index.js';
import { conferenceIssueTitle, type ConferenceRejection, type ConferenceRoundEvent } from '../../protocol/conference.js';
import type { RetryRecord } from '../../protocol/model.js';
import { failureNotice, notifyTurnOutcome, TurnTracer } from '../loop/index.js';
import { judgeInput } from '../input/index.js';
import { modelOptionsForPolicy, openStateRound, toolBudgetsFor, type StateRound } from '../state/index.js';
import { creditOutcome, type CreditChange } from '../credits/index.js';
import { telemetryHits, type TelemetryHit } from '../telemetry/index.js';
import { cardStateOf } from './card-state.js';
import type { ConferenceDependencies } from './conference-dependencies.js';
import { roundSeats, type RoundSeat } from './conference-roster.js';
import { interpretResults } from './interpret-results.js';
import { requireConference } from './manage-conference.js';
import { RoundBuffer } from './round-buffer.js';
import { roundTranscript } from './round-transcript.js';
import { CONFERENCE_TOOL_BUDGETS, runPhaseOne } from './run-phase-one.js';

export interface ConferenceRoundInput {
  conferenceId: string;
  message: string;
  /** Phase-1 tool policy: restrict the tools, or require the Chief's first reply to be a call. */
  toolPolicy?: { allowedTools?: readonly string[]; requireTool?: boolean };
  /** Structured retries after a rejected phase-1 call (default 1). */
  retries?: number;
  /** A state to switch the conference to, at this round's boundary (it then holds for later rounds too). */
  state?: ConversationState;
  /** An audio clip uploaded with the round: it must exist, and is linked to the round's trace. */
  audioId?: string | null;
  /** One event as soon as each thing is decided, so a server can stream one event per agent. */
  onEvent?: (event: ConferenceRoundEvent) => void;
  signal?: AbortSignal;
}

interface RoundState {
  entries: ConferenceEntry[];
  cards: Record<string, CardState>;
  credits: CreditChange[];
  hits: TelemetryHit[];
}

/**
 * One conference round, exactly as the v0.5 seed's "Conference Round Lifecycle": phase 1 (the
 * Chief alone runs the tools, results into the round buffer), phase 2 (the Chief again, then every
 * attendee in roster order, each on a fresh message list: interpret or ABSTAIN), then round close
 * (transcript archived as an issue with the phase-1 receipts linked, buffer wiped). Tools run once
 * per round. The round is one trace round whose conversation is the conference.
 */
export async function runConferenceRound(input: ConferenceRoundInput, deps: ConferenceDependencies): Promise<ConferenceRoundResult> {
  // Rounds of one conference never overlap: the round number and the buffer belong to one round.
  return deps.gate.run(`conference:${input.conferenceId}`, async () => {
    const record = await requireConference(input.conferenceId, deps.conferences);
    if (input.audioId && deps.audio) await deps.audio.require(input.audioId);
    // The round runs in the conference's state, fixed at its start and changed only between rounds.
    const run = async (): Promise<ConferenceRoundResult> => {
      const stateRound = await openStateRound(deps.states, record.id, input.state);
      try {
        return await runRound(input, record, deps, stateRound);
      } finally {
        await stateRound.close();
      }
    };
    const result = await (deps.states ? deps.states.serialize(record.id, run) : run());
    await notifyTurnOutcome(deps.notifier, { conversationId: record.id, agentName: 'The conference', notice: result.notice, screen: 'conference' });
    return result;
  });
}

async function runRound(input: ConferenceRoundInput, record: ConferenceRecord, deps: ConferenceDependencies, stateRound: StateRound): Promise<ConferenceRoundResult> {
  const conferenceId = record.id;
  const round = record.rounds + 1;
  const seats = roundSeats(record, deps.agents);
  const chief = seats[0]!.agent;
  const nonce = deps.ids.nonce();
  const allow = new Set([nonce]);
  const audioId = input.audioId ?? null;
  const header = await deps.traces.beginRound({ conversation_id: conferenceId, state_in: stateRound.stateIn, audio_id: audioId });
  // The state steers the round: its model retries, when the fallback is tried, and phase 1's budgets.
  const shaped: ConferenceDependencies = { ...deps, modelOptions: { ...modelOptionsForPolicy(stateRound.policy), ...deps.modelOptions } };
  const states = { stateIn: stateRound.stateIn, stateOut: stateRound.stateIn, audioId };
  const finish = async (status: 'ok' | 'failed', failure?: { failure_code: string; failure_reason: string }): Promise<void> => {
    states.stateOut = await stateRound.close();
    await deps.traces.finishRound(header.round_id, { status, state_out: states.stateOut, ...failure });
  };
  const tracer = new TurnTracer(deps.traces, header.round_id, deps.scrubber, allow);
  const buffer = new RoundBuffer();
  const emit = (event: ConferenceRoundEvent): void => input.onEvent?.(event);
  // What the round has decided so far, so a failure still shows everything that did happen.
  const decided: RoundState = { entries: [], cards: {}, credits: [], hits: [] };
  let phaseOne: { toolExecutions: number; receipts: string[]; rejections: ConferenceRejection[] } = { toolExecutions: 0, receipts: [], rejections: [] };
  const endOnNotice = async (notice: ConversationNotice, stopHook: string): Promise<ConferenceRoundResult> => {
    // The round keeps its number (the transcript stays in order) but is not archived: nothing was decided.
    const latest = await deps.conferences.get(conferenceId).catch(() => null);
    if (latest && latest.rounds < round) await deps.conferences.update({ ...latest, rounds: round, updatedAt: deps.clock.nowIso() }).catch(() => undefined);
    emit({ type: 'round-closed', conferenceId, round, issueId: null });
    return {
      conferenceId, round, issueId: null, ...phaseOne, entries: decided.entries, cards: decided.cards,
      stopHook, traceRoundId: header.round_id, message: input.message, notice, ...states,
    };
  };
  try {
    const message = (await deps.scrubber.scrub(input.message, { allow })).text;
    await tracer.event({ event_type: 'input.received', payload: { raw_text: message, channel: 'text', agent_id: chief.id, conference_id: conferenceId, round, ...(audioId ? { audio_id: audioId } : {}) } });
    if (audioId && deps.audio) await deps.audio.linkRound(audioId, header.round_id);
    const verdict = deps.flags?.inputFilter === false ? ({ ok: true } as const) : judgeInput(input.message);
    if (!verdict.ok) {
      await tracer.event({ event_type: 'validator.ran', payload: { validator_id: INPUT_VALIDATOR_ID, code: verdict.code, status: 'escalate', message: verdict.message } });
      const notice: ConversationNotice = { kind: 'clarification', code: verdict.code, message: verdict.message, action: verdict.clarification };
      await tracer.event({ event_type: 'output.emitted', payload: { text: verdict.clarification, channel: 'conference', agent_id: chief.id, stop_hook: STOP_HOOK_INPUT_UNCLEAR } });
      await finish('ok');
      return await endOnNotice(notice, STOP_HOOK_INPUT_UNCLEAR);
    }

    // Every retry of the round (each agent keeps its own fallback state; the record is shared).
    const retries: RetryRecord[] = [];
    const phase = await runPhaseOne(
      {
        conferenceId, chief, message, nonce, tracer,
        turn: { onFallback: false, retries },
        ...(input.toolPolicy ? { toolPolicy: input.toolPolicy } : {}),
        ...(input.retries !== undefined ? { retries: input.retries } : {}),
        ...(input.signal ? { signal: input.signal } : {}),
        budgets: toolBudgetsFor(stateRound.policy, CONFERENCE_TOOL_BUDGETS),
        onToolRun: (run) => emit({ type: 'tool-run', conferenceId, round, receiptId: run.receiptId, toolId: run.toolId, status: run.status }),
      },
      shaped,
    );
    buffer.fill(phase.toolRuns, phase.messages);
    const receipts = buffer.receiptIds();
    const rejections: ConferenceRejection[] = phase.rejections.map((rejection) => ({ code: rejection.code, message: rejection.message }));
    phaseOne = { toolExecutions: phase.toolRuns.length, receipts, rejections };
    emit({ type: 'phase-one-done', conferenceId, round, receipts, toolExecutions: phase.toolRuns.length, rejections });

    // Citable: the session's receipts that verify, and this round's own runs (minted here, read by the Chief).
    const receiptFiles = new Map<string, readonly FileRef[]>();
    for (const receipt of await deps.auditLog.verifiedList(conferenceId)) receiptFiles.set(receipt.receipt_id, receipt.file_refs);
    for (const run of phase.toolRuns) receiptFiles.set(run.receiptId, run.fileRefs);
    const knownReceiptIds = new Set([...receiptFiles.keys(), ...receipts]);
    decided.hits.push(...phase.rejections.flatMap((rejection) => telemetryHits(chief.id, [rejection.code])));
    for (const seat of seats) {
      await decideSeat(seat, { message, knownReceiptIds, receiptFiles, buffer, tracer, decided, input, deps: shaped, conferenceId, round, emit, retries });
    }

    // The round's number is taken before it is archived: a crash in between leaves a gap in the
    // numbering, never two archived rounds with the same number.
    const latest = await requireConference(conferenceId, deps.conferences);
    await deps.conferences.update({ ...latest, rounds: round, updatedAt: deps.clock.nowIso() });
    const issue = await deps.issues.create({
      title: conferenceIssueTitle(conferenceId, round),
      body: roundTranscript({ message, entries: decided.entries, agents: deps.agents, receipts }),
      tags: ['conference'],
      receiptIds: receipts,
      sessionId: conferenceId,
    });
    if (receipts.length > 0) await deps.auditLog.linkToIssue(conferenceId, issue.id, receipts);
    await deps.credits.apply(decided.credits);
    await deps.telemetry.record({ sessionId: conferenceId, conferenceId, hits: decided.hits });
    // Round close: nothing of this round reaches the next one (phase-2 histories were never kept).
    buffer.clear();
    await finish('ok');
    emit({ type: 'round-closed', conferenceId, round, issueId: issue.id });
    return {
      conferenceId, round, issueId: issue.id, toolExecutions: phase.toolRuns.length, receipts, entries: decided.entries, cards: decided.cards,
      rejections, stopHook: phase.stopHook, traceRoundId: header.round_id, message: input.message, notice: null, ...states, retries,
    };
  } catch (error) {
    buffer.clear();
    const code = isControlRoomError(error) ? error.code : 'internal_error';
    const reason = error instanceof Error ? error.message : String(error);
    await tracer.event({ event_type: 'round.failed', payload: { failure_code: code, failure_reason: reason }, status: 'failed', failure_code: code, failure_reason: reason }).catch(() => undefined);
    await finish('failed', { failure_code: code, failure_reason: reason }).catch(() => undefined);
    if (code === 'model_cancelled') throw error;
    // The spawn guarantee: whatever failed after its retries, the room gets one clear entry.
    return endOnNotice(failureNotice(error), code.startsWith('model_') ? 'model_unavailable' : STOP_HOOK_TURN_FAILED);
  }
}

interface SeatContext {
  message: string;
  knownReceiptIds: ReadonlySet<string>;
  receiptFiles: ReadonlyMap<string, readonly FileRef[]>;
  buffer: RoundBuffer;
  tracer: TurnTracer;
  decided: RoundState;
  input: ConferenceRoundInput;
  deps: ConferenceDependencies;
  conferenceId: string;
  round: number;
  emit: (event: ConferenceRoundEvent) => void;
  /** The round's retry record, shared by its agents. */
  retries: RetryRecord[];
}

/** Phase 2 for one seat: skipped when muted, else one gated model turn; the entry is emitted at once. */
async function decideSeat(seat: RoundSeat, context: SeatContext): Promise<void> {
  const { deps, tracer, decided } = context;
  let entry: ConferenceEntry;
  if (seat.muted) {
    entry = { agentId: seat.agent.id, status: 'muted', content: null, evidence: null, report: null, issues: [], retried: false };
  } else {
    const interpretation = await deps.gate.run(`agent:${seat.agent.id}`, () =>
      interpretResults(
        {
          agent: seat.agent,
          results: context.buffer.entries(),
          message: context.message,
          knownReceiptIds: context.knownReceiptIds,
          receiptFiles: context.receiptFiles,
          tracer,
          turn: { onFallback: false, retries: context.retries },
          ...(context.input.signal ? { signal: context.input.signal } : {}),
        },
        deps,
      ),
    );
    entry = interpretation.entry;
    for (const codes of interpretation.failedChecks) decided.hits.push(...telemetryHits(seat.agent.id, codes));
  }
  const outcome = creditOutcome(entry.status, entry.issues.some((issue) => issue.code === 'model_unavailable'));
  if (outcome) decided.credits.push({ agentId: seat.agent.id, outcome });
  const card = cardStateOf(entry);
  decided.entries.push(entry);
  decided.cards[seat.agent.id] = card;
  await tracer.event({ event_type: 'output.emitted', payload: { text: entry.content ?? '', channel: 'conference', agent_id: entry.agentId, status: entry.status, card } });
  context.emit({ type: 'entry-decided', conferenceId: context.conferenceId, round: context.round, entry, card });
}
