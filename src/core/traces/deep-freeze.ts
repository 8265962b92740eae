/**
 * Freezes a JSON-like value and everything inside it, and returns it: a value shared after it is
 * built (a schema, a list kept in memory, a signed receipt) can then not be changed by a holder.
 * A value already frozen is taken as frozen all through and left as it is.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
