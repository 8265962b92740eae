/**
 * Pipeline runs (the v0.5 seed's "Pipeline runs/steps/cache"): a recipe is a list of steps (tool
 * runs, raw model calls, issue filing), optionally repeated for each scene or card. A run lives in
 * `.control-room/runs/<runId>/`: `run.json` (status and progress), `steps.jsonl` (append-only, one
 * line per step start and finish) and `cache.json` (each step's results, by cache slot).
 * Recipes ship in the package's `recipes/*.json`; `.control-room/recipes/*.json` adds or overrides
 * them by id.
 */
import { z } from 'zod';
import { IssuePrioritySchema } from './issues.js';

export const RECIPE_SCHEMA_VERSION = 1;
export const RUN_SCHEMA_VERSION = 1;

/** Where project recipes and runs live, relative to the workspace. */
export const PROJECT_RECIPES_DIR = '.control-room/recipes';
export const RUNS_DIR = '.control-room/runs';

/** Ids of recipes, steps and cache slots: lower-case words joined by `-` or `_`. */
const SlugSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'use 1-64 lower-case letters, digits, "-" or "_"');

/** Run ids name folders: `run_` + a UUIDv7. */
export const RUN_ID_PATTERN = /^run_[A-Za-z0-9_-]{8,120}$/;

/** What a step repeats over, found through the VFS tree by role. */
export const FOR_EACH_SOURCES = ['scenes', 'characters', 'places', 'lore', 'compendium'] as const;
export const ForEachSchema = z.enum(FOR_EACH_SOURCES);
export type ForEachSource = z.infer<typeof ForEachSchema>;

export const RecipeStepKindSchema = z.enum(['tool', 'model', 'issue']);
export type RecipeStepKind = z.infer<typeof RecipeStepKindSchema>;

export const FindingSeveritySchema = z.enum(['error', 'warning', 'info']);

/**
 * One step. Placeholders in `args_template` strings: `{{item.path}}`, `{{item.name}}` (with
 * `for_each`) and `{{args.<name>}}` (the run's arguments); a string that is exactly one
 * placeholder takes the value as is.
 */
export const RecipeStepSchema = z
  .strictObject({
    id: SlugSchema,
    kind: RecipeStepKindSchema,
    description: z.string().max(500).optional(),
    /** `tool` steps: the tool id. */
    tool: z.string().min(1).optional(),
    /** Fixed arguments; `args_template` values are filled and laid over them. */
    args: z.record(z.string(), z.unknown()).optional(),
    args_template: z.record(z.string(), z.unknown()).optional(),
    for_each: ForEachSchema.optional(),
    /** Where the step's results are kept in `cache.json` (and what `issue` steps read). */
    cache_slot: SlugSchema.optional(),
    /** `model` steps: the agent whose endpoint answers, and the prompt template. */
    agent: z.string().min(1).optional(),
    prompt: z.string().min(1).max(20000).optional(),
    /** `issue` steps: the cache slots whose findings become issues, which severities, and the tags. */
    from: z.array(SlugSchema).min(1).optional(),
    severities: z.array(FindingSeveritySchema).min(1).optional(),
    tags: z.array(z.string().min(1).max(60)).max(20).optional(),
    priority: IssuePrioritySchema.optional(),
  })
  .superRefine((step, context) => {
    const needs = (key: 'tool' | 'prompt' | 'from'): void => {
      if (step[key] === undefined) context.addIssue({ code: 'custom', path: [key], message: `${step.kind === 'issue' ? 'an' : 'a'} ${step.kind} step needs "${key}"` });
    };
    if (step.kind === 'tool') needs('tool');
    if (step.kind === 'model') needs('prompt');
    if (step.kind === 'issue') needs('from');
    if (step.kind === 'issue' && step.for_each !== undefined) {
      context.addIssue({ code: 'custom', path: ['for_each'], message: 'an issue step runs once; it takes no "for_each"' });
    }
  });
export type RecipeStep = z.infer<typeof RecipeStepSchema>;

/** A recipe file. */
export const RecipeSchema = z
  .strictObject({
    schema_version: z.literal(RECIPE_SCHEMA_VERSION),
    id: SlugSchema,
    name: z.string().min(1).max(120),
    description: z.string().max(2000),
    /** Arguments a run may pass (`{{args.<name>}}`), with their defaults. */
    args: z.record(z.string(), z.strictObject({ description: z.string().optional(), default: z.unknown().optional() })).optional(),
    steps: z.array(RecipeStepSchema).min(1).max(50),
  })
  .superRefine((recipe, context) => {
    const seen = new Set<string>();
    const slots = new Set<string>();
    recipe.steps.forEach((step, index) => {
      if (seen.has(step.id)) context.addIssue({ code: 'custom', path: ['steps', index, 'id'], message: `step id "${step.id}" is used twice` });
      seen.add(step.id);
      for (const slot of step.from ?? []) {
        if (!slots.has(slot)) context.addIssue({ code: 'custom', path: ['steps', index, 'from'], message: `no earlier step fills cache slot "${slot}"` });
      }
      if (step.cache_slot !== undefined) slots.add(step.cache_slot);
    });
  });
