import type { ToolCatalogEntry } from '../../../protocol/index.js';
import type { ToolSchemaSource } from '../registry.js';
import { compactArgs } from './summarize-args.js';

/** The description's first sentence, for a catalog entry (an old prompts file, say) without a summary. */
function firstSentence(description: string): string {
  const match = /^(.{10,200}?[.!?])(?:\s|$)/s.exec(description.trim());
  return (match?.[1] ?? description.trim().slice(0, 160)).replace(/\s+/g, ' ');
}

/**
 * The tool list of the lean tool prompt: one line per allowed tool — its id, its arguments with
 * their types (`?` marks the optional ones) and a one-line summary — and one example envelope.
 * Local models often run with small context windows, so every character here is paid on every
 * step of every turn; the full descriptions and JSON Schemas go out only in a retry message,
 * for the tool a model got wrong. Only tools the registry (or its restricted view) holds are
 * shown, in catalog order; the text depends on nothing but its inputs, so prompts are reproducible.
 */
export function renderToolCatalog(tools: readonly ToolCatalogEntry[], schemas: ToolSchemaSource): string {
  const allowed = new Set(schemas.ids());
  const lines: string[] = [];
  let example: string | undefined;
  for (const entry of tools) {
    const schema = schemas.schemaFor(entry.id);
    if (!allowed.has(entry.id) || schema === undefined) continue;
    lines.push(`- ${entry.id}(${compactArgs(schema).join(', ')}): ${entry.summary ?? firstSentence(entry.description)}`);
    example ??= entry.example;
  }
  const header = 'Tools you can use on the manuscript (arguments marked ? may be left out; dry_run: true only describes what would run):';
  return [header, ...lines, ...(example ? [`Example call: ${example}`] : [])].join('\n');
}
