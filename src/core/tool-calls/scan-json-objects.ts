/**
 * A balanced-brace scanner that finds the top-level JSON objects of a reply without parsing them.
 * It knows JSON strings and their escapes, so a `}` inside `"…"` does not close anything. It
 * decides only the shape (objects and whitespace, nothing else); `JSON.parse` judges each object.
 */
export type ObjectScan =
  | { ok: true; spans: Array<{ start: number; end: number }> }
  | { ok: false; problem: 'empty' | 'text_before' | 'text_after' | 'unbalanced'; index: number };

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isJsonWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipWhitespace(text: string, from: number): number {
  let index = from;
  while (index < text.length && isJsonWhitespace(text.charCodeAt(index))) index += 1;
  return index;
}

/** Index just past the `}` that closes the object opening at `start`, or -1 when it never closes. */
export function findObjectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE) {
      depth += 1;
    } else if (code === CLOSE_BRACE) {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

/** Splits `text` into top-level objects separated by JSON whitespace, or says where that fails. */
export function scanTopLevelObjects(text: string): ObjectScan {
  const spans: Array<{ start: number; end: number }> = [];
  let index = skipWhitespace(text, 0);
  if (index === text.length) return { ok: false, problem: 'empty', index };
  while (index < text.length) {
    if (text.charCodeAt(index) !== OPEN_BRACE) {
      return { ok: false, problem: spans.length === 0 ? 'text_before' : 'text_after', index };
    }
    const end = findObjectEnd(text, index);
    if (end < 0) return { ok: false, problem: 'unbalanced', index };
    spans.push({ start: index, end });
    index = skipWhitespace(text, end);
  }
  return { ok: true, spans };
}
