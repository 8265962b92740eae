import type { AcceptedToolCall, CascadeChannels, ModelProfile, ModelResponse, RejectedToolCall, ToolChannel } from '../../protocol/index.js';
import {
  duplicateKeyRejection,
  familyEnvelope,
  findFamilyCall,
  findObjectEnd,
  looksLikeToolCallAttempt,
  parseDecision,
  parseToolCall,
  stripReasoning,
  type ModelFamily,
  type ToolSchemaLookup,
} from '../tool-calls/index.js';

/** What a model reply in a tool phase amounts to. */
export type StepOutcome =
  | { kind: 'call'; channel: ToolChannel; call: AcceptedToolCall; raw: string; nativeCallId?: string }
  /** The tool phase is over; `answer` is the writer-facing reply sent with it, when the turn allows one. */
  | { kind: 'final'; channel: ToolChannel; raw: string; answer?: string }
  | { kind: 'answer'; text: string }
  | { kind: 'rejected'; channel: ToolChannel; rejection: RejectedToolCall; raw: string };

export interface ExtractOptions {
  step: 'envelope' | 'decision';
  profile: ModelProfile;
  nonce: string;
  tools: ToolSchemaLookup;
  allowedTools?: readonly string[];
  /** In the first step, prose is a valid answer unless a call is required. */
  requireTool: boolean;
  /**
   * A 1:1 turn may end its tool phase with the answer: `final` with an `answer` field, or the final
   * decision object followed by the answer as text. Every other reply is read exactly as before.
   */
  allowAnswer?: boolean;
  /** `cascade` only: the answering model's family, whose own text call formats are read too (default generic). */
  family?: ModelFamily;
  /** `cascade` only: the feature flag's channels — `tools-only` refuses calls in text, `text-only` native calls. */
  channels?: CascadeChannels;
}

