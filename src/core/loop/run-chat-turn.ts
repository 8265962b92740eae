import {
  CHIEF_AGENT_ID,
  ControlRoomError,
  INPUT_VALIDATOR_ID,
  isControlRoomError,
  STOP_HOOK_INPUT_UNCLEAR,
  STOP_HOOK_TURN_FAILED,
  TOOL_BUDGETS,
  type Agent,
  type ChatMessage,
  type ConversationNotice,
  type ConversationState,
  type FeatureFlags,
  type ModelProfile,
  type EvidenceReport,
  type RetryRecord,
  type ToolChannel,
} from '../../protocol/index.js';
import type { Clock, Ids, TraceStore } from '../ports/index.js';
import type { SecretScrubber } from '../secrets/index.js';
import type { ToolRegistry } from '../tools/index.js';
import { memoryPromptBlock, type BucketMemory } from '../memory/index.js';
import type { ToolRunDependencies, ToolRunResult } from '../tool-runs/index.js';
import { stripReasoning } from '../tool-calls/index.js';
import { judgeInput } from '../input/index.js';
import type { ConversationStates } from '../state/conversation-states.js';
import { modelOptionsForPolicy, toolBudgetsFor } from '../state/state-policy.js';
import { openStateRound, type StateRound } from '../state/state-round.js';
import { buildToolPhasePrompt, finalAnswerInstruction, GROUNDING_RULES } from './build-prompts.js';
import { callModel, forOneTurn, modelOptionsOf, type AgentModels, type CallModelOptions } from './call-model.js';
import { runToolPhase, type RecordedRejection } from './run-tool-phase.js';
import { answerWithEvidence } from './answer-with-evidence.js';
import { sanitizeReply } from './sanitize-reply.js';
import { TurnGate } from './turn-gate.js';
import { TurnTracer } from './turn-tracer.js';
import { visibleStream } from './visible-stream.js';
import { failureNotice, noticeText, unclearInputNotice } from './turn-notice.js';
import { notifyTurnOutcome } from './notify-turn-outcome.js';
import { recordChatTelemetry } from './record-chat-telemetry.js';
import { joinClarifiedAsk, shapeFollowUp } from './request-shape.js';
import { clarifyText, concludeReply, planText, type TurnPhase } from './plan-reply.js';
import type { TelemetryStore } from '../telemetry/index.js';
import type { Notifier } from '../notifications/index.js';

/** What a grounded reply is checked against (SPEC §7, §15); answers with the validator's whole report. */
export type ReplyValidator = (reply: string, context: { sessionId: string; agent: Agent; receiptIds: readonly string[] }) => Promise<EvidenceReport>;

/** Everything a turn needs, built once per workspace by the composition root. */
export interface TurnDependencies {
  registry: ToolRegistry;
  tools: ToolRunDependencies;
  traces: TraceStore;
  scrubber: SecretScrubber;
  clock: Clock;
  ids: Ids;
  gate: TurnGate;
  agents: readonly Agent[];
  /** The catalog text for the registry view a turn may use. */
  catalogText: (registry: ToolRegistry) => string;
  /** The models and wire profile of one agent. */
  modelsFor: (agentId: string) => { models: AgentModels; profile: ModelProfile; stream: boolean };
  validateReply?: ReplyValidator;
  modelOptions?: Partial<CallModelOptions>;
  /** Bucket memory: its context package is injected into prompts; verified citations raise item scores. */
  memory?: BucketMemory;
  /** The conversation state machine: a turn runs in its session's state, changed only between turns. */
  states?: ConversationStates;
  /** The audio clips: a clip named by a turn must exist, and is linked to the turn's trace round. */
  audio?: { require(audioId: string): Promise<unknown>; linkRound(audioId: string, roundId: string): Promise<unknown> };
  /** The feature flags in force (every newer path is on when left out). */
  flags?: Partial<FeatureFlags>;
  /** Told when a turn or round ends on a failure after its retries, so the writer sees it from any screen. */
  notifier?: Notifier;
  /** Rejection telemetry: a turn's refused tool calls and failed evidence checks are counted, as a conference round's are. */
  telemetry?: Pick<TelemetryStore, 'record'>;
}

