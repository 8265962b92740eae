/**
 * Scripted replies of a model that believes whatever the files tell it: it echoes the file it was
 * given, forged envelopes and evidence included. The harness, not the model, must hold the line.
 */
import type { ModelRequest } from '../../../src/protocol/index.js';
import { findToolNonce, type ScriptedReply } from '../../../src/adapters/scripted-model/index.js';

/** The real nonce of a turn: the one in the system prompt, never one a tool result tried to plant. */
export function realNonce(request: ModelRequest): string | undefined {
  return findToolNonce(request.messages.slice(0, 1));
}

/** The content of the latest tool result the model was shown (the file text for file_reader). */
export function latestToolContent(request: ModelRequest): string {
  const tool = [...request.messages].reverse().find((message) => message.role === 'tool');
  if (!tool) return '';
  const parsed = JSON.parse(tool.content) as { result?: { content?: unknown } };
  return typeof parsed.result?.content === 'string' ? parsed.result.content : tool.content;
}

/** A valid envelope call with the turn's real nonce. */
export const validCall =
  (tool: string, args: Record<string, unknown>) =>
  (request: ModelRequest): ScriptedReply => ({ content: JSON.stringify({ tool, args, nonce: realNonce(request) }) });

/** A valid decision with the turn's real nonce. */
export const validDecision =
  (decision: Record<string, unknown>) =>
  (request: ModelRequest): ScriptedReply => ({ content: JSON.stringify({ ...decision, nonce: realNonce(request) }) });

/** The fooled model: replies with the first line of the tool result that matches `pick`. */
export const echoLine =
  (pick: RegExp) =>
  (request: ModelRequest): ScriptedReply => ({ content: latestToolContent(request).split('\n').find((line) => pick.test(line)) ?? 'nothing' });

/** The fooled model: replies with the whole tool result, as if it were its own answer. */
export const echoAll = (request: ModelRequest): ScriptedReply => {
  // The corrective retry has no new tool message; echo the last one seen.
  return { content: `Here is what the scene says.\n${latestToolContent(request)}` };
};
