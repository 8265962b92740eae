import type { z } from 'zod';
import type { AppliedNormalisation } from '../../protocol/index.js';
import { normalName } from './normal-name.js';
import { TOOL_ALIASES } from './tool-aliases.js';
import type { ToolSchemaLookup } from './tool-schema-lookup.js';

export type ToolResolution =
  | { ok: true; id: string; schema: z.ZodObject; alias?: AppliedNormalisation }
  | { ok: false; reason: 'unknown' | 'not_allowed'; allowed: string[] };

interface PreparedIds {
  ids: readonly string[];
  /** Normal form of each registered id; `null` when two ids share one (then neither is guessed). */
  byNormalForm: Map<string, string | null>;
}

const prepared = new WeakMap<ToolSchemaLookup, PreparedIds>();
const LONGEST_TOOL_NAME = 128;

function sameIds(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

/** Normal forms of a lookup's ids, rebuilt only when the registry's id list changes. */
function prepare(tools: ToolSchemaLookup): PreparedIds {
  const ids = tools.ids();
  const known = prepared.get(tools);
  if (known && (known.ids === ids || sameIds(known.ids, ids))) return known;
  const byNormalForm = new Map<string, string | null>();
  for (const id of ids) {
    const form = normalName(id);
    byNormalForm.set(form, byNormalForm.has(form) ? null : id);
  }
  const built = { ids, byNormalForm };
  prepared.set(tools, built);
  return built;
}

/** The tools a request may call: the allow-list when given (registered ids only), else all. */
export function allowedToolIds(tools: ToolSchemaLookup, allowedTools?: readonly string[]): string[] {
  const ids = tools.ids();
  return allowedTools ? ids.filter((id) => allowedTools.includes(id)) : [...ids];
}

/**
 * Maps the name a model gave to a registered tool id: exact id first, then the same id written
 * with other case or separators, then the curated alias map. A registered id always wins over an
 * alias, and an alias only counts when its target is registered.
 */
export function resolveToolId(name: string, tools: ToolSchemaLookup, allowedTools?: readonly string[]): ToolResolution {
  let id: string | undefined;
  let alias: AppliedNormalisation | undefined;
  let schema = tools.schemaFor(name);
  if (schema) {
    id = name;
  } else if (name.length <= LONGEST_TOOL_NAME) {
    const form = normalName(name);
    const { byNormalForm } = prepare(tools);
    const registered = byNormalForm.get(form);
    // `null` means two registered ids share this form: refuse rather than pick one.
    const candidate = registered === undefined ? TOOL_ALIASES.get(form) : registered;
    schema = candidate ? tools.schemaFor(candidate) : undefined;
    if (candidate && schema) {
      id = candidate;
      alias = { kind: 'tool_alias', from: name, to: candidate };
    }
  }
  if (id === undefined || !schema) return { ok: false, reason: 'unknown', allowed: allowedToolIds(tools, allowedTools) };
  if (allowedTools && !allowedTools.includes(id)) return { ok: false, reason: 'not_allowed', allowed: allowedToolIds(tools, allowedTools) };
  return alias ? { ok: true, id, schema, alias } : { ok: true, id, schema };
}
