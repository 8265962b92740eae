import { z } from 'zod';
import type { ToolRegistry } from '../tools/index.js';

/** One entry of an MCP `tools/list` answer. */
export interface McpToolListing {
  name: string;
  title: string;
  description: string;
  /** The tool's own zod schema as JSON Schema: the same strict arguments the tool loop checks. */
  inputSchema: { type: 'object'; [key: string]: unknown };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
}

const schemas = new WeakMap<z.ZodObject, McpToolListing['inputSchema']>();

/** JSON Schema of a tool's arguments as clients validate input (no dialect line: clients differ in the drafts they know). */
function inputSchemaOf(schema: z.ZodObject): McpToolListing['inputSchema'] {
  const known = schemas.get(schema);
  if (known) return known;
  const { $schema: _dialect, ...body } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const built = { ...body, type: 'object' as const };
  schemas.set(schema, built);
  return built;
}

/** `file_locator` → `File locator`. */
function titleOf(id: string): string {
  const words = id.split('_').join(' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/**
 * The tools an MCP client sees, in the registry's order. Every tool only reads the manuscript
 * (a run adds a receipt to the audit log, nothing else), so all are marked read-only and closed-world.
 */
export function mcpToolListing(registry: ToolRegistry): McpToolListing[] {
  return registry.definitions().map((definition) => {
    const title = titleOf(definition.id);
    return {
      name: definition.id,
      title,
      description: definition.description,
      inputSchema: inputSchemaOf(definition.schema),
      annotations: { title, readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    };
  });
}
