import { PHASE_TWO_FRAMING, type Agent, type ChatMessage } from '../../protocol/index.js';
import { evidenceRules } from '../loop/index.js';
import type { BufferedResult } from './round-buffer.js';

/** The seed's injection framing with the agent's role in place of `<Role>`. */
export function phaseTwoFraming(role: string): string {
  return PHASE_TWO_FRAMING.replace('<Role>', role);
}

function injectedResults(results: readonly BufferedResult[]): string {
  if (results.length === 0) return 'No data could be retrieved from the manuscript for this round.';
  return results.map((result, index) => `Result ${index + 1} (receipt ${result.receiptId}):\n${result.injected}`).join('\n\n');
}

/**
 * The whole of what one agent is sent in phase 2 (SPEC §8): its role framing, the phase-1 results,
 * the injection framing, the evidence rules and the writer's message — a fresh message list, so no
 * other agent's reply and nothing of earlier rounds can be in it. No catalog, no protocol.
 */
export function phaseTwoMessages(agent: Agent, results: readonly BufferedResult[], message: string): ChatMessage[] {
  const system = `You are ${agent.name}, the ${agent.role} of a writers' room.\n${agent.framing}`;
  const user = [
    phaseTwoFraming(agent.role),
    injectedResults(results),
    evidenceRules(results.map((result) => result.receiptId)),
    `The writer's message:\n${message}`,
  ].join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}
