import type { RoundEvent, TracedRound } from '../../protocol/index.js';
import {
  DEFAULT_PROVIDER,
  ERROR_TYPE,
  GEN_AI,
  GEN_AI_EVALUATION_EVENT,
  GEN_AI_OPERATION,
  MCP_METHOD_NAME,
} from './genai-attributes.js';

export type SpanAttributeValue = string | number | boolean | string[];
export type SpanAttributes = Record<string, SpanAttributeValue>;

export interface PlannedSpanEvent {
  name: string;
  timeMs: number;
  attributes: SpanAttributes;
}

/** One span to export, with times taken from the stored events (so a replay equals the live export). */
export interface PlannedSpan {
  /** Stable within the round (`round`, `chat:<seq>`, `tool:<seq>`): span ids are derived from it. */
  key: string;
  parentKey: string | null;
  name: string;
  kind: 'internal' | 'client' | 'server';
  startMs: number;
  endMs: number;
  attributes: SpanAttributes;
  events: PlannedSpanEvent[];
  status: { code: 'unset' | 'error'; message?: string };
}

export interface PlanSpansOptions {
  /** Include prompts, replies, tool arguments and results (already scrubbed by the caller). */
  content: boolean;
}

/** Validator codes of the tool loop that are not rejections. */
const TOOL_CALL_OUTCOMES = new Set(['accepted', 'no_call', 'decision_final', 'ok']);

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const json = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

/** Only the attributes that have a value: exporters refuse undefined. */
function defined(attributes: Record<string, SpanAttributeValue | undefined>): SpanAttributes {
  const kept: SpanAttributes = {};
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) kept[key] = value;
  return kept;
}

function messages(role: 'user' | 'assistant', content: string, finishReason?: string): string {
  return JSON.stringify([{ role, parts: [{ type: 'text', content }], ...(finishReason ? { finish_reason: finishReason } : {}) }]);
}

interface Timeline {
  start: number;
  end: number;
  /** The time of the first event after `seq` (or the round's end): where an unanswered request stops. */
  after(seq: number): number;
  at(event: RoundEvent): number;
}

function timeline(traced: TracedRound): Timeline {
  const start = Date.parse(traced.round.created_at);
  const base = Number.isFinite(start) ? start : 0;
  const at = (event: RoundEvent): number => {
    const time = Date.parse(event.timestamp);
    return Number.isFinite(time) ? Math.max(time, base) : base;
  };
  const end = traced.events.reduce((latest, event) => Math.max(latest, at(event)), base);
  return {
    start: base,
    end,
    at,
    after: (seq) => {
      const next = traced.events.find((event) => event.event_seq > seq);
      return next ? at(next) : end;
    },
  };
}

/** Takes the oldest waiting request of a key, or of any key when that one has none. */
function takeWaiting(waiting: Map<string, RoundEvent[]>, key: string): RoundEvent | undefined {
  const own = waiting.get(key);
  if (own && own.length > 0) return own.shift();
  for (const queue of waiting.values()) if (queue.length > 0) return queue.shift();
  return undefined;
}

function wait(waiting: Map<string, RoundEvent[]>, key: string, event: RoundEvent): void {
  const queue = waiting.get(key) ?? [];
  queue.push(event);
  waiting.set(key, queue);
}

function chatSpan(request: RoundEvent, response: RoundEvent | undefined, time: Timeline, options: PlanSpansOptions): PlannedSpan {
  const asked = request.payload;
  const answered = response?.payload ?? {};
  const usage = (answered['usage'] ?? {}) as Record<string, unknown>;
  const requestModel = text(asked['model']) ?? 'unknown';
  const provider = text(asked['provider']) ?? DEFAULT_PROVIDER;
  const head = text(asked['prompt_head']) ?? '';
  const tail = text(asked['prompt_tail']) ?? '';
  const toolCalls = Array.isArray(answered['native_tool_calls']) && answered['native_tool_calls'].length > 0;
  return {
    key: `chat:${request.event_seq}`,
    parentKey: 'round',
    name: `${GEN_AI_OPERATION.chat} ${requestModel}`,
    kind: 'client',
    startMs: time.at(request),
    endMs: response ? time.at(response) : time.after(request.event_seq),
    attributes: defined({
      [GEN_AI.operationName]: GEN_AI_OPERATION.chat,
      [GEN_AI.providerName]: provider,
      [GEN_AI.system]: provider,
      [GEN_AI.requestModel]: requestModel,
      [GEN_AI.responseModel]: text(answered['model']),
      [GEN_AI.inputTokens]: count(usage['promptTokens'] ?? usage['input_tokens'] ?? usage['prompt_tokens']),
      [GEN_AI.outputTokens]: count(usage['completionTokens'] ?? usage['output_tokens'] ?? usage['completion_tokens']),
      [GEN_AI.agentId]: text(asked['agent_id']),
      'control_room.step': asked['step'] === undefined ? undefined : String(asked['step']),
      'control_room.prompt.sha256': text(asked['prompt_hash']),
      'control_room.used_fallback': typeof answered['used_fallback'] === 'boolean' ? answered['used_fallback'] : undefined,
      [GEN_AI.inputMessages]: options.content ? messages('user', tail === '' ? head : `${head}\n…\n${tail}`) : undefined,
      [GEN_AI.outputMessages]: options.content && response ? messages('assistant', text(answered['text']) ?? '', toolCalls ? 'tool_call' : 'stop') : undefined,
    }),
    events: [],
    status: response ? { code: 'unset' } : { code: 'error', message: 'The model gave no answer.' },
  };
}

