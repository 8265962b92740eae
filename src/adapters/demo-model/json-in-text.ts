import { findObjectEnd } from '../../core/tool-calls/index.js';

/**
 * Every JSON object that can be read whole from a text, outermost first. An object cut off at the
 * end (a tool result truncated to the byte budget) is entered instead, so the complete objects
 * inside it are still found.
 */
export function jsonObjectsIn(text: string): unknown[] {
  const found: unknown[] = [];
  let index = text.indexOf('{');
  while (index !== -1) {
    const end = findObjectEnd(text, index);
    let next = index + 1;
    if (end !== -1) {
      try {
        found.push(JSON.parse(text.slice(index, end)));
        next = end;
      } catch {
        // Braces that only look like JSON: look inside them.
      }
    }
    index = text.indexOf('{', next);
  }
  return found;
}

/** Walks parsed JSON depth first, calling `visit` on every object; strings holding JSON are opened too. */
export function visitObjects(value: unknown, visit: (object: Record<string, unknown>) => void): void {
  if (typeof value === 'string') {
    // A truncated tool result carries its head as an `excerpt` string of JSON text.
    if (value.includes('{"')) for (const inner of jsonObjectsIn(value)) visitObjects(inner, visit);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) visitObjects(item, visit);
    return;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    visit(record);
    for (const child of Object.values(record)) visitObjects(child, visit);
  }
}
