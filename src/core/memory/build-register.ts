import { REGISTER_MAX_CHARS, type BucketMemoryItem } from '../../protocol/memory.js';

/** How many of the top notes the register tries to name. */
const REGISTER_ITEMS = 3;

/** Collapses a text to one line: control characters and runs of whitespace become one space. */
export function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ').trim();
}

/**
 * Cuts a line to at most `max` UTF-16 code units, ending in `…` when cut. Never splits a
 * surrogate pair, so the result is always well-formed text.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** The first sentence or clause of a note, which is usually what it is about. */
function gist(content: string): string {
  const line = oneLine(content);
  const stop = line.search(/[.;!?](?:\s|$)/);
  return stop > 0 ? line.slice(0, stop) : line;
}

/**
 * The register: one line of at most 140 characters summarising a bucket, built only from its
 * notes (all of them, in retrieval order), so the same notes always give the same line.
 */
export function buildRegister(items: readonly BucketMemoryItem[]): string {
  const itemCount = items.length;
  if (itemCount === 0) return 'No notes yet.';
  const pinned = items.filter((item) => item.pinned).length;
  const head = `${itemCount} note${itemCount === 1 ? '' : 's'}${pinned > 0 ? `, ${pinned} pinned` : ''}: `;
  let line = head;
  for (const item of items.slice(0, REGISTER_ITEMS)) {
    const piece = gist(item.content);
    if (piece === '') continue;
    const next = line === head ? `${line}${piece}` : `${line} · ${piece}`;
    if (next.length > REGISTER_MAX_CHARS) {
      // The first gist is always shown, cut to fit; later ones only when whole.
      if (line === head) line = clip(next, REGISTER_MAX_CHARS);
      break;
    }
    line = next;
  }
  return clip(oneLine(line), REGISTER_MAX_CHARS);
}
