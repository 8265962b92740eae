/**
 * A loopback model whose every reply is a function of the request alone, so any number of
 * concurrent turns can share one server: a tool phase gets one `file_locator` call for the
 * conversation's marker (with the turn's own nonce), then `final`; an answer repeats every marker
 * it was sent and quotes Hester's card without citing a receipt (its lookup searched for the
 * marker and read no file, and a receipt vouches only for the lines it read). A reply that names
 * another conversation's marker proves that conversations crossed.
 */
import type { LoopbackReply, LoopbackRequestBody, LoopbackStep } from '../../../src/adapters/loopback-model-server/index.js';
import { findToolNonce } from '../../../src/adapters/scripted-model/index.js';

export const MARKER_PATTERN = /\bMK-[a-z0-9-]+-MK\b/g;
export const HESTER_CARD = 'Compendium/Characters/CHAR-hester-vane.md';

/** A marker for one conversation, e.g. `MK-chat-17-MK`. */
export function marker(name: string): string {
  return `MK-${name}-MK`;
}

const textOf = (content: unknown): string => (typeof content === 'string' ? content : '');

/** The reply the marker model gives to one request. */
export function markerReply(body: LoopbackRequestBody): LoopbackReply {
  const messages = body.messages ?? [];
  const system = textOf(messages[0]?.content);
  const all = messages.map((message) => textOf(message.content)).join('\n');
  const markers = [...new Set(all.match(MARKER_PATTERN) ?? [])];
  if (system.includes('TOOL_NONCE:')) {
    const nonce = findToolNonce(messages.slice(0, 1));
    const ranTool = messages.some((message) => message.role === 'tool');
    if (ranTool) return { content: JSON.stringify({ action: 'final', nonce }) };
    return { content: JSON.stringify({ tool: 'file_locator', args: { search_criteria: markers[0] ?? 'hester' }, nonce }) };
  }
  return { content: `Noted for ${markers.join(' ')}: Hester's card gives her grey eyes.\nEvidence: content | ${HESTER_CARD} | "eyes: grey"` };
}

/** `count` identical steps of the marker model for a loopback server's queue. */
export function markerScript(count: number): LoopbackStep[] {
  return Array.from({ length: count }, () => markerReply);
}
