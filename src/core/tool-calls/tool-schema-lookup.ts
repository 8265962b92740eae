import type { z } from 'zod';
import { argKeyMapFor } from './normalize-arg-keys.js';

/**
 * What the parser needs from a tool registry: the strict argument schema of a tool and the list
 * of registered ids. The real registry implements this; tests build one from `TOOL_ARG_SCHEMAS`.
 */
export interface ToolSchemaLookup {
  schemaFor(id: string): z.ZodObject | undefined;
  ids(): readonly string[];
}

/** A lookup over a fixed record of schemas; key maps are built here, once, not per call. */
export function schemaLookupFrom(record: Record<string, z.ZodObject>): ToolSchemaLookup {
  // A Map, not the record itself: `schemaFor('constructor')` must not find Object.prototype's.
  const schemas = new Map<string, z.ZodObject>(Object.entries(record));
  const ids = Object.freeze([...schemas.keys()]);
  for (const schema of schemas.values()) argKeyMapFor(schema);
  return {
    schemaFor: (id) => schemas.get(id),
    ids: () => ids,
  };
}
