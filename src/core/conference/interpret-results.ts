import { isControlRoomError, type Agent, type ChatMessage, type ConferenceEntry, type EvidenceIssue, type FileRef } from '../../protocol/index.js';
import { buildCorrectiveMessage } from '../evidence/index.js';
import { answerWithEvidence, callModel, forOneTurn, modelOptionsOf, type TurnModelState, type TurnTracer } from '../loop/index.js';
import { isAbstention } from './abstention.js';
import type { ConferenceDependencies } from './conference-dependencies.js';
import { phaseTwoMessages } from './phase-two-prompt.js';
import type { BufferedResult } from './round-buffer.js';

export interface InterpretInput {
  agent: Agent;
  results: readonly BufferedResult[];
  /** The writer's message, already scrubbed of secrets. */
  message: string;
  knownReceiptIds: ReadonlySet<string>;
  /** What each citable receipt read. */
  receiptFiles?: ReadonlyMap<string, readonly FileRef[]>;
  tracer: TurnTracer;
  signal?: AbortSignal;
  /** The agent's retry record and fallback state for this round (a fresh one when left out). */
  turn?: TurnModelState;
}

/** An agent's decided entry, plus the issue codes of each failed check on the way (for telemetry). */
export interface Interpretation {
  entry: ConferenceEntry;
  failedChecks: string[][];
}

/** Abstaining stays open on the retry: a reply that cannot be grounded is better withdrawn. */
const ABSTAIN_REMINDER = 'If the data is not relevant to your role after all, respond with only: ABSTAIN';

function entry(agentId: string, fields: Partial<ConferenceEntry> & Pick<ConferenceEntry, 'status'>): ConferenceEntry {
  return { agentId, content: null, evidence: null, report: null, issues: [], retried: false, ...fields };
}

/**
 * Phase 2 for one agent (steps 6–8): a fresh message list, the reply checked for abstention first
 * (no evidence check then), otherwise sanitised and validated; a failing reply gets one corrective
 * retry listing its issues. A model that cannot be reached leaves a `model_unavailable` entry
 * rather than failing the whole round.
 */
export async function interpretResults(input: InterpretInput, deps: ConferenceDependencies): Promise<Interpretation> {
  const { agent, tracer } = input;
  const failedChecks: string[][] = [];
  // This agent's calls of the round share a state: a fallback that answered keeps the rest.
  const models = forOneTurn(deps.modelsFor(agent.id).models, input.turn);
  const modelOptions = modelOptionsOf(deps, tracer);
  const ask = async (messages: ChatMessage[], attempt: number): Promise<string> => {
    await tracer.llmRequest(models.primary.name, messages, { agent_id: agent.id, phase: 2, attempt });
    const called = await callModel(models, { messages, ...(input.signal ? { signal: input.signal } : {}) }, modelOptions);
    await tracer.llmResponse(called.model.name, called.response.latencyMs, called.response.content, {
      agent_id: agent.id,
      phase: 2,
      attempt,
      used_fallback: called.usedFallback,
      reasoning: called.response.reasoning,
      ...(called.response.usage ? { usage: called.response.usage } : {}),
    });
    return called.response.content;
  };
  const check = async (content: string, attempt: 1 | 2) => {
    const report = await deps.validateReply(content, {
      workspace: deps.workspace,
      knownReceiptIds: input.knownReceiptIds,
      ...(input.receiptFiles ? { receiptFiles: input.receiptFiles } : {}),
      agent: { id: agent.id, evidenceSources: agent.evidenceSources },
    });
    const status = report.ok ? 'ok' : attempt === 1 ? 'retry' : 'error';
    const summary = report.ok ? 'Evidence verified.' : attempt === 1 ? 'Evidence failed; one corrective retry.' : 'Evidence still invalid after the retry.';
    await tracer.validator('evidence', report.ok ? 'ok' : (report.issues[0]?.code ?? 'evidence_invalid'), status, summary, { agent_id: agent.id, attempt, issues: report.issues });
    return report;
  };
  const abstained = async (retried: boolean): Promise<Interpretation> => {
    await tracer.validator('abstain', 'abstained', 'ok', `${agent.name} abstained.`, { agent_id: agent.id });
    return { entry: entry(agent.id, { status: 'abstained', retried }), failedChecks };
  };
  const messages = phaseTwoMessages(agent, input.results, input.message);
  try {
    const first = await ask(messages, 1);
    if (isAbstention(first)) return await abstained(false);
    const answer = await answerWithEvidence({
      reply: first,
      check,
      correct: async (content, report) => {
        failedChecks.push(report.issues.map((issue) => issue.code));
        const options = { knownReceiptIds: input.results.map((result) => result.receiptId), evidenceSources: agent.evidenceSources };
        const correction = `${(deps.correctiveMessage ?? buildCorrectiveMessage)(report.issues, options)}\n${ABSTAIN_REMINDER}`;
        const second = await ask([...messages, { role: 'assistant', content }, { role: 'user', content: correction }], 2);
        return isAbstention(second) ? null : second;
      },
    });
    if (answer.withdrawn) return await abstained(true);
    const { report } = answer;
    if (answer.retried && !report.ok) failedChecks.push(report.issues.map((issue) => issue.code));
    const fields = { content: answer.content, evidence: report.line, report, retried: answer.retried, issues: report.ok ? [] : (report.issues as EvidenceIssue[]) };
    return { entry: entry(agent.id, { status: report.ok ? 'responded' : 'rejected', ...fields }), failedChecks };
  } catch (error) {
    if (!isControlRoomError(error) || !error.code.startsWith('model_') || error.code === 'model_cancelled') throw error;
    await tracer.validator('model', error.code, 'error', `${agent.name}'s model could not be reached: ${error.message}`, { agent_id: agent.id });
    const issue = { code: 'model_unavailable' as const, message: `${agent.name}'s model could not be reached (${error.code}). Check its endpoint and run the round again.`, span: null };
    return { entry: entry(agent.id, { status: 'rejected', issues: [issue] }), failedChecks };
  }
}