const ONLY_FENCE = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?```$/;

function rejected(channel: ToolChannel, raw: string, code: RejectedToolCall['code'], message: string): StepOutcome {
  return { kind: 'rejected', channel, raw, rejection: { ok: false, code, message, issues: [] } };
}

function parseText(text: string, options: ExtractOptions, channel: ToolChannel): StepOutcome {
  const parseOptions = { nonce: options.nonce, tools: options.tools, ...(options.allowedTools ? { allowedTools: options.allowedTools } : {}) };
  if (options.step === 'decision') {
    const verdict = parseDecision(text, { ...parseOptions, allowAnswer: options.allowAnswer ?? false });
    if (!verdict.ok) return { kind: 'rejected', channel, raw: text, rejection: verdict };
    if (verdict.action === 'final') return { kind: 'final', channel, raw: text, ...(verdict.answer !== undefined ? { answer: verdict.answer } : {}) };
    return { kind: 'call', channel, raw: text, call: { ok: true, tool: verdict.tool, args: verdict.args, applied: verdict.applied } };
  }
  const verdict = parseToolCall(text, parseOptions);
  if (!verdict.ok) return { kind: 'rejected', channel, raw: text, rejection: verdict };
  return { kind: 'call', channel, raw: text, call: verdict };
}

/**
 * Reads a tool-phase reply by the profile's rules (SPEC §4). `envelope`: the whole reply must be
 * the strict envelope (or decision JSON). `cascade`: a native tool call first, then the envelope as
 * the whole content or its only fenced block, else refusal. A call in text needs the turn's nonce;
 * prose carrying an embedded call is refused, never executed.
 */
export function extractStep(response: ModelResponse, options: ExtractOptions): StepOutcome {
  const content = stripReasoning(response.content).text.trim();
  const channels = options.profile === 'cascade' ? (options.channels ?? 'all') : 'all';
  if (options.profile === 'cascade' && response.toolCalls.length > 0 && channels === 'text-only') {
    return rejected('tool', content, 'tool_call_invalid_format', 'Native tool calls are switched off: write the call as the JSON object in your reply.');
  }
  if (options.profile === 'cascade' && response.toolCalls.length > 0) {
    if (response.toolCalls.length > 1) return rejected('tool', content, 'tool_call_multiple', 'Make one tool call at a time.');
    const native = response.toolCalls[0]!;
    let args: unknown;
    try {
      args = native.arguments.trim() === '' ? {} : JSON.parse(native.arguments);
    } catch {
      return rejected('tool', native.arguments, 'tool_call_invalid_format', `The arguments of ${native.name} are not valid JSON.`);
    }
    const duplicate = duplicateKeyRejection(native.arguments, 'args');
    if (duplicate) return { kind: 'rejected', channel: 'tool', raw: native.arguments, rejection: duplicate };
    // The native channel is structural, not text a file could smuggle in: the turn's nonce is implied.
    const envelope = options.step === 'decision' ? { action: 'tool', tool: native.name, args, nonce: options.nonce } : { tool: native.name, args, nonce: options.nonce };
    const outcome = parseText(JSON.stringify(envelope), options, 'tool');
    return outcome.kind === 'call' ? { ...outcome, nativeCallId: native.id } : outcome;
  }
  if (options.profile === 'cascade') {
    const outcome = readFamilyCall(response.content, content, options);
    if (outcome) return channels === 'tools-only' ? refuseTextCall(outcome) : outcome;
  }
  if (content === '') return rejected('text', content, 'tool_call_invalid_format', 'The reply was empty. Send the JSON object.');
  if (channels === 'tools-only') return toolsOnly(content, options);
  const finalThenAnswer = options.allowAnswer && options.step === 'decision' && content.startsWith('{') ? answerAfterFinal(content, options) : null;
  if (finalThenAnswer) return finalThenAnswer;
  if (content.startsWith('{')) return parseText(content, options, 'json');
  if (options.profile === 'cascade') {
    const fenced = ONLY_FENCE.exec(content);
    if (fenced && fenced[1]!.trim().startsWith('{')) return parseText(fenced[1]!.trim(), options, 'json');
  }
  if (options.step === 'envelope' && !options.requireTool && !looksLikeToolCallAttempt(content, options.tools.ids())) {
    return { kind: 'answer', text: content };
  }
  // Anything else: strict parsing says precisely what is wrong (prose around JSON, a fence, tags …).
  const outcome = parseText(content, options, 'text');
  return outcome.kind === 'rejected' ? outcome : rejected('text', content, 'tool_call_invalid_format', 'Send the JSON object alone.');
}

/**
 * A call written in the answering model's family format (`<tool_call>`, `[TOOL_CALLS]`, harmony
 * channels, DeepSeek's markers …), turned into the envelope and read by the strict parser: it runs
 * only with the turn's nonce. Null when the reply holds none of the family's formats.
 */
function readFamilyCall(raw: string, visible: string, options: ExtractOptions): StepOutcome | null {
  const scan = findFamilyCall(raw, visible, options.family ?? 'generic');
  if (scan.kind === 'none') return null;
  if (scan.kind === 'malformed') return rejected('text', visible || raw, 'tool_call_invalid_format', scan.message);
  if (scan.calls.length > 1) return rejected('text', visible || raw, 'tool_call_multiple', 'Make one tool call at a time.');
  const envelope = familyEnvelope(scan.calls[0]!, options.step);
  if (!envelope.ok) return { kind: 'rejected', channel: 'text', raw: visible || raw, rejection: envelope };
  // The assistant turn kept in the history is what the model wrote, markers and all.
  const outcome = parseText(envelope.text, options, 'text');
  return outcome.kind === 'answer' ? outcome : { ...outcome, raw: visible || raw };
}

/** The tools-only switch: a call found in the text is refused, whatever its format; decisions and answers still count. */
function refuseTextCall(outcome: StepOutcome): StepOutcome {
  if (outcome.kind !== 'call') return outcome;
  return rejected(outcome.channel, outcome.raw, 'tool_call_invalid_format', 'Only native tool calls are accepted: use the tools offered with the request, not a call written in the text.');
}

function toolsOnly(content: string, options: ExtractOptions): StepOutcome {
  if (options.step === 'envelope' && !options.requireTool && !looksLikeToolCallAttempt(content, options.tools.ids())) return { kind: 'answer', text: content };
  const fenced = ONLY_FENCE.exec(content);
  const text = content.startsWith('{') ? content : fenced && fenced[1]!.trim().startsWith('{') ? fenced[1]!.trim() : content;
  return refuseTextCall(parseText(text, options, text === content && !content.startsWith('{') ? 'text' : 'json'));
}

/**
 * `{"action":"final","nonce":"…"}` and then the answer as text: the decision object must pass
 * every check on its own and carry no answer field, and the text after it must be prose — a
 * second object or anything that looks like a tool call is left to the strict reading, which
 * refuses it as before. Null when the reply is not of this shape.
 */
function answerAfterFinal(content: string, options: ExtractOptions): StepOutcome | null {
  const end = findObjectEnd(content, 0);
  if (end < 0 || end === content.length) return null;
  const answer = content.slice(end).trim();
  if (answer === '' || answer.startsWith('{') || looksLikeToolCallAttempt(answer, options.tools.ids())) return null;
  const decision = parseText(content.slice(0, end), options, 'json');
  return decision.kind === 'final' && decision.answer === undefined ? { ...decision, raw: content, answer } : null;
}
