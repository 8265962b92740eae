import {
  STOP_HOOK_TOOL_CALL_REJECTED,
  type CascadeChannels,
  type ChatMessage,
  type FunctionToolSpec,
  type ModelProfile,
  type RejectionCode,
  type ResponseFormat,
  type ToolChannel,
} from '../../protocol/index.js';
import { argsJsonSchemaFor, buildRetryMessage, decisionResponseFormat, envelopeResponseFormat, modelFamilyOf } from '../tool-calls/index.js';
import type { ToolRegistry } from '../tools/index.js';
import { isTransientToolError, runTool, type ToolRunDependencies, type ToolRunResult, type ToolRunScope } from '../tool-runs/index.js';
import { callModel, type AgentModels, type CallModelOptions } from './call-model.js';
import { extractStep } from './extract-call.js';
import { formatToolResult } from './format-tool-result.js';
import type { TurnTracer } from './turn-tracer.js';

/** Runs of a tool after a transient error, at most (the retry policy of SPEC §9). */
const TOOL_RETRIES = 2;

/** Calls asked again after invalid output, at most, whatever a request asks (SPEC §9: up to 2, then a question to the writer). */
export const MAX_OUTPUT_RETRIES = 2;

/** A refused call, kept in the record with its code (SPEC §4 repair policy). */
export interface RecordedRejection {
  code: RejectionCode;
  message: string;
  channel: ToolChannel;
  step: number;
  issues: Array<{ code: string; message: string; path: Array<string | number> }>;
}

export interface ToolPhaseBudgets {
  maxSteps: number;
  maxBytesPerStep: number;
  maxBytesPerTurn: number;
}

export interface ToolPhaseInput {
  scope: ToolRunScope;
  messages: ChatMessage[];
  nonce: string;
  profile: ModelProfile;
  registry: ToolRegistry;
  requireTool: boolean;
  budgets: ToolPhaseBudgets;
  /** Structured retries after a rejection (default 1; 0 is pure strict behaviour; never more than MAX_OUTPUT_RETRIES). */
  retries: number;
  models: AgentModels;
  tracer: TurnTracer;
  tools: ToolRunDependencies;
  modelOptions: CallModelOptions;
  onToolRun?: (run: ToolRunResult) => void;
  signal?: AbortSignal;
  /** A 1:1 turn: the model may end the phase with its answer to the writer (`final` with `answer`). */
  answerInDecision?: boolean;
  /** `cascade` only: the channels flag — `text-only` offers no native tools, `tools-only` refuses calls in text. */
  channels?: CascadeChannels;
}

export interface ToolPhaseResult {
  messages: ChatMessage[];
  toolRuns: ToolRunResult[];
  rejections: RecordedRejection[];
  /** Set when the model answered in prose instead of calling a tool (allowed unless a call is required). */
  answer: string | null;
  /** The answer sent with the final decision (`answerInDecision`), still to be checked like any answer. */
  finalAnswer: string | null;
  /** True when the step or byte budget ran out and the model must answer with what it has. */
  forcedFinal: boolean;
  stopHook: typeof STOP_HOOK_TOOL_CALL_REJECTED | null;
  channels: ToolChannel[];
  usedFallback: boolean;
  model: string;
}

function nativeTools(registry: ToolRegistry): FunctionToolSpec[] {
  return registry.definitions().map((definition) => ({
    name: definition.id,
    description: definition.description,
    parameters: argsJsonSchemaFor(definition.schema) as Record<string, unknown>,
  }));
}

/**
 * The tool loop (SPEC §4): prompt → call? → execute → inject the raw JSON result → decision JSON →
 * repeat, within the step and byte budgets. A rejected call executes nothing; it gets one
 * structured retry (by default), then the phase stops with `STOP_HOOK: tool_call_rejected`, or — if
 * tools already ran — goes on to the final answer with what was gathered.
 */
export async function runToolPhase(input: ToolPhaseInput): Promise<ToolPhaseResult> {
  // The phase's receipts are signed as its tools run and written together at its end, with one
  // fsync; its trace events wait for that write, since they name the receipts.
  const receipts = input.tools.ledger.batch();
  const tracer = input.tracer;
  const held = tracer.holding;
  tracer.hold();
  let phase: ToolPhaseResult;
  try {
    phase = await toolLoop({ ...input, tools: { ...input.tools, receipts } });
  } catch (error) {
    // The tools that ran keep their receipts even when the phase fails.
    await receipts.commit().catch(() => undefined);
    if (!held) await tracer.release().catch(() => undefined);
    throw error;
  }
  await receipts.commit();
  if (held) await tracer.flush();
  else await tracer.release();
  // Reported only now: a receipt id is never shown before its line is durable.
  for (const run of phase.toolRuns) input.onToolRun?.(run);
  return phase;
}

