import { findToolNonce } from '../../../src/adapters/scripted-model/index.js';
import type { LoopbackRequestBody, LoopbackStep } from '../../../src/adapters/loopback-model-server/index.js';

/** A reply that makes a strict envelope call with the turn's nonce (read from the prompt). */
export const envelopeCall =
  (tool: string, args: Record<string, unknown>): LoopbackStep =>
  (body) => ({ content: JSON.stringify({ tool, args, nonce: findToolNonce(body.messages) }) });

/** Decision JSON after a tool result: another call or `final`. */
export const decide =
  (decision: { action: 'final' } | { action: 'tool'; tool: string; args: Record<string, unknown> }): LoopbackStep =>
  (body) => ({ content: JSON.stringify({ ...decision, nonce: findToolNonce(body.messages) }) });

/** Receipt ids the model was shown in tool messages so far. */
export function receiptIdsIn(body: LoopbackRequestBody): string[] {
  const ids: string[] = [];
  for (const message of body.messages ?? []) {
    if (message.role !== 'tool' || typeof message.content !== 'string') continue;
    const match = /"receipt_id":"(rcpt_[A-Za-z0-9_-]+)"/.exec(message.content);
    if (match?.[1]) ids.push(match[1]);
  }
  return ids;
}

/** A final answer that cites the receipts it was given. */
export const groundedAnswer =
  (text: string, evidence: (receipts: string) => string): LoopbackStep =>
  (body) => ({ content: `${text}\n${evidence(receiptIdsIn(body).join(', '))}` });
