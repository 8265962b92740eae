/**
 * JSON Schemas inside the strictest subset that every structured-output provider accepts
 * (OpenAI's strict mode is the narrowest; Ollama, vLLM, LM Studio and llama.cpp's grammar
 * converter take it too): every object closed and every property required, optional properties
 * as nullable, unions only as `anyOf`, and none of the value constraints (lengths, bounds,
 * patterns, formats, defaults) that some provider refuses. The constraints dropped here are still
 * checked: our own validator runs the tool's zod schema on every call.
 */
export type JsonSchema = Readonly<Record<string, unknown>>;

type Mutable = Record<string, unknown>;

const NULL_TYPE = 'null';

function isRecord(value: unknown): value is Mutable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(schema: Mutable): string[] {
  const type = schema['type'];
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === 'string') : [];
}

function describe(target: Mutable, source: Mutable): Mutable {
  if (typeof source['description'] === 'string') target['description'] = source['description'];
  return target;
}

/** A union as strict `anyOf` branches; `oneOf` means the same to a generator that emits one value. */
function unionBranches(schema: Mutable): unknown[] | undefined {
  const branches = schema['anyOf'] ?? schema['oneOf'];
  return Array.isArray(branches) && branches.length > 0 ? branches : undefined;
}

function strictObject(schema: Mutable): Mutable {
  const properties = isRecord(schema['properties']) ? schema['properties'] : {};
  const required = new Set(Array.isArray(schema['required']) ? schema['required'] : []);
  const strictProperties: Mutable = {};
  for (const [key, property] of Object.entries(properties)) {
    const strict = strictNode(isRecord(property) ? property : {});
    strictProperties[key] = required.has(key) ? strict : nullable(strict);
  }
  return describe({ type: 'object', properties: strictProperties, required: Object.keys(strictProperties), additionalProperties: false }, schema);
}

/** The value as strict JSON Schema; a value with no usable type becomes a string. */
function strictNode(schema: Mutable): Mutable {
  if (schema['const'] !== undefined) return describe({ ...typeFor([schema['const']]), enum: [schema['const']] }, schema);
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return describe({ ...typeFor(schema['enum']), enum: [...schema['enum']] }, schema);
  const branches = unionBranches(schema);
  if (branches) {
    const strict = branches.map((branch) => strictNode(isRecord(branch) ? branch : {}));
    return strict.length === 1 ? describe(strict[0]!, schema) : describe({ anyOf: strict }, schema);
  }
  const types = typesOf(schema);
  const concrete = types.filter((type) => type !== NULL_TYPE);
  if (concrete.length > 1) {
    return describe({ anyOf: [...concrete.map((type) => strictNode({ ...schema, type })), ...(types.includes(NULL_TYPE) ? [{ type: NULL_TYPE }] : [])] }, schema);
  }
  const [type = isRecord(schema['properties']) ? 'object' : 'string'] = concrete;
  let node: Mutable;
  if (type === 'object') node = strictObject(schema);
  else if (type === 'array') node = describe({ type: 'array', items: strictNode(isRecord(schema['items']) ? schema['items'] : {}) }, schema);
  else node = describe({ type: ['string', 'number', 'integer', 'boolean'].includes(type) ? type : 'string' }, schema);
  return types.includes(NULL_TYPE) ? nullable(node) : node;
}

/** `type` for an enum's values, when they share one JSON type (null aside). */
function typeFor(values: readonly unknown[]): Mutable {
  const kinds = new Set(values.map((value) => (value === null ? NULL_TYPE : Number.isInteger(value) ? 'integer' : typeof value)));
  const concrete = [...kinds].filter((kind) => kind !== NULL_TYPE);
  if (concrete.length !== 1 || !['string', 'number', 'integer', 'boolean'].includes(concrete[0]!)) return {};
  return { type: kinds.has(NULL_TYPE) ? [concrete[0]!, NULL_TYPE] : concrete[0]! };
}

/**
 * The same value or null: a `["type","null"]` pair for a scalar, null added to an enum, and an
 * `anyOf` with `{"type":"null"}` for objects, arrays and unions.
 */
export function nullable(schema: JsonSchema): Mutable {
  const node: Mutable = { ...schema };
  const types = typesOf(node);
  if (types.includes(NULL_TYPE)) return node;
  if (Array.isArray(node['enum'])) {
    return { ...node, ...(types.length === 1 ? { type: [types[0]!, NULL_TYPE] } : {}), enum: [...(node['enum'] as unknown[]), null] };
  }
  if (Array.isArray(node['anyOf'])) return { ...node, anyOf: [...(node['anyOf'] as unknown[]), { type: NULL_TYPE }] };
  if (types.length === 1 && types[0] !== 'object' && types[0] !== 'array') return { ...node, type: [types[0]!, NULL_TYPE] };
  const { description, ...rest } = node;
  return { ...(typeof description === 'string' ? { description } : {}), anyOf: [rest, { type: NULL_TYPE }] };
}

/**
 * Converts any JSON Schema (as zod's `toJSONSchema` writes it) to the strict subset: objects
 * closed with every property required (optional ones nullable), `const` as a one-value `enum`,
 * `oneOf` and type lists as `anyOf`, and the constraint keywords left out.
 */
export function toStrictJsonSchema(schema: JsonSchema): Mutable {
  return strictNode({ ...schema });
}
