/**
 * A checker for the strictest common subset of structured-output JSON Schemas (OpenAI's strict
 * mode is the narrowest of the providers; Ollama, vLLM, LM Studio and llama.cpp accept what it
 * accepts). Tests and the loopback model server use it to refuse a schema the way a strict
 * provider would. Each rule is one message with the path of the offending node.
 */
export interface StrictSchemaIssue {
  path: string;
  message: string;
}

/** Keywords a strict provider accepts; anything else (minLength, pattern, format, default, oneOf, const …) is refused. */
export const STRICT_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'anyOf', 'description']);

const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
/** OpenAI's limits: objects nested at most this deep, and this many enum values in all. */
export const MAX_OBJECT_NESTING = 5;
export const MAX_ENUM_VALUES = 500;
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function matchesType(value: unknown, type: string): boolean {
  if (value === null) return type === 'null';
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === type;
}

interface Walk {
  issues: StrictSchemaIssue[];
  enumValues: number;
}

function checkNode(node: unknown, path: string, depth: number, walk: Walk): void {
  const fail = (message: string): void => void walk.issues.push({ path, message });
  if (!isRecord(node)) return fail('a schema must be an object');
  for (const key of Object.keys(node)) if (!STRICT_SCHEMA_KEYWORDS.has(key)) fail(`keyword "${key}" is not accepted in strict mode`);
  if (node['description'] !== undefined && typeof node['description'] !== 'string') fail('description must be a string');

  if (node['anyOf'] !== undefined) {
    const branches = node['anyOf'];
    if (!Array.isArray(branches) || branches.length === 0) return fail('anyOf must be a non-empty list');
    const others = Object.keys(node).filter((key) => key !== 'anyOf' && key !== 'description');
    if (others.length > 0) fail(`anyOf must stand alone (found ${others.join(', ')} beside it)`);
    branches.forEach((branch, index) => checkNode(branch, `${path}/anyOf/${index}`, depth, walk));
    return;
  }

  const rawType = node['type'];
  const types = typeof rawType === 'string' ? [rawType] : Array.isArray(rawType) ? rawType : [];
  if (rawType === undefined && node['enum'] === undefined) fail('every schema needs a type, an enum or anyOf');
  if (rawType !== undefined && types.length === 0) fail('type must be a name or a list of names');
  for (const type of types) if (typeof type !== 'string' || !TYPES.has(type)) fail(`unknown type ${JSON.stringify(type)}`);
  if (Array.isArray(rawType)) {
    const concrete = types.filter((type) => type !== 'null');
    if (new Set(types).size !== types.length || concrete.length !== 1 || types.length !== 2) fail('a type list may only make one type nullable: ["<type>", "null"]');
    if (concrete.some((type) => type === 'object' || type === 'array')) fail('a nullable object or array is written as anyOf with {"type":"null"}');
  }

  if (node['enum'] !== undefined) {
    const values = node['enum'];
    if (!Array.isArray(values) || values.length === 0) fail('enum must be a non-empty list');
    else {
      walk.enumValues += values.length;
      for (const value of values) {
        if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) fail('enum values must be strings, numbers, booleans or null');
        else if (types.length > 0 && !types.some((type) => matchesType(value, String(type)))) fail(`enum value ${JSON.stringify(value)} does not match type ${JSON.stringify(rawType)}`);
      }
    }
  }

  if (types.includes('object')) {
    if (depth + 1 > MAX_OBJECT_NESTING) fail(`objects may be nested at most ${MAX_OBJECT_NESTING} deep`);
    if (node['additionalProperties'] !== false) fail('every object must set additionalProperties: false');
    const properties = node['properties'];
    if (!isRecord(properties)) fail('every object must list its properties');
    const keys = isRecord(properties) ? Object.keys(properties) : [];
    const required = node['required'];
    if (!Array.isArray(required)) fail('every object must list all its properties in required');
    else {
      const listed = new Set(required);
      if (listed.size !== required.length) fail('required lists a property twice');
      const missing = keys.filter((key) => !listed.has(key));
      const unknown = required.filter((key) => typeof key !== 'string' || !keys.includes(key));
      if (missing.length > 0) fail(`every property must be required (optional ones nullable); not required: ${missing.join(', ')}`);
      if (unknown.length > 0) fail(`required names properties that do not exist: ${unknown.map(String).join(', ')}`);
    }
    if (isRecord(properties)) for (const key of keys) checkNode(properties[key], `${path}/properties/${key}`, depth + 1, walk);
  } else {
    for (const key of ['properties', 'required', 'additionalProperties']) if (node[key] !== undefined) fail(`${key} belongs to objects only`);
  }

  if (types.includes('array')) {
    if (node['items'] === undefined) fail('every array must say what its items are');
    else checkNode(node['items'], `${path}/items`, depth, walk);
  } else if (node['items'] !== undefined) fail('items belongs to arrays only');
}