export interface ChatTurnRequest {
  message: string;
  agentId?: string;
  sessionId: string;
  conferenceId?: string | null;
  skipTools?: boolean;
  toolPolicy?: { allowedTools?: readonly string[]; requireTool?: boolean };
  /** Structured retries after a rejected call (default 1). */
  retries?: number;
  stream?: boolean;
  /** A state to switch the session to, at this turn's boundary (it then holds for later turns too). */
  state?: ConversationState;
  /** An audio clip uploaded with this turn (linked to the trace round). */
  audioId?: string | null;
  /**
   * The writer's earlier ask this message answers: the messages of the session's last turns that
   * ended in clarifying questions, oldest first. The turn acts on that ask joined with this answer.
   */
  pendingAsks?: readonly string[];
  /** Receives streamed text of the final answer and progress of the turn. */
  onEvent?: (event: ChatTurnEvent) => void;
  signal?: AbortSignal;
}

export type ChatTurnEvent =
  | { type: 'delta'; text: string }
  | { type: 'receipt'; receiptId: string; status: string }
  | { type: 'rejection'; code: string }
  | { type: 'status'; message: string };

export interface ChatTurnResult {
  content: string;
  /** The evidence line as written (from the report), or null when the reply has none or was not checked. */
  evidence: string | null;
  /** The one evidence report: type, sources, located quotes, receipts, issues (null when not checked). */
  evidenceReport: EvidenceReport | null;
  validation: { ok: boolean; issues: Array<{ code: string; message: string; span?: unknown }> };
  receipts: string[];
  rejections: RecordedRejection[];
  stopHook: string | null;
  traceRoundId: string;
  channel: ToolChannel | null;
  forcedFinal: boolean;
  usedFallback: boolean;
  model: string;
  /** Every retry the turn made (model calls, tool calls after invalid output, tool runs), with its reason. */
  retries: RetryRecord[];
  /** Set when the turn could not answer: the message needs clarifying, or something failed after its retries. */
  notice: ConversationNotice | null;
  /** The session's state during the turn, and after it (a change asked for meanwhile applies at its end). */
  stateIn: ConversationState;
  stateOut: ConversationState;
  /** The audio clip uploaded with the turn, also recorded in its trace round's header. */
  audioId: string | null;
  /** The route the turn took: a direct answer, clarifying questions (no tools), or a plan acted on and concluded. */
  phase: TurnPhase;
  /** The steps of a planned turn, in the writer's words (null unless the phase is 'plan'). */
  plan: string[] | null;
}

function findAgent(agents: readonly Agent[], agentId: string): Agent {
  const agent = agents.find((candidate) => candidate.id === agentId);
  if (!agent) {
    throw new ControlRoomError('agent_not_found', `No agent "${agentId}". Agents: ${agents.map((candidate) => candidate.id).join(', ')}.`);
  }
  return agent;
}

/**
 * One 1:1 chat turn (SPEC §4, §7, §9): scrub the input, run the tool loop through the strict
 * protocol, ask for the writer-facing answer, sanitise it, check its evidence line (with one
 * corrective retry), and trace every step in one round. A model that cannot be reached after the
 * retries gets a clarification question instead of a silent failure; the round is marked failed.
 * A message that cannot be a request (empty, blank, symbols, keyboard mash) gets a clarification
 * without any model call. Whatever fails after its retries, the turn ends with a notice: what
 * failed and what to do (the spawn guarantee) — only a cancelled turn ends without one.
 */
export async function runChatTurn(request: ChatTurnRequest, deps: TurnDependencies): Promise<ChatTurnResult> {
  const agent = findAgent(deps.agents, request.agentId ?? CHIEF_AGENT_ID);
  if (request.audioId && deps.audio) await deps.audio.require(request.audioId);
  // Turns of one session run one after another, each in the state fixed at its start.
  const turn = async (): Promise<ChatTurnResult> => {
    const stateRound = await openStateRound(deps.states, request.sessionId, request.state);
    try {
      return await deps.gate.run(`agent:${agent.id}`, () => runGatedTurn(request, agent, deps, stateRound));
    } finally {
      await stateRound.close();
    }
  };
  const result = await (deps.states ? deps.states.serialize(request.sessionId, turn) : turn());
  await notifyTurnOutcome(deps.notifier, { conversationId: request.sessionId, agentName: agent.name, notice: result.notice, screen: 'chat' });
  return result;
}

