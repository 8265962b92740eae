/**
 * The tool catalog shown to models: a global `tools.json` shipped with the package, merged with an
 * optional user-home file and the project's `.control-room/prompts/prompts.json`.
 */
import { z } from 'zod';

export const TOOL_CATALOG_SCHEMA_VERSION = 1;

export const ToolCatalogEntrySchema = z.strictObject({
  /** Runtime id, snake_case (`file_locator`). */
  id: z.string().regex(/^[a-z][a-z0-9_]*$/),
  /** Prompt id, hyphenated (`file-locator`). */
  promptId: z.string().regex(/^[a-z][a-z0-9-]*$/),
  description: z.string().min(1),
  /** One line for the lean tool prompt; when absent, the description's first sentence stands in. */
  summary: z.string().min(1).max(200).optional(),
  /** A JSON-only envelope example with the `<TOOL_NONCE>` placeholder. */
  example: z.string().min(2),
});
export type ToolCatalogEntry = z.infer<typeof ToolCatalogEntrySchema>;

export const ToolCatalogFileSchema = z.strictObject({
  schema_version: z.literal(TOOL_CATALOG_SCHEMA_VERSION),
  tools: z.array(ToolCatalogEntrySchema),
});
export type ToolCatalogFile = z.infer<typeof ToolCatalogFileSchema>;

/** `prompts.json` (user home or project): catalog overrides and extra prompt texts. */
export const PromptsFileSchema = z.strictObject({
  schema_version: z.literal(TOOL_CATALOG_SCHEMA_VERSION),
  tools: z.array(ToolCatalogEntrySchema.partial().required({ id: true })).default([]),
  prompts: z.record(z.string(), z.string()).default({}),
});
export type PromptsFile = z.infer<typeof PromptsFileSchema>;

/** The merged catalog plus warnings (a project overriding a core tool, say). */
export interface MergedToolCatalog {
  tools: ToolCatalogEntry[];
  prompts: Record<string, string>;
  warnings: string[];
}
