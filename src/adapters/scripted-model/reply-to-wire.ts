import type { ScriptedReply } from './scripted-reply.js';

/**
 * Turns a scripted reply into what an OpenAI-compatible server sends: one non-streamed
 * `chat.completion` body, or the `chat.completion.chunk`s of a stream. The scripted model and the
 * loopback server both replay replies through these, so tests exercise the real decoding path.
 */
export interface WireReplyOptions {
  model: string;
  /** Completion id; also the prefix of generated tool call ids. */
  id: string;
  /** How long each streamed piece of text is; a function makes the cuts irregular. */
  pieceLength?: number | (() => number);
}

type Chunk = Record<string, unknown>;

function toolCallsOf(reply: ScriptedReply, id: string): Array<{ id: string; name: string; arguments: string }> {
  return (reply.toolCalls ?? []).map((call, position) => ({
    id: call.id ?? `call_${id}_${position}`,
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }));
}

function finishReasonOf(reply: ScriptedReply): string {
  return reply.finishReason ?? ((reply.toolCalls?.length ?? 0) > 0 ? 'tool_calls' : 'stop');
}

/** A rough token count (four characters a token) so usage is plausible. */
function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function usageOf(reply: ScriptedReply, promptText: string): Record<string, number> {
  const completion = estimateTokens((reply.reasoning ?? '') + (reply.content ?? '')) + (reply.toolCalls?.length ?? 0) * 8;
  const prompt = estimateTokens(promptText);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** The non-streamed `chat.completion` body for a reply. */
export function replyToCompletion(reply: ScriptedReply, options: WireReplyOptions, promptText = ''): Record<string, unknown> {
  const calls = toolCallsOf(reply, options.id);
  const message: Record<string, unknown> = { role: 'assistant', content: reply.content ?? (calls.length > 0 ? null : '') };
  if (reply.reasoning !== undefined) message['reasoning_content'] = reply.reasoning;
  if (calls.length > 0) {
    message['tool_calls'] = calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }));
  }
  return {
    id: options.id,
    object: 'chat.completion',
    created: 0,
    model: reply.model ?? options.model,
    choices: [{ index: 0, message, finish_reason: finishReasonOf(reply) }],
    usage: usageOf(reply, promptText),
  };
}

function splitText(text: string, pieceLength: number | (() => number)): string[] {
  const pieces: string[] = [];
  const characters = Array.from(text); // never cut a surrogate pair: the wire carries JSON text
  for (let start = 0; start < characters.length; ) {
    const length = Math.max(1, typeof pieceLength === 'number' ? pieceLength : pieceLength());
    pieces.push(characters.slice(start, start + length).join(''));
    start += length;
  }
  return pieces;
}

/** The `chat.completion.chunk`s of a streamed reply (without the `[DONE]` sentinel). */
export function replyToChunks(reply: ScriptedReply, options: WireReplyOptions, promptText = ''): Chunk[] {
  const pieceLength = options.pieceLength ?? 6;
  const model = reply.model ?? options.model;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): Chunk => ({
    id: options.id,
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
  const chunks: Chunk[] = [chunk({ role: 'assistant', content: '' })];
  for (const piece of splitText(reply.reasoning ?? '', pieceLength)) chunks.push(chunk({ reasoning_content: piece }));
  for (const piece of splitText(reply.content ?? '', pieceLength)) chunks.push(chunk({ content: piece }));
  toolCallsOf(reply, options.id).forEach((call, index) => {
    chunks.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const piece of splitText(call.arguments, pieceLength)) {
      // Later deltas repeat an empty id and name, as several real servers do.
      chunks.push(chunk({ tool_calls: [{ index, id: '', function: { name: '', arguments: piece } }] }));
    }
  });
  chunks.push(chunk({}, finishReasonOf(reply)));
  chunks.push({ id: options.id, object: 'chat.completion.chunk', created: 0, model, choices: [], usage: usageOf(reply, promptText) });
  return chunks;
}