function toolSpan(request: RoundEvent, response: RoundEvent | undefined, refusal: RoundEvent | undefined, time: Timeline, options: PlanSpansOptions): PlannedSpan {
  const asked = request.payload;
  const answered = response?.payload ?? {};
  const tool = text(asked['tool_id']) ?? 'unknown';
  const failed = response ? response.status === 'failed' || (text(answered['status']) ?? 'ok') !== 'ok' : true;
  const errorType = response?.failure_code ?? text(refusal?.payload['code']) ?? (response ? text(answered['status']) : 'no_response');
  return {
    key: `tool:${request.event_seq}`,
    parentKey: 'round',
    name: `${GEN_AI_OPERATION.executeTool} ${tool}`,
    kind: 'internal',
    startMs: time.at(request),
    endMs: response ? time.at(response) : time.after(request.event_seq),
    attributes: defined({
      [GEN_AI.operationName]: GEN_AI_OPERATION.executeTool,
      [GEN_AI.toolName]: tool,
      [GEN_AI.toolCallId]: request.call_id ?? text(asked['call_id']),
      [GEN_AI.toolType]: 'function',
      'control_room.receipt.id': text(answered['receipt_id']),
      'control_room.tool.status': text(answered['status']) ?? (refusal ? 'refused' : undefined),
      'control_room.tool.channel': text(asked['channel']),
      'control_room.tool.truncated': typeof answered['truncated'] === 'boolean' ? answered['truncated'] : undefined,
      [ERROR_TYPE]: failed ? errorType : undefined,
      [GEN_AI.toolCallArguments]: options.content ? json(asked['inputs']) : undefined,
      [GEN_AI.toolCallResult]: options.content && response ? json(answered['result']) : undefined,
    }),
    events: [],
    status: failed ? { code: 'error', ...(errorType ? { message: errorType } : {}) } : { code: 'unset' },
  };
}

/** Rejections and evidence outcomes as events of the round's span. */
function validatorEvent(event: RoundEvent, time: Timeline, options: PlanSpansOptions): PlannedSpanEvent | null {
  const payload = event.payload;
  const validator = text(payload['validator_id']) ?? '';
  const code = text(payload['code']) ?? '';
  const status = text(payload['status']) ?? '';
  const details = (payload['details'] ?? {}) as Record<string, unknown>;
  const message = options.content ? text(payload['message']) : undefined;
  const agent = text(details['agent_id']);
  if (validator === 'evidence') {
    const issues = Array.isArray(details['issues']) ? details['issues'] : [];
    return {
      name: GEN_AI_EVALUATION_EVENT,
      timeMs: time.at(event),
      attributes: defined({
        [GEN_AI.evaluationName]: 'evidence',
        [GEN_AI.evaluationScoreLabel]: status === 'ok' ? 'verified' : 'rejected',
        [GEN_AI.evaluationScoreValue]: status === 'ok' ? 1 : 0,
        [GEN_AI.evaluationExplanation]: text(payload['message']),
        [GEN_AI.agentId]: agent,
        'control_room.evidence.code': code,
        'control_room.evidence.final': status !== 'retry',
        'control_room.evidence.issue_codes': issues.map((issue) => text((issue as Record<string, unknown>)['code']) ?? 'unknown'),
      }),
    };
  }
  if (validator === 'tool_call' && !TOOL_CALL_OUTCOMES.has(code)) {
    return {
      name: 'control_room.tool_call.rejected',
      timeMs: time.at(event),
      attributes: defined({
        'control_room.rejection.code': code,
        'control_room.rejection.retry': status === 'retry',
        'control_room.tool_call.channel': text(details['channel']),
        'control_room.rejection.message': message,
      }),
    };
  }
  if (status === 'error' || status === 'retry' || status === 'escalate') {
    return {
      name: 'control_room.validation.failed',
      timeMs: time.at(event),
      attributes: defined({ 'control_room.validator.id': validator, 'control_room.validator.code': code, 'control_room.validator.status': status, [GEN_AI.agentId]: agent, 'control_room.validator.message': message }),
    };
  }
  return null;
}

