import { isControlRoomError, TOOL_BUDGETS, type McpToolFailure, type McpToolSuccess, type ValidationIssue } from '../../protocol/index.js';
import { formatToolResult, TurnTracer } from '../loop/index.js';
import type { Ids, TraceStore } from '../ports/index.js';
import type { SecretScrubber } from '../secrets/index.js';
import { runTool, type ToolRunDependencies } from '../tool-runs/index.js';
import { refusedPathArg, type RefusedPath } from './refused-path-arg.js';

/** The client a call came from, and the audit session its receipts go to. */
export interface McpCaller {
  sessionId: string;
  clientName: string;
}

/** What an MCP call needs: the tool runner (its registry holds the MCP tools), traces and ids. */
export interface McpCallDependencies {
  tools: ToolRunDependencies;
  traces: TraceStore;
  scrubber: SecretScrubber;
  ids: Ids;
}

/** The answer to one `tools/call`: structured content, the same as JSON text, and whether it is a tool error. */
export interface McpCallOutcome {
  isError: boolean;
  structured: McpToolSuccess | McpToolFailure;
  text: string;
}

/** A call the harness refuses before anything runs. */
interface Refusal {
  code: 'tool_call_unknown_tool' | 'tool_call_invalid_args' | RefusedPath['code'];
  message: string;
  issues: ValidationIssue[];
}

const NAME_SHOWN = 128;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The checks of the strict protocol that apply to structured calls: a known tool, strict arguments, safe paths. */
async function check(name: string, args: unknown, deps: McpCallDependencies): Promise<{ ok: true; args: Record<string, unknown> } | { ok: false; refusal: Refusal }> {
  const definition = deps.tools.registry.get(name);
  if (!definition) {
    const message = `No tool ${JSON.stringify(name.slice(0, NAME_SHOWN))}. Tools: ${deps.tools.registry.ids().join(', ')}. Nothing ran.`;
    return { ok: false, refusal: { code: 'tool_call_unknown_tool', message, issues: [{ code: 'unknown_tool', message, path: ['tool'] }] } };
  }
  const parsed = definition.schema.safeParse(isPlainObject(args) ? args : {});
  if (!isPlainObject(args) || !parsed.success) {
    const issues: ValidationIssue[] = parsed.success
      ? [{ code: 'invalid_type', message: 'The arguments must be a JSON object.', path: ['args'] }]
      : parsed.error.issues.map((issue) => ({ code: issue.code, message: issue.message, path: ['args', ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))] }));
    const summary = issues.slice(0, 3).map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    return { ok: false, refusal: { code: 'tool_call_invalid_args', message: `The arguments for ${name} do not match its schema: ${summary}. Nothing ran.`, issues } };
  }
  const unsafe = await refusedPathArg(parsed.data as Record<string, unknown>, deps.tools.context.workspace);
  if (unsafe) {
    return { ok: false, refusal: { code: unsafe.code, message: `${unsafe.message} Nothing ran.`, issues: [{ code: unsafe.code, message: unsafe.message, path: ['args', unsafe.key] }] } };
  }
  return { ok: true, args: parsed.data as Record<string, unknown> };
}

function outcome(structured: McpToolSuccess | McpToolFailure, isError: boolean): McpCallOutcome {
  return { isError, structured, text: JSON.stringify(structured) };
}

/**
 * One `tools/call` from an MCP client (SPEC §16). The call gets the checks of the strict protocol
 * that apply to structured calls — a registered tool, arguments that pass its strict schema, paths
 * the VFS accepts — and a refused call runs nothing and is an MCP tool error with our code. An
 * accepted call runs through `runTool`, so it leaves a signed receipt in the client's session, and
 * its result is cut to the per-step byte budget exactly as the tool loop injects it. Each call is
 * one trace round in the session's conversation.
 */
export async function callMcpTool(name: string, args: unknown, caller: McpCaller, deps: McpCallDependencies): Promise<McpCallOutcome> {
  const round = await deps.traces.beginRound({ conversation_id: caller.sessionId, state_in: 'default' });
  const tracer = new TurnTracer(deps.traces, round.round_id, deps.scrubber, new Set());
  const callId = `call_${deps.ids.uuidv7()}`;
  const toolId = name.slice(0, NAME_SHOWN) || '(none)';
  try {
    await tracer.event({ event_type: 'tool.request', call_id: callId, payload: { tool_id: toolId, call_id: callId, inputs: isPlainObject(args) ? args : {}, channel: 'mcp', client: caller.clientName } });
    const checked = await check(name, args, deps);
    if (!checked.ok) {
      const { code, message, issues } = checked.refusal;
      await tracer.validator('tool_call', code, 'error', message, { channel: 'mcp', issues });
      await deps.traces.finishRound(round.round_id, { status: 'failed', failure_code: code, failure_reason: message });
      return outcome({ error: { code, message, issues }, session_id: caller.sessionId }, true);
    }
    await tracer.validator('tool_call', 'accepted', 'ok', 'Accepted on the mcp channel.', { channel: 'mcp' });
    const run = await runTool(name, checked.args, { sessionId: caller.sessionId, turnId: round.round_id, agentId: caller.sessionId }, deps.tools);
    const injected = formatToolResult(run, TOOL_BUDGETS.maxToolBytesPerStep);
    await tracer.event({
      event_type: 'tool.response',
      call_id: callId,
      status: run.status === 'ok' ? 'ok' : 'failed',
      payload: { tool_id: run.toolId, call_id: callId, latency_ms: run.latencyMs, status: run.status, receipt_id: run.receiptId, injected_bytes: injected.bytes, truncated: injected.truncated, result: injected.text.slice(0, 2000) },
      ...(run.error ? { failure_code: run.error.code, failure_reason: run.error.message } : {}),
    });
    await deps.traces.finishRound(round.round_id, { status: 'ok' });
    if (run.error) {
      return outcome({ error: run.error, receipt_id: run.receiptId, status: run.status, session_id: caller.sessionId }, true);
    }
    const shown = JSON.parse(injected.text) as Omit<McpToolSuccess, 'session_id'>;
    return outcome({ ...shown, session_id: caller.sessionId }, false);
  } catch (error) {
    const code = isControlRoomError(error) ? error.code : 'internal_error';
    const reason = error instanceof Error ? error.message : String(error);
    await deps.traces.finishRound(round.round_id, { status: 'failed', failure_code: code, failure_reason: reason }).catch(() => undefined);
    // A known failure (a store that cannot write, a missing key) is the client's to read, with its code.
    if (isControlRoomError(error)) return outcome({ error: { code, message: reason }, session_id: caller.sessionId }, true);
    throw error;
  }
}
