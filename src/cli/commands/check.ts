import type { Command } from 'commander';
import { ControlRoomError, TOOL_ARG_SCHEMAS, type ModelProfile, type ModelResponse } from '../../protocol/index.js';
// Straight from its file: the loop's index would load the whole turn machinery for one parser.
import { extractStep } from '../../core/loop/extract-call.js';
import { readProviderReply } from '../../core/streaming/index.js';
import { modelFamilyOf, schemaLookupFrom } from '../../core/tool-calls/index.js';
import { CliExit, emit, type CliIo, type CommonOptions } from '../io.js';

interface CheckToolCallOptions extends CommonOptions {
  nonce: string;
  tools?: string;
  step?: string;
  profile?: string;
  model?: string;
}

/** The model named in a completion body or its first streamed chunk, whose family the cascade reads as the loop does. */
function modelNamedIn(text: string): string | undefined {
  const trimmed = text.trim();
  const first = trimmed.startsWith('data:') ? trimmed.slice('data:'.length).split('\n')[0]!.trim() : trimmed;
  try {
    const record: unknown = JSON.parse(first);
    const model = record && typeof record === 'object' ? (record as Record<string, unknown>)['model'] : undefined;
    return typeof model === 'string' ? model : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `control-room check tool-call --nonce N [--tools a,b]` — a reply from stdin judged exactly as the
 * tool loop judges it: the same reading of the provider's reply (a bare reply, a chat-completion
 * body, its event stream, or a message with `reasoning_content` / `reasoning` beside `content`),
 * the same stripping of reasoning (`<think>`, harmony channels …) and the same strict parser.
 */
export function registerCheck(program: Command, io: CliIo): Command {
  const check = program.command('check').description('check a model reply against the protocol (reply on stdin)');
  check
    .command('tool-call')
    .description('is the reply on stdin a valid tool call for this nonce?')
    .requiredOption('--nonce <nonce>', "the turn's TOOL_NONCE")
    .option('--tools <ids>', 'comma-separated tool ids allowed')
    .option('--step <step>', 'envelope (the first call of a turn) or decision (after a tool result)', 'envelope')
    .option('--profile <profile>', 'envelope (strict JSON only) or cascade (native call, JSON, one fenced block)')
    .option('--model <name>', "the answering model, whose family's call formats the cascade reads (default: the model the reply names)")
    .option('--workspace <dir>', 'unused: the check needs no workspace')
    .option('--json', 'print JSON')
    .action(async (options: CheckToolCallOptions) => {
      const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);
      const allowedTools = options.tools?.split(',').map((tool) => tool.trim()).filter(Boolean);
      const unknown = allowedTools?.filter((tool) => !tools.ids().includes(tool)) ?? [];
      if (unknown.length > 0) throw new ControlRoomError('usage_error', `--tools names unknown tools: ${unknown.join(', ')}. Tools: ${tools.ids().join(', ')}.`);
      const step = options.step ?? 'envelope';
      if (step !== 'envelope' && step !== 'decision') throw new ControlRoomError('usage_error', `--step must be envelope or decision, not ${JSON.stringify(step)}.`);
      if (options.profile !== undefined && options.profile !== 'envelope' && options.profile !== 'cascade') {
        throw new ControlRoomError('usage_error', `--profile must be envelope or cascade, not ${JSON.stringify(options.profile)}.`);
      }
      const text = await io.stdin();
      const reply = readProviderReply(text);
      const family = modelFamilyOf(options.model ?? modelNamedIn(text) ?? '');
      // A native call can only be read through the cascade; say so by default rather than refuse it.
      const profile: ModelProfile = (options.profile as ModelProfile | undefined) ?? (reply.toolCalls.length > 0 ? 'cascade' : 'envelope');
      const response: ModelResponse = { ...reply, finishReason: 'stop', model: 'stdin', latencyMs: 0 };
      const outcome = extractStep(response, { step, profile, nonce: options.nonce, tools, requireTool: true, family, ...(allowedTools ? { allowedTools } : {}) });
      const body =
        outcome.kind === 'call'
          ? { ok: true, tool: outcome.call.tool, args: outcome.call.args, applied: outcome.call.applied, channel: outcome.channel }
          : outcome.kind === 'final'
            ? { ok: true, action: 'final', applied: [], channel: outcome.channel }
            : outcome.kind === 'rejected'
              ? { ok: false, code: outcome.rejection.code, message: outcome.rejection.message, issues: outcome.rejection.issues }
              : { ok: false, code: 'tool_call_invalid_format', message: 'The reply is prose, not a tool call.', issues: [] };
      emit(io, options, body, () => (body.ok ? `ok: ${'tool' in body ? `${body.tool} ${JSON.stringify(body.args)}` : 'final'}` : `rejected: ${body.code} — ${body.message}`));
      if (!body.ok) throw new CliExit(1);
    });
  return check;
}
