/**
 * node-llama-cpp's JSON-schema grammar speaks a dialect of JSON Schema: unions are `oneOf` (it
 * does not know `anyOf`, and would fall back to "any JSON"), every listed property is required,
 * and objects are closed unless they say otherwise. The strict schemas we send providers use
 * `anyOf`, which for a generator emitting one value means the same as `oneOf`; this renames it,
 * at every depth, so the grammar keeps every constraint of the strict schema. An `enum` is left
 * on its own (its `type` dropped): node-llama-cpp's grammar reads the enum first, but its reply
 * check reads a `type` first and would then let any string through.
 */
export function toGbnfJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toGbnfJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const converted: Record<string, unknown> = {};
  const hasEnum = Object.hasOwn(schema, 'enum') || Object.hasOwn(schema, 'const');
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && hasEnum) continue;
    if (key === 'enum' || key === 'const') converted[key] = value;
    else converted[key === 'anyOf' ? 'oneOf' : key] = toGbnfJsonSchema(value);
  }
  return converted;
}
