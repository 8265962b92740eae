import { TOOL_BUDGETS, type Agent } from '../../protocol/index.js';
import { buildToolPhasePrompt, forOneTurn, modelOptionsOf, runToolPhase, type ToolPhaseBudgets, type ToolPhaseResult, type TurnModelState, type TurnTracer } from '../loop/index.js';
import type { ToolRunResult } from '../tool-runs/index.js';
import type { ToolRegistry } from '../tools/index.js';
import type { ConferenceDependencies } from './conference-dependencies.js';

/** Phase-1 budgets (SPEC §4): the conference byte budgets and a step floor of `minToolSteps`. */
export const CONFERENCE_TOOL_BUDGETS = {
  maxSteps: Math.max(TOOL_BUDGETS.maxToolSteps, TOOL_BUDGETS.conference.minToolSteps),
  maxBytesPerStep: TOOL_BUDGETS.conference.maxToolBytesPerStep,
  maxBytesPerTurn: TOOL_BUDGETS.conference.maxToolBytesPerTurn,
} as const;

/**
 * Rendered catalogs per renderer and registry view: the text is a pure function of both and takes
 * a few milliseconds to build (JSON schemas of nine tools), so a round reuses it.
 */
const renderedCatalogs = new WeakMap<ConferenceDependencies['catalogText'], WeakMap<ToolRegistry, string>>();

function catalogFor(deps: ConferenceDependencies, registry: ToolRegistry): string {
  let byRegistry = renderedCatalogs.get(deps.catalogText);
  if (!byRegistry) renderedCatalogs.set(deps.catalogText, (byRegistry = new WeakMap()));
  let text = byRegistry.get(registry);
  if (text === undefined) byRegistry.set(registry, (text = deps.catalogText(registry)));
  return text;
}

export interface PhaseOneInput {
  conferenceId: string;
  chief: Agent;
  /** The writer's message, already scrubbed of secrets. */
  message: string;
  nonce: string;
  tracer: TurnTracer;
  toolPolicy?: { allowedTools?: readonly string[]; requireTool?: boolean };
  retries?: number;
  /** The round's budgets (default: the conference budgets; a research round gets more). */
  budgets?: ToolPhaseBudgets;
  signal?: AbortSignal;
  onToolRun?: (run: ToolRunResult) => void;
  /** The round's retry record and fallback state (a fresh one when left out). */
  turn?: TurnModelState;
}

/**
 * Phase 1 (the seed's round lifecycle, steps 1–5): the Chief alone gets the lean tool prompt —
 * catalog, protocol, nonce and the writer's message, nothing else — and runs the tool loop exactly
 * as a 1:1 turn does, with the conference budgets. Its receipts carry the conference id as session.
 */
export async function runPhaseOne(input: PhaseOneInput, deps: ConferenceDependencies): Promise<ToolPhaseResult> {
  const registry = input.toolPolicy?.allowedTools ? deps.registry.restrict(input.toolPolicy.allowedTools) : deps.registry;
  const requireTool = input.toolPolicy?.requireTool ?? false;
  const system = buildToolPhasePrompt({ lean: true, catalogText: catalogFor(deps, registry), nonce: input.nonce, requireTool });
  const { models: chiefModels, profile } = deps.modelsFor(input.chief.id);
  // Phase 1's calls share a state: a fallback that answered keeps the rest of the phase.
  const models = forOneTurn(chiefModels, input.turn);
  const modelOptions = modelOptionsOf(deps, input.tracer);
  return deps.gate.run(`agent:${input.chief.id}`, () =>
    runToolPhase({
      scope: { sessionId: input.conferenceId, turnId: input.tracer.roundId, agentId: input.chief.id, conferenceId: input.conferenceId },
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: input.message },
      ],
      nonce: input.nonce,
      profile,
      registry,
      requireTool,
      budgets: input.budgets ?? CONFERENCE_TOOL_BUDGETS,
      retries: input.retries ?? 1,
      models,
      tracer: input.tracer,
      tools: { ...deps.tools, registry: deps.registry },
      modelOptions,
      ...(deps.flags?.cascadeChannels ? { channels: deps.flags.cascadeChannels } : {}),
      ...(input.onToolRun ? { onToolRun: input.onToolRun } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    }),
  );
}