async function toolLoop(input: ToolPhaseInput): Promise<ToolPhaseResult> {
  const messages = [...input.messages];
  const toolRuns: ToolRunResult[] = [];
  const rejections: RecordedRejection[] = [];
  const channels: ToolChannel[] = [];
  const parseTools = input.registry;
  let retriesLeft = Math.max(0, Math.min(input.retries, MAX_OUTPUT_RETRIES));
  let bytesUsed = 0;
  let usedFallback = false;
  let model = input.models.primary.name;
  let step = 0;
  const finish = (extra: Partial<ToolPhaseResult>): ToolPhaseResult => ({
    messages, toolRuns, rejections, answer: null, finalAnswer: null, forcedFinal: false, stopHook: null, channels, usedFallback, model, ...extra,
  });
  for (;;) {
    if (toolRuns.length >= input.budgets.maxSteps) return finish({ forcedFinal: true });
    const kind = toolRuns.length === 0 ? 'envelope' : 'decision';
    const formatOptions = { nonce: input.nonce, tools: parseTools };
    let responseFormat: ResponseFormat | undefined;
    if (input.profile === 'envelope') {
      if (kind === 'decision') responseFormat = decisionResponseFormat({ ...formatOptions, answer: input.answerInDecision ?? false }) as ResponseFormat;
      else if (input.requireTool) responseFormat = envelopeResponseFormat(formatOptions) as ResponseFormat;
    }
    const request = {
      messages,
      ...(responseFormat ? { responseFormat } : {}),
      ...(input.profile === 'cascade' && input.channels !== 'text-only' ? { tools: nativeTools(parseTools), toolChoice: 'auto' as const } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    };
    await input.tracer.llmRequest(input.models.primary.name, messages, { step, kind, response_format: responseFormat ? kind : null });
    const called = await callModel(input.models, request, input.modelOptions);
    usedFallback ||= called.usedFallback;
    model = called.model.name;
    const response = called.response;
    // The parser follows the model that answered: its family's own call formats (the CLI plan's compiler lifecycle).
    const family = modelFamilyOf(called.model.name);
    await input.tracer.llmResponse(called.model.name, response.latencyMs, response.content, {
      reasoning: response.reasoning,
      step,
      ...(input.profile === 'cascade' ? { parser: family } : {}),
      native_tool_calls: response.toolCalls.map((call) => call.name),
      used_fallback: called.usedFallback,
      ...(response.usage ? { usage: response.usage } : {}),
    });
    const outcome = extractStep(response, {
      step: kind,
      profile: input.profile,
      nonce: input.nonce,
      tools: parseTools,
      requireTool: input.requireTool,
      allowAnswer: input.answerInDecision ?? false,
      family,
      ...(input.channels ? { channels: input.channels } : {}),
    });
    step += 1;
    if (outcome.kind === 'answer') {
      await input.tracer.validator('tool_call', 'no_call', 'ok', 'The model answered without a tool call.');
      return finish({ answer: outcome.text });
    }
    if (outcome.kind === 'final') {
      channels.push(outcome.channel);
      await input.tracer.validator('tool_call', 'decision_final', 'ok', 'The model chose to answer.', { channel: outcome.channel, with_answer: outcome.answer !== undefined });
      return finish({ finalAnswer: outcome.answer ?? null });
    }
    if (outcome.kind === 'rejected') {
      const { code, message, issues } = outcome.rejection;
      rejections.push({ code, message, channel: outcome.channel, step, issues });
      await input.tracer.validator('tool_call', code, retriesLeft > 0 ? 'retry' : 'error', message, { channel: outcome.channel, issues });
      if (retriesLeft > 0) {
        retriesLeft -= 1;
        input.models.turn?.retries.push({ kind: 'output', code, target: outcome.rejection.tool ?? 'tool_call' });
        messages.push({ role: 'assistant', content: outcome.raw });
        messages.push({ role: 'user', content: buildRetryMessage(outcome.rejection, { nonce: input.nonce, tools: parseTools, step: kind }) });
        continue;
      }
      return toolRuns.length > 0 ? finish({ forcedFinal: true }) : finish({ stopHook: STOP_HOOK_TOOL_CALL_REJECTED });
    }
    const remaining = input.budgets.maxBytesPerTurn - bytesUsed;
    if (remaining <= 0) {
      const message = 'The byte budget of this turn is spent; no more tool output can be carried.';
      rejections.push({ code: 'tool_call_output_limit', message, channel: outcome.channel, step, issues: [] });
      await input.tracer.validator('tool_call', 'tool_call_output_limit', 'error', message);
      return finish({ forcedFinal: true });
    }
    channels.push(outcome.channel);
    const applied = outcome.call.applied;
    await input.tracer.validator('tool_call', 'accepted', 'ok', `Accepted on the ${outcome.channel} channel.`, { channel: outcome.channel, applied });
    const callId = outcome.nativeCallId ?? `call_${step}`;
    await input.tracer.event({ event_type: 'tool.request', call_id: callId, payload: { tool_id: outcome.call.tool, call_id: callId, inputs: outcome.call.args, channel: outcome.channel, applied } });
    let run = await runTool(outcome.call.tool, outcome.call.args, input.scope, input.tools);
    // Tools are run again only after a transient error (every run keeps its own receipt).
    for (let retry = 1; retry <= TOOL_RETRIES && run.status !== 'ok' && isTransientToolError(run.error); retry += 1) {
      const record = { kind: 'tool' as const, code: run.error!.code, target: run.toolId };
      input.models.turn?.retries.push(record);
      await input.tracer.retried(record, retry);
      run = await runTool(outcome.call.tool, outcome.call.args, input.scope, input.tools);
    }
    toolRuns.push(run);
    const injected = formatToolResult(run, Math.min(input.budgets.maxBytesPerStep, remaining));
    bytesUsed += injected.bytes;
    await input.tracer.event({
      event_type: 'tool.response',
      call_id: callId,
      status: run.status === 'ok' ? 'ok' : 'failed',
      payload: { tool_id: run.toolId, call_id: callId, latency_ms: run.latencyMs, status: run.status, receipt_id: run.receiptId, injected_bytes: injected.bytes, truncated: injected.truncated, result: injected.text.slice(0, 2000) },
      ...(run.error ? { failure_code: run.error.code, failure_reason: run.error.message } : {}),
    });
    messages.push({ role: 'assistant', content: outcome.raw, toolCalls: [{ id: callId, name: run.toolId, arguments: JSON.stringify(outcome.call.args) }] });
    messages.push({ role: 'tool', toolCallId: callId, content: injected.text });
  }
}
