import { isControlRoomError, type FileRef, type ReceiptStatus } from '../../protocol/index.js';
import type { Clock } from '../ports/index.js';
import { outputsDigest, type ReceiptBatch, type ReceiptLedger } from '../receipts/index.js';
import type { SecretScrubber } from '../secrets/index.js';
import type { ToolContext, ToolRegistry } from '../tools/index.js';
import { isTransientToolError } from './transient-tool-error.js';

/** Who ran a tool, and in which conversation: copied into the receipt. */
export interface ToolRunScope {
  sessionId: string;
  turnId: string;
  agentId: string;
  conferenceId?: string | null;
  taskId?: string | null;
}

export interface ToolRunDependencies {
  registry: ToolRegistry;
  context: ToolContext;
  ledger: ReceiptLedger;
  clock: Clock;
  /** Scrubs secrets from inputs and outputs before they are stored or shown to a model. */
  scrubber?: SecretScrubber;
  /**
   * When set, receipts are signed into this batch and written when its owner commits it (a turn
   * writes its receipts once); otherwise each receipt is durable before `runTool` returns.
   */
  receipts?: ReceiptBatch;
}

/** The outcome of one execution: always with a receipt, whether the tool succeeded or not. */
export interface ToolRunResult {
  receiptId: string;
  toolId: string;
  status: ReceiptStatus;
  /** The JSON the model sees: the tool's result, or `{error:{code,message}}`. Secrets scrubbed. */
  result: Record<string, unknown>;
  fileRefs: FileRef[];
  latencyMs: number;
  error?: { code: string; message: string };
}

/**
 * Executes one tool call that already passed the strict protocol, and records its signed receipt.
 * Tool failures become data (`tool_error` with the error's code) so the model can react; an
 * unknown id still leaves an `unknown_tool` receipt, because every execution attempt is audited.
 */
export async function runTool(toolId: string, args: Record<string, unknown>, scope: ToolRunScope, deps: ToolRunDependencies): Promise<ToolRunResult> {
  const started = deps.clock.nowMs();
  const definition = deps.registry.get(toolId);
  let status: ReceiptStatus = 'ok';
  let result: Record<string, unknown>;
  let fileRefs: FileRef[] = [];
  let error: { code: string; message: string } | undefined;
  if (!definition) {
    status = 'unknown_tool';
    error = { code: 'tool_call_unknown_tool', message: `No tool ${JSON.stringify(toolId)}. Tools: ${deps.registry.ids().join(', ')}.` };
    result = { error };
  } else {
    try {
      const output = await definition.run(args, deps.context);
      result = output.result;
      fileRefs = output.fileRefs;
    } catch (thrown) {
      status = 'tool_error';
      error = isControlRoomError(thrown)
        ? { code: thrown.code, message: thrown.message }
        : { code: transientCodeOf(thrown) ?? 'tool_failed', message: thrown instanceof Error ? thrown.message : String(thrown) };
      result = { error };
    }
  }
  const scrubbedInputs = deps.scrubber ? (await deps.scrubber.scrubValue(args)).value : args;
  const scrubbed = deps.scrubber ? await deps.scrubber.scrubValue(result) : { value: result, refs: [] };
  const scrubbedResult = scrubbed.value;
  const record = {
    sessionId: scope.sessionId,
    turnId: scope.turnId,
    agentId: scope.agentId,
    conferenceId: scope.conferenceId ?? null,
    taskId: scope.taskId ?? null,
    toolId,
    status,
    inputs: scrubbedInputs,
    outputs: scrubbedResult,
    // The receipt keeps the digest of what the tool really returned, never its secrets.
    ...(scrubbed.refs.length > 0 ? { outputsSha256: outputsDigest(result) } : {}),
    fileRefs,
  };
  const receipt = deps.receipts ? await deps.receipts.sign(record) : await deps.ledger.record(record);
  return {
    receiptId: receipt.receipt_id,
    toolId,
    status,
    result: scrubbedResult,
    fileRefs,
    latencyMs: deps.clock.nowMs() - started,
    ...(error ? { error } : {}),
  };
}

/** A system error's own code when it may pass on a second run (EBUSY, EMFILE …), so the retry policy can see it. */
function transientCodeOf(thrown: unknown): string | undefined {
  const code = thrown instanceof Error ? (thrown as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && isTransientToolError({ code }) ? code : undefined;
}
