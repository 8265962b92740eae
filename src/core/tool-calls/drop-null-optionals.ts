import type { z } from 'zod';
import type { AppliedNormalisation } from '../../protocol/index.js';
import { isPlainObject } from './read-single-object.js';

/** Optional, nullable and default wrappers taken off, to reach the object or array inside. */
function inner(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 8; depth += 1) {
    const def = current.def as { type: string; innerType?: z.ZodType };
    if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType) current = def.innerType;
    else break;
  }
  return current;
}

/** True when the field may be left out but may not be null: the strict schema's nullable stand-in. */
function nullMeansAbsent(field: z.ZodType): boolean {
  return field.safeParse(undefined).success && !field.safeParse(null).success;
}

function dropIn(value: unknown, schema: z.ZodType, path: string, applied: AppliedNormalisation[]): unknown {
  const shape = inner(schema);
  const def = shape.def as { type: string; element?: z.ZodType };
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    return value.map((item, index) => dropIn(item, def.element!, `${path}[${index}]`, applied));
  }
  if (def.type !== 'object' || !isPlainObject(value)) return value;
  const fields = (shape as z.ZodObject).shape as Record<string, z.ZodType>;
  let changed = false;
  const entries: Array<[string, unknown]> = [];
  for (const [key, item] of Object.entries(value)) {
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    const where = path === '' ? key : `${path}.${key}`;
    if (field && item === null && nullMeansAbsent(field)) {
      applied.push({ kind: 'null_optional', from: where, to: 'absent' });
      changed = true;
      continue;
    }
    const next = field ? dropIn(item, field, where, applied) : item;
    if (next !== item) changed = true;
    entries.push([key, next]);
  }
  // fromEntries defines own properties, so a key such as "__proto__" stays data.
  return changed ? Object.fromEntries(entries) : value;
}

/**
 * Strict structured outputs require every key, so an optional argument arrives as `null` when the
 * model leaves it out. Such nulls are taken as absent (and recorded) wherever the tool's schema
 * says the argument is optional and not nullable; every other null stays for the schema to judge.
 */
export function dropNullOptionals(args: Record<string, unknown>, schema: z.ZodObject): { args: Record<string, unknown>; applied: AppliedNormalisation[] } {
  const applied: AppliedNormalisation[] = [];
  const next = dropIn(args, schema, '', applied) as Record<string, unknown>;
  return { args: next, applied };
}
