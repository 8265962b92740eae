import { z } from 'zod';
import type { ChatMessage, FunctionToolSpec, ModelProfile, ModelRequest, ResponseFormat, ToolChannel, ValidationIssue } from '../../protocol/index.js';
import { callModel, type AgentModels, type CallModelOptions, type TurnTracer } from '../loop/index.js';
import { modelOptionsForPolicy, type StatePolicy } from '../state/index.js';
import { buildTaskRetryMessage } from './build-task-retry.js';
import { readStructuredOutput } from './read-structured-output.js';

/** The JSON Schema a model is offered for a zod schema (no `$schema` key). */
export function offeredJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...body } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return body;
}

export interface StructuredStepInput<T> {
  what: 'plan' | 'batch';
  tool: { name: string; description: string };
  schema: z.ZodType<T>;
  jsonSchema: Record<string, unknown>;
  messages: ChatMessage[];
  models: AgentModels;
  profile: ModelProfile;
  policy: StatePolicy;
  tracer: TurnTracer;
  modelOptions: CallModelOptions;
  /** Checks beyond the schema (the batch against the workspace); any issue refuses the output. */
  check?: (value: T) => Promise<ValidationIssue[]>;
  signal?: AbortSignal;
}

export type StructuredStepResult<T> =
  | { ok: true; value: T; channel: ToolChannel; attempts: number }
  | { ok: false; issues: ValidationIssue[]; channel: ToolChannel | null; attempts: number };

/** Native tool + forced choice for `cascade` models, a json_schema response format for `envelope` ones. */
function constrain(input: StructuredStepInput<unknown>): Pick<ModelRequest, 'tools' | 'toolChoice' | 'responseFormat'> {
  if (input.profile === 'cascade') {
    const tool: FunctionToolSpec = { name: input.tool.name, description: input.tool.description, parameters: input.jsonSchema };
    return { tools: [tool], toolChoice: { name: input.tool.name } };
  }
  const responseFormat: ResponseFormat = { type: 'json_schema', json_schema: { name: input.tool.name, strict: false, schema: input.jsonSchema } };
  return { responseFormat };
}

/**
 * One planner or actor step: call the model, read its output through the cascade, validate it
 * (schema, then `check`), and on any issue retry ONCE with a structured message listing the
 * issues. Still invalid after that: the issues come back and nothing is used. Every attempt is
 * traced (`llm.request`, `llm.response`, `validator.ran`).
 */
export async function runStructuredStep<T>(input: StructuredStepInput<T>): Promise<StructuredStepResult<T>> {
  const messages = [...input.messages];
  const validatorId = `task_${input.what}`;
  let channel: ToolChannel | null = null;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    await input.tracer.llmRequest(input.models.primary.name, messages, { step: input.what, attempt });
    // The state's policy sets the retries and when the fallback is tried; a task's models share one
    // turn state (forOneTurn), so a fallback that answered keeps the rest of the task.
    const request = { messages, ...constrain(input as StructuredStepInput<unknown>), ...(input.signal ? { signal: input.signal } : {}) };
    const called = await callModel(input.models, request, { ...input.modelOptions, ...modelOptionsForPolicy(input.policy) });
    const response = called.response;
    await input.tracer.llmResponse(called.model.name, response.latencyMs, response.content, {
      reasoning: response.reasoning,
      step: input.what,
      attempt,
      native_tool_calls: response.toolCalls.map((call) => call.name),
      used_fallback: called.usedFallback,
      ...(response.usage ? { usage: response.usage } : {}),
    });
    const read = readStructuredOutput(response, input.tool.name, input.schema);
    channel = read.channel;
    const issues = read.ok ? ((await input.check?.(read.value)) ?? []) : read.issues;
    const last = attempt === 2;
    if (read.ok && issues.length === 0) {
      await input.tracer.validator(validatorId, 'accepted', 'ok', `The ${input.what} passed validation on the ${read.channel} channel.`, { channel: read.channel, attempt });
      return { ok: true, value: read.value, channel: read.channel, attempts: attempt };
    }
    if (!last) input.models.turn?.retries.push({ kind: 'output', code: issues[0]?.code ?? 'invalid', target: input.what });
    await input.tracer.validator(
      validatorId,
      issues[0]?.code ?? 'invalid',
      last ? 'error' : 'retry',
      last ? `The ${input.what} is still invalid after the structured retry; it is refused whole.` : `The ${input.what} was refused whole; one structured retry.`,
      { channel: read.channel, attempt, issues },
    );
    if (last) return { ok: false, issues, channel, attempts: attempt };
    messages.push({ role: 'assistant', content: read.raw === '' ? response.content : read.raw });
    messages.push({ role: 'user', content: buildTaskRetryMessage(input.what, input.tool.name, issues, input.jsonSchema) });
  }
  return { ok: false, issues: [], channel, attempts: 2 };
}
