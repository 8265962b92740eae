import { z } from 'zod';

interface JsonSchemaNode {
  type?: string | string[];
  enum?: unknown[];
  items?: JsonSchemaNode;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  description?: string;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
}

/** Arguments every dry-run-capable tool shares; the catalog header explains them once. */
const SHARED_ARGS = new Set(['dry_run']);

function typeOf(node: JsonSchemaNode): string {
  if (node.enum !== undefined) return node.enum.map((value) => JSON.stringify(value)).join('|');
  if (node.type === 'array') {
    const size = node.maxItems !== undefined ? ` (${node.minItems ?? 0}-${node.maxItems} items)` : '';
    return `${node.items ? typeOf(node.items) : 'any'}[]${size}`;
  }
  if (node.type === 'integer' || node.type === 'number') {
    const hasMax = node.maximum !== undefined && node.maximum < Number.MAX_SAFE_INTEGER;
    if (node.minimum !== undefined && hasMax) return `${node.type} ${node.minimum}-${node.maximum}`;
    if (node.minimum !== undefined) return `${node.type} >= ${node.minimum}`;
    return hasMax ? `${node.type} <= ${node.maximum}` : node.type;
  }
  return Array.isArray(node.type) ? node.type.join('|') : (node.type ?? 'any');
}

// Schemas are immutable once built, and every prompt of every turn renders the catalog: derive once.
const summaries = new WeakMap<z.ZodObject, readonly string[]>();

/**
 * One line per argument, from the schema's JSON Schema: `name: type, required — description`.
 * Derived from the runtime schema, so the catalog can never describe arguments the parser refuses.
 */
export function summarizeArgs(schema: z.ZodObject): readonly string[] {
  const known = summaries.get(schema);
  if (known) return known;
  const summary = Object.freeze(describeArgs(schema));
  summaries.set(schema, summary);
  return summary;
}

function describeArgs(schema: z.ZodObject): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, node]) => {
    const description = node.description !== undefined && !SHARED_ARGS.has(name) ? ` — ${node.description}` : '';
    return `${name}: ${typeOf(node)}${required.has(name) ? ', required' : ''}${description}`;
  });
}

const compactForms = new WeakMap<z.ZodObject, readonly string[]>();

/** A type in as few characters as stay clear: `int`, `bool`, `A|B`, `[string]`; plain strings say nothing. */
function compactType(node: JsonSchemaNode): string {
  if (node.enum !== undefined) return node.enum.map(String).join('|');
  if (node.type === 'array') return `[${node.items ? compactType(node.items) || 'string' : 'any'}]`;
  if (node.type === 'integer') return 'int';
  if (node.type === 'boolean') return 'bool';
  if (node.type === 'number') return 'number';
  return '';
}

/** The arguments of the lean catalog line: `path`, `start_line?: int`, `scan_mode?: FAST_SCAN|DEEP_SCAN`. */
export function compactArgs(schema: z.ZodObject): readonly string[] {
  const known = compactForms.get(schema);
  if (known) return known;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
  const required = new Set(json.required ?? []);
  const forms = Object.freeze(
    Object.entries(json.properties ?? {}).map(([name, node]) => {
      // A free-text argument with a short description ("strict (default) or lenient") shows it as its type.
      const type = compactType(node) || (node.description !== undefined && node.description.length <= 40 ? node.description : '');
      return `${name}${required.has(name) ? '' : '?'}${type === '' ? '' : `: ${type}`}`;
    }),
  );
  compactForms.set(schema, forms);
  return forms;
}
