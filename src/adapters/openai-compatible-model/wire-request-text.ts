import type { WireRequest } from './to-wire-request.js';

/**
 * The JSON text of a wire request, exactly what `JSON.stringify(body)` gives, without writing the
 * same parts again at every step of a turn: each step resends the system prompt, the earlier
 * messages and (after a tool result) the same decision schema. Two memories do that:
 *
 * - message contents: the JSON text of each long content string, remembered by its value (a
 *   bounded memory, oldest dropped first); a string is its own key, so nothing can go stale;
 * - frozen objects (the shared response formats): their text, remembered by identity, which is
 *   safe only because a frozen object cannot change.
 *
 * Writing JSON was about a sixth of the model adapter's own CPU per turn (a decision schema offering
 * nine tools is about 5 KB of small objects).
 */
export function wireRequestText(body: WireRequest): string {
  const members: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const text = key === 'messages' && Array.isArray(value) ? messagesText(value) : valueText(value);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(',')}}`;
}

/** Contents shorter than this are written directly: remembering them would cost more than it saves. */
const MIN_REMEMBERED_CHARS = 256;
/** Characters of content remembered (about 4 MB of strings with their texts). */
const REMEMBERED_CHARS = 1_000_000;

const contentTexts = new Map<string, string>();
let contentChars = 0;
const frozenTexts = new WeakMap<object, string>();

function messagesText(messages: readonly unknown[]): string {
  const items: string[] = [];
  for (const message of messages) {
    if (message === null || typeof message !== 'object' || Array.isArray(message) || typeof (message as { toJSON?: unknown }).toJSON === 'function') {
      items.push(JSON.stringify(message) ?? 'null');
      continue;
    }
    const members: string[] = [];
    for (const [key, value] of Object.entries(message)) {
      const text = key === 'content' && typeof value === 'string' ? contentText(value) : valueText(value);
      if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
    }
    items.push(`{${members.join(',')}}`);
  }
  return `[${items.join(',')}]`;
}

function contentText(content: string): string {
  if (content.length < MIN_REMEMBERED_CHARS) return JSON.stringify(content);
  const known = contentTexts.get(content);
  if (known !== undefined) return known;
  const text = JSON.stringify(content);
  if (content.length <= REMEMBERED_CHARS / 8) {
    contentTexts.set(content, text);
    contentChars += content.length;
    for (const [oldest] of contentTexts) {
      if (contentChars <= REMEMBERED_CHARS) break;
      contentTexts.delete(oldest);
      contentChars -= oldest.length;
    }
  }
  return text;
}

/** A member's text as JSON.stringify writes it (undefined: the member is left out). */
function valueText(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) return JSON.stringify(value);
  const known = frozenTexts.get(value);
  if (known !== undefined) return known;
  const text = JSON.stringify(value);
  if (isDeepFrozen(value)) frozenTexts.set(value, text);
  return text;
}

/** True when nothing inside the value can change (checked once per object, before its text is kept). */
function isDeepFrozen(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}
