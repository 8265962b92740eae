import {
  TOOL_NONCE_PLACEHOLDER,
  ToolEnvelopeSchema,
  type MergedToolCatalog,
  type PromptsFile,
  type ToolCatalogEntry,
  type ToolCatalogFile,
} from '../../../protocol/index.js';
import type { ToolSchemaSource } from '../registry.js';
import { promptIdOf } from './build-catalog.js';

/** One `prompts.json` layered over the global catalog, with a name for warnings (e.g. the file it came from). */
export interface CatalogLayer {
  source: string;
  file: PromptsFile;
}

export interface MergeToolCatalogInput {
  /** The catalog shipped with the package: the only source of tools. */
  global: ToolCatalogFile;
  /** `~/.control-room/prompts.json`, when the person has one. */
  user?: CatalogLayer | null;
  /** `<workspace>/.control-room/prompts/prompts.json`, when the project has one. */
  project?: CatalogLayer | null;
  /** When given, an overriding example's args must also pass the tool's schema. */
  schemas?: ToolSchemaSource;
}

/** Why an overriding example cannot be used, or null when it is a valid JSON-only envelope for this tool. */
function exampleProblem(toolId: string, example: string, schemas: ToolSchemaSource | undefined): string | null {
  let value: unknown;
  try {
    value = JSON.parse(example);
  } catch {
    return 'it is not JSON';
  }
  const envelope = ToolEnvelopeSchema.safeParse(value);
  if (!envelope.success) return 'it is not a {"tool","args","nonce"} envelope';
  if (envelope.data.tool !== toolId) return `it calls ${envelope.data.tool}, not ${toolId}`;
  if (envelope.data.nonce !== TOOL_NONCE_PLACEHOLDER) return `its nonce must be the placeholder ${TOOL_NONCE_PLACEHOLDER}`;
  const schema = schemas?.schemaFor(toolId);
  if (schema && !schema.safeParse(envelope.data.args).success) return "its args fail the tool's schema";
  return null;
}

function applyLayer(tools: Map<string, ToolCatalogEntry>, layer: CatalogLayer, schemas: ToolSchemaSource | undefined, warnings: string[]): void {
  for (const entry of layer.file.tools) {
    const current = tools.get(entry.id);
    if (current === undefined) {
      // Tools are real code; a prompts file cannot invent one.
      warnings.push(`${layer.source}: "${entry.id}" is not a known tool, so its entry was skipped.`);
      continue;
    }
    const next = { ...current };
    const changed: string[] = [];
    if (entry.promptId !== undefined && entry.promptId !== promptIdOf(entry.id)) {
      warnings.push(`${layer.source}: the promptId of "${entry.id}" is always "${promptIdOf(entry.id)}"; "${entry.promptId}" was ignored.`);
    }
    if (entry.description !== undefined && entry.description !== current.description) {
      next.description = entry.description;
      changed.push('description');
      // The shipped one-liner no longer matches; the new description's first sentence stands in.
      if (entry.summary === undefined) delete next.summary;
    }
    if (entry.summary !== undefined && entry.summary !== current.summary) {
      next.summary = entry.summary;
      changed.push('summary');
    }
    if (entry.example !== undefined && entry.example !== current.example) {
      const problem = exampleProblem(entry.id, entry.example, schemas);
      if (problem === null) {
        next.example = entry.example;
        changed.push('example');
      } else {
        warnings.push(`${layer.source}: the example for "${entry.id}" was ignored because ${problem}.`);
      }
    }
    if (changed.length > 0) {
      warnings.push(`${layer.source} overrides the ${changed.join(' and ')} of the core tool "${entry.id}".`);
      tools.set(entry.id, next);
    }
  }
}

/**
 * Merges the tool catalog: global, then the user's file, then the project's. Later layers may
 * reword a core tool's description or example (each override is reported as a warning, so a
 * stale project file cannot silently change what models are taught); entries naming tools that do
 * not exist are skipped with a warning. Prompt texts merge key by key, the project winning.
 */
export function mergeToolCatalog(input: MergeToolCatalogInput): MergedToolCatalog {
  const tools = new Map(input.global.tools.map((entry) => [entry.id, { ...entry }] as const));
  const warnings: string[] = [];
  const prompts: Record<string, string> = {};
  for (const layer of [input.user, input.project]) {
    if (layer === undefined || layer === null) continue;
    applyLayer(tools, layer, input.schemas, warnings);
    Object.assign(prompts, layer.file.prompts);
  }
  return { tools: [...tools.values()], prompts, warnings };
}
