import { ControlRoomError, TOOL_CATALOG_SCHEMA_VERSION, TOOL_NONCE_PLACEHOLDER, type ToolCatalogEntry, type ToolCatalogFile } from '../../../protocol/index.js';
import type { AnyToolDefinition, ToolRegistry } from '../registry.js';

/** Prompt ids are the runtime id with dashes: `file_locator` → `file-locator`. */
export function promptIdOf(toolId: string): string {
  return toolId.replace(/_/g, '-');
}

/** A JSON-only call envelope with the nonce placeholder, exactly as a model must send it. */
export function exampleEnvelope(toolId: string, args: Record<string, unknown>): string {
  return JSON.stringify({ tool: toolId, args, nonce: TOOL_NONCE_PLACEHOLDER });
}

/** The catalog entry of one tool; refuses an example its own schema rejects, so the catalog never teaches a bad call. */
export function catalogEntryOf(definition: AnyToolDefinition): ToolCatalogEntry {
  const checked = definition.schema.safeParse(definition.example);
  if (!checked.success) {
    throw new ControlRoomError('usage_error', `The example of ${definition.id} fails its own schema: ${checked.error.issues[0]?.message ?? 'invalid'}.`, {
      fault: 'system',
    });
  }
  return {
    id: definition.id,
    promptId: promptIdOf(definition.id),
    description: definition.description,
    ...(definition.summary === undefined ? {} : { summary: definition.summary }),
    example: exampleEnvelope(definition.id, definition.example as Record<string, unknown>),
  };
}

/** The global catalog (`catalog/tools.json`) of every tool in the registry, in registry order. */
export function buildToolCatalog(registry: ToolRegistry): ToolCatalogFile {
  return { schema_version: TOOL_CATALOG_SCHEMA_VERSION, tools: registry.definitions().map(catalogEntryOf) };
}