/** Every way `schema` falls outside the strict subset; empty when a strict provider would take it. */
export function checkStrictSchema(schema: unknown): StrictSchemaIssue[] {
  const walk: Walk = { issues: [], enumValues: 0 };
  if (!isRecord(schema)) return [{ path: '#', message: 'the schema must be a JSON object' }];
  if (schema['type'] !== 'object') walk.issues.push({ path: '#', message: 'the root must be a plain object schema ("type": "object"), not a union' });
  checkNode(schema, '#', 0, walk);
  if (walk.enumValues > MAX_ENUM_VALUES) walk.issues.push({ path: '#', message: `at most ${MAX_ENUM_VALUES} enum values in all` });
  return walk.issues;
}

/** Checks a whole `response_format` as sent: json_schema type, a valid name, strict: true and the schema. */
export function checkStrictResponseFormat(format: unknown): StrictSchemaIssue[] {
  if (!isRecord(format) || format['type'] !== 'json_schema') return [{ path: 'response_format', message: 'type must be "json_schema"' }];
  const body = format['json_schema'];
  if (!isRecord(body)) return [{ path: 'response_format.json_schema', message: 'json_schema must be an object' }];
  const issues: StrictSchemaIssue[] = [];
  if (typeof body['name'] !== 'string' || !NAME.test(body['name'])) issues.push({ path: 'response_format.json_schema.name', message: 'name must be 1–64 letters, digits, _ or -' });
  if (body['strict'] !== true) issues.push({ path: 'response_format.json_schema.strict', message: 'strict must be true' });
  return [...issues, ...checkStrictSchema(body['schema'])];
}

/**
 * True when `value` is one a strict provider could produce under `schema` (a schema inside the
 * strict subset): the shape a grammar-constrained reply is guaranteed to have.
 */
export function matchesStrictSchema(value: unknown, schema: unknown): boolean {
  if (!isRecord(schema)) return false;
  if (Array.isArray(schema['anyOf'])) return schema['anyOf'].some((branch) => matchesStrictSchema(value, branch));
  if (Array.isArray(schema['enum']) && !schema['enum'].some((allowed) => allowed === value)) return false;
  const rawType = schema['type'];
  const types = typeof rawType === 'string' ? [rawType] : Array.isArray(rawType) ? rawType.map(String) : [];
  if (types.length === 0) return Array.isArray(schema['enum']);
  return types.some((type) => {
    if (type === 'object') {
      if (!isRecord(value) || !isRecord(schema['properties'])) return false;
      const properties = schema['properties'];
      const keys = Object.keys(value);
      return keys.length === Object.keys(properties).length && keys.every((key) => Object.hasOwn(properties, key) && matchesStrictSchema(value[key], properties[key]));
    }
    if (type === 'array') return Array.isArray(value) && value.every((item) => matchesStrictSchema(item, schema['items']));
    return matchesType(value, type);
  });
}
