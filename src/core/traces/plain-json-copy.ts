/** Deeper than this, a value is left to `JSON.parse` (which also reports a cycle as it should). */
const MAX_DEPTH = 64;

const FAILED = Symbol('not plain JSON');

function copy(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  // JSON writes -0 as 0 and non-finite numbers as null: those go the long way.
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? value : FAILED;
  if (typeof value !== 'object' || depth > MAX_DEPTH) return FAILED;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return FAILED;
    const out: unknown[] = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) {
      const item = copy(value[index], depth + 1);
      if (item === FAILED) return FAILED;
      out[index] = item;
    }
    return out;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return FAILED;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    // `toJSON` changes what JSON writes; `__proto__` would set a prototype instead of a field.
    if (key === 'toJSON' || key === '__proto__') return FAILED;
    const item = copy(source[key], depth + 1);
    if (item === FAILED) return FAILED;
    out[key] = item;
  }
  return out;
}

/**
 * A copy of a value that is already plain JSON (objects of the base prototype, arrays, strings,
 * finite numbers, booleans, null; no `undefined`, no `toJSON`), equal to what a JSON round trip
 * gives but without parsing text again; undefined for anything else, which takes the round trip.
 */
export function plainJsonCopy(value: unknown): unknown {
  const copied = copy(value, 0);
  return copied === FAILED ? undefined : copied;
}
