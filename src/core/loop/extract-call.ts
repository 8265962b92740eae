import type { AcceptedToolCall, ModelProfile, ModelResponse, RejectedToolCall, ToolChannel } from '../../protocol/index.js';
import { duplicateKeyRejection, looksLikeToolCallAttempt, parseDecision, parseToolCall, stripReasoning, type ToolSchemaLookup } from '../tool-calls/index.js';

/** What a model reply in a tool phase amounts to. */
export type StepOutcome =
  | { kind: 'call'; channel: ToolChannel; call: AcceptedToolCall; raw: string; nativeCallId?: string }
  | { kind: 'final'; channel: ToolChannel; raw: string }
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
}

const ONLY_FENCE = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?```$/;

function rejected(channel: ToolChannel, raw: string, code: RejectedToolCall['code'], message: string): StepOutcome {
  return { kind: 'rejected', channel, raw, rejection: { ok: false, code, message, issues: [] } };
}

function parseText(text: string, options: ExtractOptions, channel: ToolChannel): StepOutcome {
  const parseOptions = { nonce: options.nonce, tools: options.tools, ...(options.allowedTools ? { allowedTools: options.allowedTools } : {}) };
  if (options.step === 'decision') {
    const verdict = parseDecision(text, parseOptions);
    if (!verdict.ok) return { kind: 'rejected', channel, raw: text, rejection: verdict };
    if (verdict.action === 'final') return { kind: 'final', channel, raw: text };
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
  if (content === '') return rejected('text', content, 'tool_call_invalid_format', 'The reply was empty. Send the JSON object.');
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
