import { ControlRoomError } from '../../protocol/index.js';
import type { RecipeStep } from '../../protocol/runs.js';
import { runTool, type ToolRunDependencies } from '../tool-runs/index.js';
import { fillTemplate, unfilledPlaceholders } from './fill-template.js';
import type { RunItem } from './run-items.js';
import type { StepOutcome } from './step-outcome.js';

/** Where a unit runs: its run (the receipts' session and task), the run's arguments and its place in the recipe. */
export interface UnitScope {
  runId: string;
  recipeId: string;
  args: Readonly<Record<string, unknown>>;
  /** 1-based position of the unit within its step, for the receipt's turn id. */
  index: number;
}

/** The arguments of a tool step for one item: fixed `args` with the filled `args_template` laid over them. */
export function stepArguments(step: RecipeStep, item: RunItem | null, args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const filled = fillTemplate(step.args_template ?? {}, { item, args }) as Record<string, unknown>;
  const merged = { ...(step.args ?? {}), ...filled };
  const unfilled = unfilledPlaceholders(merged);
  if (unfilled.length > 0) {
    throw new ControlRoomError('config_invalid', `Step "${step.id}" leaves ${unfilled.join(', ')} unfilled: pass the argument when starting the run, or use for_each for item placeholders.`);
  }
  return merged;
}

/** The few fields of a tool result worth a line in `steps.jsonl`. */
function summarise(result: Record<string, unknown>): Record<string, unknown> {
  const summary: Record<string, unknown> = {};
  if (typeof result['status'] === 'string') summary['status'] = result['status'];
  if (result['summary'] !== null && typeof result['summary'] === 'object') summary['findings'] = result['summary'];
  if (result['error'] !== undefined) summary['error'] = result['error'];
  return summary;
}

/**
 * Runs one tool step for one item through `runTool`, so it leaves a signed receipt (session and
 * task = the run). Arguments a recipe gets wrong fail the run (`config_invalid`); a tool that
 * fails on its input is a `tool_error` result, and the run goes on.
 */
export async function executeToolStep(step: RecipeStep, item: RunItem | null, scope: UnitScope, tools: ToolRunDependencies, signal: AbortSignal): Promise<StepOutcome> {
  const toolId = step.tool!;
  const definition = tools.registry.get(toolId);
  if (!definition) throw new ControlRoomError('config_invalid', `Step "${step.id}" of recipe "${scope.recipeId}" names the unknown tool "${toolId}". Tools: ${tools.registry.ids().join(', ')}.`);
  const parsed = definition.schema.safeParse(stepArguments(step, item, scope.args));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(args)'}: ${issue.message}`).join('; ');
    throw new ControlRoomError('config_invalid', `Step "${step.id}" of recipe "${scope.recipeId}" gives ${toolId} invalid arguments (${problems}).`);
  }
  const run = await runTool(
    toolId,
    parsed.data as Record<string, unknown>,
    { sessionId: scope.runId, turnId: `${step.id}-${scope.index}`, agentId: 'pipeline', taskId: scope.runId },
    { ...tools, context: { ...tools.context, signal } },
  );
  return {
    status: run.status,
    receiptIds: [run.receiptId],
    summary: summarise(run.result),
    cache: { step: step.id, item: item?.path ?? null, status: run.status, receiptId: run.receiptId, result: run.result },
  };
}
