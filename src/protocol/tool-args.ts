/**
 * Argument schemas of the nine writing tools — exactly the arguments of the v0.5 seed's "Tool
 * Execution Service" (plus `file_reader`'s path and line range). Every schema is strict: unknown
 * keys are refused. Lengths are bounded so hostile input cannot grow without limit.
 */
import { z } from 'zod';

const path = z.string().min(1).max(1024);
const text = (max: number) => z.string().max(max);
const dryRun = z.boolean().optional().describe('validate and describe what would run, without reading file content');

export const FileLocatorArgsSchema = z.strictObject({
  search_criteria: text(500).min(1).describe('words, a file name or a path fragment to look for'),
  scan_mode: z.enum(['FAST_SCAN', 'DEEP_SCAN']).optional().describe('FAST_SCAN matches names and paths; DEEP_SCAN also searches file content'),
  max_results: z.number().int().min(1).max(200).optional(),
  include_globs: z.boolean().optional().describe('treat * and ? in search_criteria as wildcards'),
  dry_run: dryRun,
});

export const FileReaderArgsSchema = z.strictObject({
  path: path.describe('VFS path, e.g. Story/Scenes/SCN-01-the-lamp-room.md'),
  start_line: z.number().int().min(1).optional(),
  end_line: z.number().int().min(1).optional(),
});

export const OutlineAnalyzerArgsSchema = z.strictObject({
  outline_path: path.optional().describe('defaults to the outline found in the VFS tree'),
  mode: text(40).optional().describe('structure (default) or beats'),
  dry_run: dryRun,
});

export const CanonCheckerArgsSchema = z.strictObject({
  scene_path: path,
  canon_paths: z.array(path).max(20).optional().describe('defaults to Canon.md and the Compendium'),
  mode: text(40).optional().describe('strict (default) or lenient'),
  dry_run: dryRun,
});

export const TaskRouterArgsSchema = z.strictObject({
  user_request: text(4000).min(1),
  dry_run: dryRun,
});

export const SearchIssuesArgsSchema = z.strictObject({
  tags: z.array(text(80)).max(20).optional(),
  assignedTo: text(80).optional(),
  status: z.enum(['open', 'closed', 'all']).optional(),
  priority: z.enum(['low', 'normal', 'high', 'urgent']).optional(),
  personalTags: z.array(text(80)).max(20).optional(),
  personalAgent: text(80).optional(),
  excludePersonalTags: z.array(text(80)).max(20).optional(),
  minInterestLevel: z.number().int().min(0).max(5).optional(),
});

export const ProseAnalyzerArgsSchema = z.strictObject({
  scene_path: path,
  focus: z.enum(['pacing', 'voice', 'rhythm', 'all']).optional(),
  dry_run: dryRun,
});

export const ConsistencyCheckerArgsSchema = z.strictObject({
  file_paths: z.array(path).min(1).max(10),
  focus: z.enum(['characters', 'terminology', 'events', 'general']).optional(),
  dry_run: dryRun,
});

export const SceneDraftValidatorArgsSchema = z.strictObject({
  scene_path: path,
  outline_path: path.optional(),
  include_canon: z.boolean().optional(),
  dry_run: dryRun,
});

/** The nine tools, by runtime id. */
export const TOOL_ARG_SCHEMAS = {
  file_locator: FileLocatorArgsSchema,
  file_reader: FileReaderArgsSchema,
  outline_analyzer: OutlineAnalyzerArgsSchema,
  canon_checker: CanonCheckerArgsSchema,
  task_router: TaskRouterArgsSchema,
  search_issues: SearchIssuesArgsSchema,
  prose_analyzer: ProseAnalyzerArgsSchema,
  consistency_checker: ConsistencyCheckerArgsSchema,
  scene_draft_validator: SceneDraftValidatorArgsSchema,
} as const;

export type CoreToolId = keyof typeof TOOL_ARG_SCHEMAS;
export const CORE_TOOL_IDS = Object.keys(TOOL_ARG_SCHEMAS) as CoreToolId[];

export type FileLocatorArgs = z.infer<typeof FileLocatorArgsSchema>;
export type FileReaderArgs = z.infer<typeof FileReaderArgsSchema>;
export type OutlineAnalyzerArgs = z.infer<typeof OutlineAnalyzerArgsSchema>;
export type CanonCheckerArgs = z.infer<typeof CanonCheckerArgsSchema>;
export type TaskRouterArgs = z.infer<typeof TaskRouterArgsSchema>;
export type SearchIssuesArgs = z.infer<typeof SearchIssuesArgsSchema>;
export type ProseAnalyzerArgs = z.infer<typeof ProseAnalyzerArgsSchema>;
export type ConsistencyCheckerArgs = z.infer<typeof ConsistencyCheckerArgsSchema>;
export type SceneDraftValidatorArgs = z.infer<typeof SceneDraftValidatorArgsSchema>;
