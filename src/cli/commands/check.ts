import type { Command } from 'commander';
import { ControlRoomError, TOOL_ARG_SCHEMAS } from '../../protocol/index.js';
import { parseToolCall, schemaLookupFrom } from '../../core/tool-calls/index.js';
import { CliExit, emit, type CliIo, type CommonOptions } from '../io.js';

/** `control-room check tool-call --nonce N [--tools a,b]` — the strict parser on a reply from stdin. */
export function registerCheck(program: Command, io: CliIo): Command {
  const check = program.command('check').description('check a model reply against the protocol (reply on stdin)');
  check
    .command('tool-call')
    .description('is the reply on stdin a valid tool call for this nonce?')
    .requiredOption('--nonce <nonce>', "the turn's TOOL_NONCE")
    .option('--tools <ids>', 'comma-separated tool ids allowed')
    .option('--workspace <dir>', 'unused: the check needs no workspace')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions & { nonce: string; tools?: string }) => {
      const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);
      const allowedTools = options.tools?.split(',').map((tool) => tool.trim()).filter(Boolean);
      const unknown = allowedTools?.filter((tool) => !tools.ids().includes(tool)) ?? [];
      if (unknown.length > 0) throw new ControlRoomError('usage_error', `--tools names unknown tools: ${unknown.join(', ')}. Tools: ${tools.ids().join(', ')}.`);
      const reply = await io.stdin();
      const verdict = parseToolCall(reply, { nonce: options.nonce, tools, ...(allowedTools ? { allowedTools } : {}) });
      const body = verdict.ok
        ? { ok: true, tool: verdict.tool, args: verdict.args, applied: verdict.applied }
        : { ok: false, code: verdict.code, message: verdict.message, issues: verdict.issues };
      emit(io, options, body, () => (verdict.ok ? `ok: ${verdict.tool} ${JSON.stringify(verdict.args)}` : `rejected: ${verdict.code} — ${verdict.message}`));
      if (!verdict.ok) throw new CliExit(1);
    });
  return check;
}
