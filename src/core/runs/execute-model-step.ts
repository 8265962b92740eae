import { ControlRoomError } from '../../protocol/index.js';
import type { RecipeStep } from '../../protocol/runs.js';
import type { Workspace } from '../ports/index.js';
import { callModel, type AgentModels } from '../loop/index.js';
import { stripReasoning } from '../tool-calls/index.js';
import { fillTemplate, unfilledPlaceholders } from './fill-template.js';
import type { RunItem } from './run-items.js';
import type { StepOutcome } from './step-outcome.js';

export interface ModelStepDependencies {
  workspace: Workspace;
  /** The models of an agent (its endpoint); absent when no model is configured. */
  modelsFor?: (agentId: string) => AgentModels;
  nowMs: () => number;
}

/**
 * One raw model call for one item (no tools, like chat's `skipTools`); `{{item.content}}` in the
 * prompt is the item's text. The reply, reasoning removed, is kept in the cache.
 */
export async function executeModelStep(step: RecipeStep, item: RunItem | null, args: Readonly<Record<string, unknown>>, deps: ModelStepDependencies, signal: AbortSignal): Promise<StepOutcome> {
  if (!deps.modelsFor) throw new ControlRoomError('model_not_configured', `Step "${step.id}" needs a model; configure an endpoint in .control-room/agents/agent-endpoints.json.`);
  const content = item !== null && step.prompt!.includes('item.content') ? (await deps.workspace.read(item.path)).content : undefined;
  const prompt = fillTemplate(step.prompt!, { item: item === null ? null : { ...item, ...(content === undefined ? {} : { content }) }, args });
  const text = typeof prompt === 'string' ? prompt : JSON.stringify(prompt);
  const unfilled = unfilledPlaceholders(text);
  if (unfilled.length > 0) throw new ControlRoomError('config_invalid', `Step "${step.id}" leaves ${unfilled.join(', ')} unfilled in its prompt.`);
  const call = await callModel(deps.modelsFor(step.agent ?? 'chief'), { messages: [{ role: 'user', content: text }], signal }, { nowMs: deps.nowMs });
  const reply = stripReasoning(call.response.content).text.trim();
  return {
    status: 'ok',
    receiptIds: [],
    summary: { model: call.model.name, characters: reply.length },
    cache: { step: step.id, item: item?.path ?? null, status: 'ok', receiptId: null, result: { model: call.model.name, content: reply } },
  };
}
