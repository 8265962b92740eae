/**
 * Narrowing helpers for chat-completions chunks. Chunks are read field by field instead of through
 * a zod schema: the stream path runs hundreds of thousands of times per second, providers add
 * fields of their own, and a missing or null field simply means "nothing in this delta".
 */

export type WireObject = Record<string, unknown>;

/** The value as an object, or undefined. */
export function asObject(value: unknown): WireObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as WireObject) : undefined;
}

/** The value when it is a non-empty string, or undefined. */
export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The value when it is a non-negative integer, or undefined. */
export function indexValue(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}
