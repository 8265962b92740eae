/**
 * Finds a key written twice in one JSON object. `JSON.parse` keeps the last value and other parsers
 * keep the first or refuse, so `{"tool":"a","tool":"b"}` means different calls to different readers:
 * such a reply is ambiguous and must be refused, never read one way. The scanner walks the raw text
 * (strings and escapes aware); keys are compared after unescaping, so `"tool"` and `"\u0074ool"`
 * are the same key.
 */
export interface DuplicateKey {
  key: string;
  /** Where the object holding the key sits: keys and array indexes from the root. */
  path: Array<string | number>;
}

type Frame = { kind: 'object'; keys: Set<string>; expectingKey: boolean; key: string | null; at: string | number | null } | { kind: 'array'; index: number; at: string | number | null };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Index just past the string token opening at `start`. */
function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === BACKSLASH) index += 1;
    else if (code === QUOTE) return index + 1;
  }
  return text.length;
}

function decodeKey(token: string): string {
  // Escapes are only worth decoding when there is one; invalid text is compared as written.
  if (!token.includes('\\')) return token.slice(1, -1);
  try {
    return String(JSON.parse(token));
  } catch {
    return token.slice(1, -1);
  }
}

/** The path of the innermost frame, for the message. */
function pathOf(stack: readonly Frame[]): Array<string | number> {
  return stack.flatMap((frame) => (frame.at === null ? [] : [frame.at]));
}

/** The first key written twice in one object of `text` (a JSON document), or undefined. */
export function findDuplicateKey(text: string): DuplicateKey | undefined {
  const stack: Frame[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const top = stack[stack.length - 1];
    if (code === QUOTE) {
      const end = stringEnd(text, index);
      if (top?.kind === 'object' && top.expectingKey) {
        const key = decodeKey(text.slice(index, end));
        if (top.keys.has(key)) return { key, path: pathOf(stack) };
        top.keys.add(key);
        top.key = key;
        top.expectingKey = false;
      }
      index = end - 1;
    } else if (code === 0x7b || code === 0x5b) {
      const at = top === undefined ? null : top.kind === 'object' ? top.key : top.index;
      stack.push(code === 0x7b ? { kind: 'object', keys: new Set(), expectingKey: true, key: null, at } : { kind: 'array', index: 0, at });
    } else if (code === 0x7d || code === 0x5d) {
      stack.pop();
    } else if (code === 0x2c && top !== undefined) {
      if (top.kind === 'object') top.expectingKey = true;
      else top.index += 1;
    }
  }
  return undefined;
}