/**
 * The spans of one stored round, after the OpenTelemetry GenAI conventions: the round (a chat
 * turn, a conference round, a task, or an MCP call) is the parent; each model call is a `chat`
 * span with its model, provider and token usage; each tool run an `execute_tool` span with the
 * receipt id; rejections and evidence outcomes are events of the round's span. Times come from
 * the stored events, so replaying a stored round gives the spans the live export gave. Content
 * (prompts, replies, tool arguments and results) is included only when asked for.
 */
export function planRoundSpans(traced: TracedRound, options: PlanSpansOptions): PlannedSpan[] {
  const { round, events } = traced;
  const time = timeline(traced);
  const spans: PlannedSpan[] = [];
  const rootEvents: PlannedSpanEvent[] = [];
  const models = new Map<string, RoundEvent[]>();
  const tools = new Map<string, RoundEvent[]>();
  const unanswered: RoundEvent[] = [];
  let input: RoundEvent | undefined;
  let output: RoundEvent | undefined;
  let mcpTool: string | undefined;
  for (const event of events) {
    const payload = event.payload;
    switch (event.event_type) {
      case 'input.received':
        input ??= event;
        break;
      case 'output.emitted':
        output = event;
        break;
      case 'llm.request':
        wait(models, text(payload['agent_id']) ?? '', event);
        break;
      case 'llm.response':
        spans.push(chatSpan(takeWaiting(models, text(payload['agent_id']) ?? '') ?? event, event, time, options));
        break;
      case 'tool.request':
        if (text(payload['channel']) === 'mcp') mcpTool ??= text(payload['tool_id']);
        wait(tools, event.call_id ?? '', event);
        break;
      case 'tool.response': {
        const request = takeWaiting(tools, event.call_id ?? '');
        if (request) spans.push(toolSpan(request, event, undefined, time, options));
        break;
      }
      case 'validator.ran': {
        const planned = validatorEvent(event, time, options);
        if (planned) rootEvents.push(planned);
        if (text(payload['validator_id']) === 'tool_call' && text(payload['status']) === 'error') {
          const refused = takeWaiting(tools, event.call_id ?? '');
          if (refused) spans.push(toolSpan(refused, undefined, event, time, options));
        }
        break;
      }
      default:
        break;
    }
  }
  for (const queue of models.values()) unanswered.push(...queue);
  for (const request of unanswered) spans.push(chatSpan(request, undefined, time, options));
  for (const queue of tools.values()) for (const request of queue) spans.push(toolSpan(request, undefined, undefined, time, options));
  const agent = text(input?.payload['agent_id']);
  const failed = round.status === 'failed' || round.status === 'partial';
  const name = mcpTool !== undefined ? `tools/call ${mcpTool}` : agent !== undefined ? `${GEN_AI_OPERATION.invokeAgent} ${agent}` : `round ${round.conversation_id}`;
  const root: PlannedSpan = {
    key: 'round',
    parentKey: null,
    name,
    kind: mcpTool !== undefined ? 'server' : 'internal',
    startMs: time.start,
    endMs: time.end,
    attributes: defined({
      [GEN_AI.operationName]: mcpTool !== undefined ? GEN_AI_OPERATION.executeTool : agent !== undefined ? GEN_AI_OPERATION.invokeAgent : undefined,
      [MCP_METHOD_NAME]: mcpTool !== undefined ? 'tools/call' : undefined,
      [GEN_AI.toolName]: mcpTool,
      [GEN_AI.agentId]: agent,
      [GEN_AI.agentName]: agent,
      [GEN_AI.conversationId]: round.conversation_id,
      'control_room.round.id': round.round_id,
      'control_room.round.seq': round.round_seq,
      'control_room.round.status': round.status,
      'control_room.library.id': round.library_id,
      'control_room.bucket.id': round.bucket_id,
      'control_room.state.in': round.state_in,
      'control_room.state.out': round.state_out ?? undefined,
      'control_room.audio.id': round.audio_id ?? undefined,
      [ERROR_TYPE]: failed ? (round.failure_code ?? round.status) : undefined,
      [GEN_AI.inputMessages]: options.content && input ? messages('user', text(input.payload['raw_text']) ?? '') : undefined,
      [GEN_AI.outputMessages]: options.content && output ? messages('assistant', text(output.payload['text']) ?? '', 'stop') : undefined,
    }),
    events: rootEvents,
    status: failed ? { code: 'error', message: round.failure_code ?? round.status } : { code: 'unset' },
  };
  return [root, ...spans.sort((left, right) => left.startMs - right.startMs || left.key.localeCompare(right.key))];
}