async function runGatedTurn(request: ChatTurnRequest, agent: Agent, deps: TurnDependencies, stateRound: StateRound): Promise<ChatTurnResult> {
  const nonce = deps.ids.nonce();
  const allow = new Set([nonce]);
  const audioId = request.audioId ?? null;
  const round = await deps.traces.beginRound({ conversation_id: request.sessionId, state_in: stateRound.stateIn, audio_id: audioId });
  const tracer = new TurnTracer(deps.traces, round.round_id, deps.scrubber, allow);
  // The turn's events are stored when its receipts are durable and when it ends (tracer.finishRound): a few writes, not one per event.
  tracer.hold();
  const { models: agentModels, profile, stream } = deps.modelsFor(agent.id);
  // One turn's calls share a state: a fallback that answered keeps the rest of the turn.
  const models = forOneTurn(agentModels);
  // The state steers the calls: its retries, and when the fallback model is tried.
  const modelOptions = { ...modelOptionsForPolicy(stateRound.policy), ...modelOptionsOf(deps, tracer) };
  const streaming = request.stream ?? stream;
  const result: ChatTurnResult = {
    content: '', evidence: null, evidenceReport: null, validation: { ok: true, issues: [] }, receipts: [], rejections: [], stopHook: null,
    traceRoundId: round.round_id, channel: null, forcedFinal: false, usedFallback: false, model: models.primary.name, notice: null, retries: models.turn!.retries,
    stateIn: stateRound.stateIn, stateOut: stateRound.stateIn, audioId, phase: 'answer', plan: null,
  };
  // The round ends in the state machine first, so its header records the state it handed on.
  const finish = async (status: 'ok' | 'failed', failure?: { failure_code: string; failure_reason: string }): Promise<void> => {
    result.stateOut = await stateRound.close();
    await tracer.finishRound({ status, state_out: result.stateOut, ...failure });
  };
  try {
    const message = (await deps.scrubber.scrub(request.message, { allow })).text;
    // A raw call sends the message alone; a grounded turn answering clarifying questions acts on the ask they were about too.
    const pendingAsks = request.skipTools ? [] : (request.pendingAsks ?? []);
    const joinedAsk = pendingAsks.length > 0 ? (await deps.scrubber.scrub(joinClarifiedAsk(pendingAsks, request.message), { allow })).text : null;
    await tracer.event({
      event_type: 'input.received',
      payload: { raw_text: message, channel: 'text', agent_id: agent.id, ...(audioId ? { audio_id: audioId } : {}), ...(joinedAsk ? { joined_ask: joinedAsk } : {}) },
    });
    if (audioId && deps.audio) await deps.audio.linkRound(audioId, round.round_id);
    const verdict = deps.flags?.inputFilter === false ? ({ ok: true } as const) : judgeInput(request.message);
    if (!verdict.ok) {
      await tracer.event({ event_type: 'validator.ran', payload: { validator_id: INPUT_VALIDATOR_ID, code: verdict.code, status: 'escalate', message: verdict.message } });
      result.notice = unclearInputNotice(verdict);
      result.content = noticeText(result.notice);
      result.stopHook = STOP_HOOK_INPUT_UNCLEAR;
      result.validation = { ok: false, issues: [{ code: verdict.code, message: verdict.message }] };
      await tracer.event({ event_type: 'output.emitted', payload: { text: result.content, channel: 'text', stop_hook: result.stopHook } });
      await finish('ok');
      return result;
    }
    // An ask with nothing named to act on gets clarifying questions, without a model or tool call.
    const shape = request.skipTools ? ({ kind: 'clear' } as const) : shapeFollowUp(pendingAsks, request.message);
    if (shape.kind === 'ambiguous') {
      result.phase = 'clarify';
      result.content = clarifyText(shape.questions);
      request.onEvent?.({ type: 'delta', text: result.content });
      await tracer.event({ event_type: 'output.emitted', payload: { text: result.content, channel: 'text', stop_hook: null, phase: 'clarify' } });
      await finish('ok');
      return result;
    }
    if (shape.kind === 'multi_step') {
      result.phase = 'plan';
      result.plan = shape.steps;
      request.onEvent?.({ type: 'status', message: planText(shape.steps, deps.registry.ids()) });
    }
    const ask = async (messages: ChatMessage[], live: boolean): Promise<string> => {
      await tracer.llmRequest(models.primary.name, messages, { step: 'answer' });
      // Live text passes a filter that keeps reasoning left in the content out of it, as the answer does.
      const visible = live ? visibleStream((text) => request.onEvent?.({ type: 'delta', text }), { modelName: models.primary.name }) : null;
      const called = await callModel(models, {
        messages,
        ...(visible ? { stream: true, onDelta: (delta) => delta.kind === 'content' && visible.push(delta.text) } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
      }, modelOptions);
      visible?.end(stripReasoning(called.response.content).text.trim());
      result.usedFallback ||= called.usedFallback;
      result.model = called.model.name;
      await tracer.llmResponse(called.model.name, called.response.latencyMs, called.response.content, {
        step: 'answer',
        reasoning: called.response.reasoning,
        ...(called.response.usage ? { usage: called.response.usage } : {}),
      });
      return called.response.content;
    };
    if (request.skipTools) {
      result.content = stripReasoning(await ask([{ role: 'user', content: message }], streaming)).text.trim();
    } else {
      const askText = joinedAsk ?? message;
      const memoryContext = deps.memory ? await deps.memory.turnContext(round.bucket_id, askText, 2000) : null;
      const memoryBlock = memoryContext ? memoryPromptBlock(memoryContext) : '';
      const failedChecks: string[][] = [];
      await runGroundedTurn(request, agent, deps, { message: askText, nonce, tracer, models, profile, modelOptions, result, ask, streaming, memoryBlock, policy: stateRound.policy, failedChecks });
      if (deps.flags?.chatTelemetry !== false) {
        await recordChatTelemetry(deps.telemetry, {
          sessionId: request.sessionId,
          conferenceId: request.conferenceId ?? null,
          agentId: agent.id,
          rejections: result.rejections,
          failedChecks,
        });
      }
      if (deps.memory && result.validation.ok && result.evidenceReport) {
        const sources = [...new Set(result.evidenceReport.sources.map((source) => source.path))];
        if (sources.length > 0) await deps.memory.recordCitations(round.bucket_id, sources);
      }
    }
    await tracer.event({
      event_type: 'output.emitted',
      payload: { text: result.content, channel: 'text', stop_hook: result.stopHook, phase: result.phase, ...(result.plan ? { plan: result.plan } : {}) },
    });
    await finish('ok');
    return result;
  } catch (error) {
    const code = isControlRoomError(error) ? error.code : 'internal_error';
    const reason = error instanceof Error ? error.message : String(error);
    await tracer.event({ event_type: 'round.failed', payload: { failure_code: code, failure_reason: reason }, status: 'failed', failure_code: code, failure_reason: reason }).catch(() => undefined);
    await finish('failed', { failure_code: code, failure_reason: reason }).catch(() => undefined);
    if (isControlRoomError(error) && error.code === 'model_cancelled') throw error;
    const notice = failureNotice(error);
    const stopHook = code.startsWith('model_') ? 'model_unavailable' : STOP_HOOK_TURN_FAILED;
    return { ...result, content: noticeText(notice), notice, stopHook, validation: { ok: false, issues: [{ code, message: reason }] } };
  }
}

interface GroundedTurnState {
  message: string;
  nonce: string;
  tracer: TurnTracer;
  models: AgentModels;
  profile: ModelProfile;
  modelOptions: CallModelOptions;
  result: ChatTurnResult;
  ask: (messages: ChatMessage[], live: boolean) => Promise<string>;
  streaming: boolean;
  /** The bucket memory's context for this turn ('' when there is none). */
  memoryBlock: string;
  policy: StateRound['policy'];
  /** Collects the issue codes of each failed evidence check, for the telemetry. */
  failedChecks: string[][];
}

async function runGroundedTurn(request: ChatTurnRequest, agent: Agent, deps: TurnDependencies, state: GroundedTurnState): Promise<void> {
  const { result, tracer } = state;
  const registry = request.toolPolicy?.allowedTools ? deps.registry.restrict(request.toolPolicy.allowedTools) : deps.registry;
  const requireTool = request.toolPolicy?.requireTool ?? false;
  const toolPrompt = buildToolPhasePrompt({ catalogText: deps.catalogText(registry), nonce: state.nonce, requireTool, agent, answerInDecision: true });
  const system = state.memoryBlock ? `${state.memoryBlock}\n\n${toolPrompt}` : toolPrompt;
  // Judged with its nonce allowed before any boundary sees it: a prompt that differs from an
  // earlier turn's only in the nonce line is then known clean without scanning it again.
  await deps.scrubber.scrub(system, { allow: new Set([state.nonce]) });
  const phase = await runToolPhase({
    scope: { sessionId: request.sessionId, turnId: tracer.roundId, agentId: agent.id, conferenceId: request.conferenceId ?? null },
    messages: [{ role: 'system', content: system }, { role: 'user', content: state.message }],
    nonce: state.nonce,
    profile: state.profile,
    registry,
    requireTool,
    budgets: toolBudgetsFor(state.policy, { maxSteps: TOOL_BUDGETS.maxToolSteps, maxBytesPerStep: TOOL_BUDGETS.maxToolBytesPerStep, maxBytesPerTurn: TOOL_BUDGETS.maxToolBytesPerTurn }),
    retries: request.retries ?? 1,
    models: state.models,
    tracer,
    tools: { ...deps.tools, registry: deps.registry },
    modelOptions: state.modelOptions,
    onToolRun: (run: ToolRunResult) => request.onEvent?.({ type: 'receipt', receiptId: run.receiptId, status: run.status }),
    // The model may finish with its answer in the final decision: k tool calls take k + 1 model calls.
    answerInDecision: true,
    ...(deps.flags?.cascadeChannels ? { channels: deps.flags.cascadeChannels } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  result.receipts = phase.toolRuns.map((run) => run.receiptId);
  result.rejections = phase.rejections;
  result.channel = phase.channels[0] ?? null;
  result.forcedFinal = phase.forcedFinal;
  result.usedFallback ||= phase.usedFallback;
  result.model = phase.model;
  for (const rejection of phase.rejections) request.onEvent?.({ type: 'rejection', code: rejection.code });
  if (phase.stopHook) {
    result.stopHook = phase.stopHook;
    // The model's output stayed invalid after its retries: ask the writer, rather than guess or fail silently (SPEC §9).
    result.notice = {
      kind: 'clarification',
      code: phase.stopHook,
      message: "I couldn't look that up in the manuscript this time.",
      action: "I couldn't look that up in the manuscript this time. Which scene, chapter or character do you mean?",
    };
    result.content = noticeText(result.notice);
    result.validation = { ok: false, issues: phase.rejections.map((rejection) => ({ code: rejection.code, message: rejection.message })) };
    return;
  }
  const answerMessages: ChatMessage[] = [
    { role: 'system', content: `You are ${agent.name}, the ${agent.role} of a writers' room.\n${agent.framing}\n\n${GROUNDING_RULES}${state.memoryBlock ? `\n\n${state.memoryBlock}` : ''}` },
    ...phase.messages.slice(1),
    { role: 'user', content: finalAnswerInstruction(result.receipts, phase.forcedFinal) },
  ];
  const given = phase.answer ?? phase.finalAnswer;
  const reply = given ?? (await state.ask(answerMessages, state.streaming));
  if (given !== null) request.onEvent?.({ type: 'delta', text: sanitizeReply(given) });
  const validate = deps.validateReply;
  const plan = result.plan ? planText(result.plan, deps.registry.ids()) : null;
  if (!validate) {
    result.content = plan && result.plan ? concludeReply(plan, sanitizeReply(reply), result.plan) : sanitizeReply(reply);
    return;
  }
  const answer = await answerWithEvidence({
    reply,
    check: async (content, attempt) => {
      const report = await validate(content, { sessionId: request.sessionId, agent, receiptIds: result.receipts });
      if (!report.ok) state.failedChecks.push(report.issues.map((issue) => issue.code));
      const code = report.ok ? 'ok' : (report.issues[0]?.code ?? 'invalid');
      const status = report.ok ? 'ok' : attempt === 1 ? 'retry' : 'error';
      const summary = report.ok
        ? attempt === 1 ? 'Evidence verified.' : 'Evidence verified after retry.'
        : attempt === 1 ? 'Evidence failed; one corrective retry.' : 'Evidence still invalid.';
      await tracer.validator('evidence', code, status, summary, { issues: report.issues });
      return report;
    },
    correct: (content, report) => {
      const listed = report.issues.map((issue) => `- ${issue.code}: ${issue.message}`).join('\n');
      const correction = `Your reply failed these checks:\n${listed}\nRewrite it so every quote is exact and the one evidence line is valid.`;
      return state.ask([...answerMessages, { role: 'assistant', content }, { role: 'user', content: correction }], false);
    },
  });
  result.content = answer.content;
  result.evidenceReport = answer.report;
  result.evidence = answer.report.line;
  result.validation = { ok: answer.report.ok, issues: answer.report.issues };
  if (plan && result.plan && answer.report.ok) {
    // A planned turn concludes: plan, grounded findings, next steps, evidence line last — checked again as shown.
    const concluded = concludeReply(plan, answer.content, result.plan);
    const report = await validate(concluded, { sessionId: request.sessionId, agent, receiptIds: result.receipts });
    await tracer.validator('evidence', report.ok ? 'ok' : (report.issues[0]?.code ?? 'invalid'), report.ok ? 'ok' : 'error', report.ok ? 'Concluded plan verified.' : 'Concluded plan failed; findings shown without it.', { issues: report.issues });
    if (report.ok) {
      result.content = concluded;
      result.evidenceReport = report;
      result.evidence = report.line;
    }
  }
}
