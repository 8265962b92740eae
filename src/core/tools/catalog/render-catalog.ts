import type { ToolCatalogEntry } from '../../../protocol/index.js';
import type { ToolSchemaSource } from '../registry.js';
import { summarizeArgs } from './summarize-args.js';

/**
 * The tool list of the lean tool prompt: each allowed tool with its description, one line per
 * argument and its JSON-only example. Only tools the registry (or its restricted view) holds are
 * shown, in catalog order; the text depends on nothing but its inputs, so prompts are reproducible.
 */
export function renderToolCatalog(tools: readonly ToolCatalogEntry[], schemas: ToolSchemaSource): string {
  const allowed = new Set(schemas.ids());
  const blocks: string[] = [];
  for (const entry of tools) {
    const schema = schemas.schemaFor(entry.id);
    if (!allowed.has(entry.id) || schema === undefined) continue;
    const args = summarizeArgs(schema).map((line) => `    - ${line}`);
    blocks.push([`- ${entry.id}: ${entry.description}`, '  args:', ...(args.length > 0 ? args : ['    (none)']), `  example: ${entry.example}`].join('\n'));
  }
  const header = 'Tools (call exactly one per message as the JSON envelope shown; dry_run: true only describes what would run):';
  return [header, ...blocks].join('\n');
}
