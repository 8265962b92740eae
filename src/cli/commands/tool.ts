import type { Command } from 'commander';
import { ControlRoomError } from '../../protocol/index.js';
import { openControlRoom } from '../../adapters/compose/index.js';
import { runTool } from '../../core/tool-runs/index.js';
import { CliExit, emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

/** `control-room tool run <tool> --args '<json>'` — runs one tool for real and prints its receipt id. */
export function registerTool(program: Command, io: CliIo): void {
  const tool = program.command('tool').description('run the writing tools directly');
  tool
    .command('list')
    .description('list the tools and what they do')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions) => {
      const room = await openControlRoom(workspaceDir(options));
      try {
        emit(io, options, room.catalog.tools, () => room.catalog.tools.map((entry) => `${entry.id}\n  ${entry.description}\n  e.g. ${entry.example}`).join('\n\n'));
      } finally {
        await room.close();
      }
    });
  tool
    .command('run')
    .description('run one tool and record its signed receipt')
    .argument('<tool>', 'tool id, e.g. file_locator')
    .option('--args <json>', 'arguments as a JSON object', '{}')
    .option('--session <id>', 'session the receipt belongs to (default: cli-<date>)')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (toolId: string, options: CommonOptions & { args: string; session?: string }) => {
      let args: unknown;
      try {
        args = JSON.parse(options.args);
      } catch (error) {
        throw new ControlRoomError('usage_error', `--args is not valid JSON (${(error as Error).message}).`);
      }
      if (args === null || typeof args !== 'object' || Array.isArray(args)) throw new ControlRoomError('usage_error', '--args must be a JSON object.');
      const room = await openControlRoom(workspaceDir(options));
      // What opening found (new keys, a mended receipt log) matters most to someone running tools by hand.
      for (const warning of room.warnings) io.stderr(`warning: ${warning}\n`);
      try {
        const definition = room.registry.get(toolId);
        if (definition) {
          const parsed = definition.schema.safeParse(args);
          if (!parsed.success) {
            const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(args)'}: ${issue.message}`);
            throw new ControlRoomError('tool_call_invalid_args', `Arguments of ${toolId} are not valid: ${problems.join('; ')}. Nothing ran.`);
          }
          args = parsed.data;
        }
        const sessionId = options.session ?? `cli-${room.clock.nowIso().slice(0, 10)}`;
        const run = await runTool(toolId, args as Record<string, unknown>, { sessionId, turnId: room.ids.uuidv7(), agentId: 'cli' }, {
          registry: room.registry, context: room.toolContext, ledger: room.ledger, clock: room.clock, scrubber: room.scrubber,
        });
        emit(io, options, { tool: run.toolId, status: run.status, receiptId: run.receiptId, sessionId, result: run.result }, () =>
          [`${run.toolId}: ${run.status} (receipt ${run.receiptId}, session ${sessionId})`, JSON.stringify(run.result, null, 2)].join('\n'),
        );
        if (run.status !== 'ok') throw new CliExit(1);
      } finally {
        await room.close();
      }
    });
}
