/**
 * RFC 8785 (JSON Canonicalization Scheme) text of a value: object members sorted by key in UTF-16
 * code-unit order, no whitespace, strings and numbers written as ECMAScript's JSON.stringify
 * writes them (which is how RFC 8785 defines them).
 *
 * Receipts, seals and task ids are signed or hashed over this text, so it must never change for
 * a given value. It gives what the `canonicalize` package gives for every JSON value (a property
 * test holds it to that), but checks strings for lone surrogates natively instead of character by
 * character in script, which made canonical JSON the largest cost of signing a receipt whose
 * output is a chapter's text.
 *
 * Refuses what canonical JSON cannot carry: NaN and infinities, strings (values or keys) with a
 * lone surrogate, circular structures, BigInt. Like JSON.stringify, `toJSON` is honoured, object
 * members that are undefined, functions or symbols are left out, and such array items are null.
 * Returns undefined for a value with no JSON text at all (undefined, a function, a symbol).
 */
export function canonicalJsonText(value: unknown): string | undefined {
  return write(value, new Set());
}

type MaybeWellFormed = string & { isWellFormed(): boolean };

function writeString(text: string): string {
  if (!(text as MaybeWellFormed).isWellFormed()) throw new Error('Lone surrogate is not allowed');
  return JSON.stringify(text);
}

function write(value: unknown, seen: Set<object>): string | undefined {
  switch (typeof value) {
    case 'string':
      return writeString(value);
    case 'number':
      if (Number.isNaN(value)) throw new Error('NaN is not allowed');
      if (!Number.isFinite(value)) throw new Error('Infinity is not allowed');
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
      return value === null ? 'null' : writeObject(value, seen);
    default:
      // undefined, functions and symbols have no JSON text.
      return undefined;
  }
}

function writeObject(value: object, seen: Set<object>): string | undefined {
  if (seen.has(value)) throw new Error('Circular reference detected');
  seen.add(value);
  let text: string | undefined;
  const toJson = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJson === 'function') {
    text = write(toJson.call(value), seen);
  } else if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value as unknown[]) items.push(write(item, seen) ?? 'null');
    text = `[${items.join(',')}]`;
  } else {
    const record = value as Record<string, unknown>;
    const members: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const member = write(record[key], seen);
      if (member !== undefined) members.push(`${writeString(key)}:${member}`);
    }
    text = `{${members.join(',')}}`;
  }
  seen.delete(value);
  return text;
}
