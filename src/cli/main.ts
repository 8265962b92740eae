import { Command, CommanderError } from 'commander';
import { ControlRoomError } from '../protocol/index.js';
import { CliExit, processIo, reportFailure, type CliIo } from './io.js';
import { applyOtlpFlags, type OtlpFlags } from './otlp-flags.js';
import { registerAudio } from './commands/audio.js';
import { registerAudit } from './commands/audit.js';
import { registerCanon } from './commands/canon.js';
import { registerCheckEvidence } from './commands/check-evidence.js';
import { registerMemory } from './commands/memory.js';
import { registerModels } from './commands/models.js';
import { registerRuns } from './commands/runs.js';
import { registerServe } from './commands/serve.js';
import { registerChat } from './commands/chat.js';
import { registerCheck } from './commands/check.js';
import { registerConference } from './commands/conference.js';
import { registerInit } from './commands/init.js';
import { registerImport } from './commands/import.js';
import { registerMcp } from './commands/mcp.js';
import { registerTool } from './commands/tool.js';
import { registerTask } from './commands/task.js';
import { registerConfirm } from './commands/confirm.js';
import { registerUndo } from './commands/undo.js';
import { registerTraces } from './commands/traces.js';
import { registerStart } from './commands/start.js';
import { registerState } from './commands/state.js';
import { registerFlags } from './commands/flags.js';
import { registerNotifications } from './commands/notifications.js';
import { registerVfs } from './commands/vfs.js';

/** Builds the `control-room` program with every command registered. */
export function buildProgram(io: CliIo): Command {
  const program = new Command('control-room')
    .description('Control Room: a writers\' room of agents whose every claim rests on the real manuscript')
    .version('0.1.0')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .option('--otlp [endpoint]', 'also send traces to an OpenTelemetry collector over OTLP/HTTP (default: OTEL_EXPORTER_OTLP_ENDPOINT, else http://localhost:4318)')
    .option('--otlp-content', 'include prompts, replies and tool data (scrubbed of secrets) in exported traces');
  program.hook('preAction', () => applyOtlpFlags(program.opts<OtlpFlags>()));
  registerStart(program, io);
  registerInit(program, io);
  registerImport(program, io);
  registerVfs(program, io);
  registerAudit(program, io);
  registerChat(program, io);
  const check = registerCheck(program, io);
  registerCheckEvidence(check, io);
  registerConference(program, io);
  registerTool(program, io);
  registerTraces(program, io);
  registerServe(program, io);
  registerMemory(program, io);
  registerModels(program, io);
  registerAudio(program, io);
  registerCanon(program, io);
  registerRuns(program, io);
  registerTask(program, io);
  registerConfirm(program, io);
  registerState(program, io);
  registerFlags(program, io);
  registerNotifications(program, io);
  registerUndo(program, io);
  registerMcp(program, io, program.version() ?? '0.1.0');
  for (const command of program.commands) {
    command.exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
    for (const sub of command.commands) sub.exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  }
  return program;
}

/** Runs the CLI with `argv` (as `process.argv`) and returns the exit status instead of exiting. */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const json = argv.includes('--json');
  try {
    await buildProgram(io).parseAsync([...argv]);
    return 0;
  } catch (error) {
    if (error instanceof CliExit) return error.exitCode;
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0) return 0;
      if (json) reportFailure(io, true, new ControlRoomError('usage_error', error.message.replace(/^error: /, '')));
      return 2;
    }
    return reportFailure(io, json, error);
  }
}
