import type { z } from 'zod';
import type { AppliedNormalisation, ValidationIssue } from '../../protocol/index.js';
import { normalName } from './normal-name.js';

/** A schema's canonical keys and, for each normal form, the canonical key it stands for. */
export interface ArgKeyMap {
  canonical: ReadonlySet<string>;
  /** `null` marks a normal form shared by two canonical keys: too ambiguous to map. */
  byNormalForm: ReadonlyMap<string, string | null>;
}

const keyMaps = new WeakMap<z.ZodObject, ArgKeyMap>();

/** The key map of a schema, built on first use and kept for the schema's lifetime. */
export function argKeyMapFor(schema: z.ZodObject): ArgKeyMap {
  const known = keyMaps.get(schema);
  if (known) return known;
  const canonical = new Set(Object.keys(schema.shape));
  const byNormalForm = new Map<string, string | null>();
  for (const key of canonical) {
    const form = normalName(key);
    byNormalForm.set(form, byNormalForm.has(form) ? null : key);
  }
  const built: ArgKeyMap = { canonical, byNormalForm };
  keyMaps.set(schema, built);
  return built;
}

/** A key as quoted in a message, cut short: keys come from the model and can be long. */
const shown = (key: string): string => JSON.stringify(key.length > 80 ? `${key.slice(0, 77)}...` : key);

function allCanonical(args: Record<string, unknown>, canonical: ReadonlySet<string>): boolean {
  for (const key in args) {
    if (Object.hasOwn(args, key) && !canonical.has(key)) return false;
  }
  return true;
}

export interface NormalizedArgs {
  args: Record<string, unknown>;
  applied: AppliedNormalisation[];
  issues: ValidationIssue[];
}

/**
 * Renames drifted argument keys (`scenePath`, `Scene-Path`) to the schema's canonical key by their
 * normal form. Keys with no match are left alone so the schema reports them; two given keys that
 * land on one canonical key are a collision issue, never a silent overwrite.
 */
export function normalizeArgKeys(args: Record<string, unknown>, schema: z.ZodObject): NormalizedArgs {
  const { canonical, byNormalForm } = argKeyMapFor(schema);
  // Hot path: a well-behaved model sends canonical keys only; hand the object back untouched.
  if (allCanonical(args, canonical)) return { args, applied: [], issues: [] };
  const keys = Object.keys(args);

  const applied: AppliedNormalisation[] = [];
  const issues: ValidationIssue[] = [];
  const entries = new Map<string, { from: string; value: unknown }>();
  // Canonical keys claim their slot first so a drifted duplicate is the one reported.
  const ordered = [...keys.filter((key) => canonical.has(key)), ...keys.filter((key) => !canonical.has(key))];
  for (const key of ordered) {
    const target = canonical.has(key) ? key : (byNormalForm.get(normalName(key)) ?? key);
    const earlier = entries.get(target);
    if (earlier) {
      issues.push({
        code: 'arg_key_collision',
        message: `Arguments ${shown(earlier.from)} and ${shown(key)} both mean ${shown(target)}; send it once.`,
        path: ['args', target],
      });
      continue;
    }
    entries.set(target, { from: key, value: args[key] });
    if (target !== key) applied.push({ kind: 'arg_key', from: key, to: target });
  }
  // fromEntries defines own properties, so a key such as "__proto__" stays data, never a prototype.
  const normalized = Object.fromEntries([...entries].map(([key, entry]) => [key, entry.value]));
  return { args: normalized, applied, issues };
}