export type Recipe = z.infer<typeof RecipeSchema>;

/** Where a recipe came from: shipped with the package, or the project's own (which wins by id). */
export const RecipeOriginSchema = z.enum(['bundled', 'project']);
export type RecipeOrigin = z.infer<typeof RecipeOriginSchema>;

/** A recipe as listed: the recipe, its origin and its file (relative to its folder). */
export interface LoadedRecipe {
  recipe: Recipe;
  origin: RecipeOrigin;
  file: string;
}

/**
 * `queued` (waiting for a worker), `running`, and the ends: `succeeded`, `failed`, `cancelled`, and
 * `interrupted` (it was running when its process died; found on the next listing or opening).
 */
export const RunStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled', 'interrupted']);
export type RunStatus = z.infer<typeof RunStatusSchema>;
export const FINISHED_RUN_STATUSES: readonly RunStatus[] = ['succeeded', 'failed', 'cancelled', 'interrupted'];

const ErrorSchema = z.strictObject({ code: z.string(), message: z.string() });

/** `run.json`. */
export const RunRecordSchema = z.strictObject({
  schema_version: z.literal(RUN_SCHEMA_VERSION),
  id: z.string().regex(RUN_ID_PATTERN),
  recipe: z.strictObject({ id: z.string(), name: z.string(), origin: RecipeOriginSchema }),
  args: z.record(z.string(), z.unknown()),
  status: RunStatusSchema,
  /** Units of work (one per step and item) done so far, of how many, and the one under way. */
  progress: z.strictObject({
    done: z.number().int().min(0),
    total: z.number().int().min(0),
    step: z.string().nullable(),
    item: z.string().nullable(),
  }),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The process executing the run, so another process can tell a live run from a dead one. */
  runner: z.strictObject({ pid: z.number().int(), host: z.string() }).nullable(),
  error: ErrorSchema.nullable(),
  summary: z.strictObject({
    receipts: z.number().int().min(0),
    findings: z.strictObject({ error: z.number().int().min(0), warning: z.number().int().min(0), info: z.number().int().min(0) }),
    issues: z.array(z.string()),
  }),
});
export type RunRecord = z.infer<typeof RunRecordSchema>;

export const RunStepEventSchema = z.enum(['run-start', 'step-start', 'step-finish', 'run-finish', 'run-cancelled', 'run-failed', 'run-interrupted']);
export type RunStepEvent = z.infer<typeof RunStepEventSchema>;

/** One line of `steps.jsonl`. */
export const RunStepEntrySchema = z.strictObject({
  schema_version: z.literal(RUN_SCHEMA_VERSION),
  seq: z.number().int().min(1),
  at: z.string(),
  event: RunStepEventSchema,
  step: z.string().nullable(),
  /** The item a `for_each` step was working on (a VFS path), else null. */
  item: z.string().nullable(),
  /** Units done when the line was written. */
  done: z.number().int().min(0),
  status: z.enum(['ok', 'tool_error', 'unknown_tool', 'failed', 'cancelled']).optional(),
  receiptIds: z.array(z.string()).optional(),
  /** A short summary of the results (finding counts, issue ids); the full results are in the cache. */
  summary: z.record(z.string(), z.unknown()).optional(),
  error: ErrorSchema.optional(),
});
export type RunStepEntry = z.infer<typeof RunStepEntrySchema>;

/** One result kept in a cache slot. */
export const RunCacheEntrySchema = z.strictObject({
  step: z.string(),
  item: z.string().nullable(),
  status: z.string(),
  receiptId: z.string().nullable(),
  result: z.unknown(),
});
export type RunCacheEntry = z.infer<typeof RunCacheEntrySchema>;

/** `cache.json`. */
export const RunCacheSchema = z.strictObject({
  schema_version: z.literal(RUN_SCHEMA_VERSION),
  slots: z.record(z.string(), z.array(RunCacheEntrySchema)),
});
export type RunCache = z.infer<typeof RunCacheSchema>;

/** Error codes of pipeline runs. */
export const RUN_ERROR_CODES = [
  'recipe_not_found',
  'run_not_found',
  /** Cancel asked of a run that has already finished (HTTP 409). */
  'run_not_running',
  'cache_slot_not_found',
  /** A stored run file does not parse. */
  'run_corrupt',
] as const;
export type RunErrorCode = (typeof RUN_ERROR_CODES)[number];
