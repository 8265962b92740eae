import { RECEIPT_ID_IN_TEXT } from '../../../src/protocol/index.js';
import { findToolNonce } from '../../../src/adapters/scripted-model/index.js';
import type { LoopbackReply, LoopbackRequestBody } from '../../../src/adapters/loopback-model-server/index.js';

const CARD = 'Compendium/Characters/CHAR-hester-vane.md';
export const HESTER_EVIDENCE = (receipts: string) => `Evidence: content | ${CARD} | "eyes: grey" | receipt ${receipts}`;

const text = (body: LoopbackRequestBody): string => (body.messages ?? []).map((message) => (typeof message.content === 'string' ? message.content : '')).join('\n');
const lastUser = (body: LoopbackRequestBody): string => {
  const users = (body.messages ?? []).filter((message) => message.role === 'user');
  const last = users.at(-1)?.content;
  return typeof last === 'string' ? last : '';
};

/**
 * A model that plays its part in any 1:1 turn or conference round by reading the request, so one
 * loopback server serves a whole test in any order. The writer's message steers it: `[lookups:N]`
 * makes it call tools N times before it decides `final` (default 1), `[no-lookup]` makes it answer
 * at once. Final answers and phase-2 replies cite the receipts they were shown.
 */
export function roomModel(options: { signature?: string } = {}): (body: LoopbackRequestBody) => LoopbackReply {
  const sign = options.signature ? ` (${options.signature})` : '';
  return (body) => {
    const all = text(body);
    const receipts = [...new Set(all.match(RECEIPT_ID_IN_TEXT) ?? [])];
    if (all.includes('The following data was retrieved for this discussion')) {
      return { content: receipts.length > 0 ? `Hester’s card gives her grey eyes${sign}.\n${HESTER_EVIDENCE(receipts.join(', '))}` : 'ABSTAIN' };
    }
    const user = lastUser(body);
    if (/Now answer the writer|No more lookups are available/.test(user)) {
      return { content: `Hester’s card gives her grey eyes${sign}.\n${HESTER_EVIDENCE(receipts.join(', '))}` };
    }
    const nonce = findToolNonce(body.messages as never);
    const toolMessages = (body.messages ?? []).filter((message) => message.role === 'tool').length;
    const writer = (body.messages ?? []).find((message) => message.role === 'user')?.content;
    const wanted = Number(/\[lookups:(\d+)\]/.exec(typeof writer === 'string' ? writer : '')?.[1] ?? '1');
    if (toolMessages === 0) {
      if (typeof writer === 'string' && writer.includes('[no-lookup]')) return { content: `Hello${sign}.` };
      return { content: JSON.stringify({ tool: 'file_reader', args: { path: CARD }, nonce }) };
    }
    if (toolMessages < wanted) return { content: JSON.stringify({ action: 'tool', tool: 'file_reader', args: { path: CARD }, nonce }) };
    return { content: JSON.stringify({ action: 'final', nonce }) };
  };
}
