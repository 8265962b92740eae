import { fileLocatorTool } from './file-locator.js';
import { fileReaderTool } from './file-reader.js';
import { searchIssuesTool } from './search-issues.js';
import { taskRouterTool } from './task-router.js';
import type { AnyToolDefinition } from './registry.js';
import { outlineAnalyzerTool } from './outline-analyzer.js';
import { canonCheckerTool } from './canon-checker.js';
import { proseAnalyzerTool } from './prose-analyzer.js';
import { consistencyCheckerTool } from './consistency-checker.js';
import { sceneDraftValidatorTool } from './scene-draft-validator.js';

export type { ToolContext, ToolDefinition, ToolOutput } from './tool-definition.js';
export { ToolRegistry } from './registry.js';
export type { AnyToolDefinition, ToolSchemaSource } from './registry.js';
export { withDryRun, dryRunOutput, isDryRun } from './dry-run.js';
export type { DryRunResult } from './dry-run.js';
export { fileLocatorTool } from './file-locator.js';
export { fileReaderTool, MAX_READ_LINES } from './file-reader.js';
export { taskRouterTool } from './task-router.js';
export { searchIssuesTool } from './search-issues.js';
export { outlineAnalyzerTool } from './outline-analyzer.js';
export { canonCheckerTool } from './canon-checker.js';
export { proseAnalyzerTool } from './prose-analyzer.js';
export { consistencyCheckerTool } from './consistency-checker.js';
export { sceneDraftValidatorTool } from './scene-draft-validator.js';
export { buildToolCatalog, catalogEntryOf, exampleEnvelope, promptIdOf, mergeToolCatalog, renderToolCatalog, summarizeArgs } from './catalog/index.js';
export type { CatalogLayer, MergeToolCatalogInput } from './catalog/index.js';

/** The nine writing tools, in the protocol's order (`CORE_TOOL_IDS`): what `catalog/tools.json` is built from. */
export function coreTools(): AnyToolDefinition[] {
  return [
    fileLocatorTool,
    fileReaderTool,
    outlineAnalyzerTool,
    canonCheckerTool,
    taskRouterTool,
    searchIssuesTool,
    proseAnalyzerTool,
    consistencyCheckerTool,
    sceneDraftValidatorTool,
  ];
}
