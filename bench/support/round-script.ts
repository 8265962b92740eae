/**
 * The scripted model of the round benchmarks: its every reply is read from what it was asked, so
 * one script serves in-process models and a loopback model server alike. In a tool phase it makes
 * the three calls in turn (with the turn's own nonce), then `final` — carrying the answer when the
 * tool prompt allows it (a 1:1 turn); asked for an answer, it quotes a source its agent may cite
 * and names every receipt it was shown.
 */
import { findToolNonce } from '../../src/adapters/scripted-model/index.js';
import { defaultAgentsFile } from '../../src/core/agents/index.js';
import type { Model } from '../../src/core/ports/index.js';
import type { Agent, ModelRequest, ModelResponse } from '../../src/protocol/index.js';

export const HESTER = 'Compendium/Characters/CHAR-hester-vane.md';
export const SCENE = 'Story/Scenes/SCN-01-the-lamp-room.md';
export const QUESTION = 'Does scene one agree with Hester’s card?';
export const CALLS = [
  { tool: 'file_reader', args: { path: HESTER } },
  { tool: 'file_reader', args: { path: SCENE, start_line: 1, end_line: 40 } },
  { tool: 'file_locator', args: { search_criteria: 'Owen' } },
];

/** The five default agents and a sixth, so a round has six speakers. */
export const SIX_AGENTS: Agent[] = [
  ...defaultAgentsFile().agents,
  { id: 'researcher', name: 'Researcher', role: 'Researcher', order: 5, muted: false, framing: 'You check facts of the world.', evidenceSources: ['Story/', 'Compendium/'] },
];

interface Message {
  role: string;
  content?: unknown;
}

const textOf = (content: unknown): string => (typeof content === 'string' ? content : '');

/** The reply's text for a request with these messages. */
export function scriptedReplyText(messages: readonly Message[]): string {
  const system = textOf(messages[0]?.content);
  const nonce = findToolNonce(messages.slice(0, 1));
  const toolResults = messages.filter((message) => message.role === 'tool').length;
  if (nonce !== undefined) {
    const next = CALLS[toolResults];
    if (toolResults === 0) return JSON.stringify({ ...CALLS[0], nonce });
    if (next) return JSON.stringify({ action: 'tool', ...next, nonce });
    // A 1:1 turn's tool prompt lets the model finish with its answer; a conference's phase 1 does not.
    return JSON.stringify(system.includes('"answer":') ? { action: 'final', nonce, answer: answerText(messages) } : { action: 'final', nonce });
  }
  return answerText(messages);
}

/** The agent's answer: it quotes a source it may cite and names every receipt it was shown. */
function answerText(messages: readonly Message[]): string {
  const system = textOf(messages[0]?.content);
  const prompt = messages.map((message) => textOf(message.content)).join('\n');
  const name = /^You are (.+?), the /.exec(system)?.[1];
  const agent = SIX_AGENTS.find((candidate) => candidate.name === name);
  const receipts = [...new Set(prompt.match(/rcpt_[A-Za-z0-9_-]{10,}/g) ?? [])].join(', ');
  const usesCard = agent?.evidenceSources.some((source) => source.startsWith('Compendium/') || source === 'Canon.md') ?? false;
  return usesCard
    ? `Hester's card gives her grey eyes, which scene one does not contradict.\nEvidence: content | ${HESTER} | "eyes: grey" | receipt ${receipts}`
    : `Owen is already at the tower when she arrives.\nEvidence: content | ${SCENE} | "Owen Tresk was waiting for her at the tower door" | receipt ${receipts}`;
}

interface WireMessage extends Message {
  tool_calls?: unknown[];
}

/**
 * The same script for a client that calls tools natively (the AI SDK's `generateText`): the three
 * calls as `tool_calls`, one per reply, then the answer, quoting the card the way ours does.
 */
export function nativeToolReply(messages: readonly WireMessage[]): { content?: string; toolCalls?: Array<{ name: string; arguments: Record<string, unknown> }> } {
  const toolResults = messages.filter((message) => message.role === 'tool').length;
  const next = CALLS[toolResults];
  if (next) return { toolCalls: [{ name: next.tool, arguments: next.args }] };
  return { content: `Hester's card gives her grey eyes, which scene one does not contradict.\nEvidence: content | ${HESTER} | "eyes: grey"` };
}

/** An in-process model that plays the round script, keeping nothing between requests. */
export class RoundScriptModel implements Model {
  readonly name = 'round-script';
  readonly endpoint = 'memory';
  async complete(request: ModelRequest): Promise<ModelResponse> {
    return { content: scriptedReplyText(request.messages), reasoning: '', toolCalls: [], finishReason: 'stop', model: this.name, latencyMs: 0 };
  }
}
