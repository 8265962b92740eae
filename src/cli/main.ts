import { Command, CommanderError } from 'commander';
import { ControlRoomError } from '../protocol/index.js';
import { CliExit, processIo, reportFailure, type CliIo } from './io.js';
import { applyOtlpFlags, type OtlpFlags } from './otlp-flags.js';
import { COMMANDS, commandNamed } from './command-table.js';

/**
 * Builds the `control-room` program: with `only`, just that command is loaded and registered
 * (a run pays for the modules of the command it runs); without it, every command (for help).
 */
export async function buildProgram(io: CliIo, only?: string | null): Promise<Command> {
  const program = new Command('control-room')
    .description('Control Room: a writers\' room of agents whose every claim rests on the real manuscript')
    .version('0.1.0')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .option('--otlp [endpoint]', 'also send traces to an OpenTelemetry collector over OTLP/HTTP (default: OTEL_EXPORTER_OTLP_ENDPOINT, else http://localhost:4318)')
    .option('--otlp-content', 'include prompts, replies and tool data (scrubbed of secrets) in exported traces');
  program.hook('preAction', () => applyOtlpFlags(program.opts<OtlpFlags>()));
  const named = only ?? null;
  for (const [name, register] of COMMANDS) {
    if (named === null || name === named) await register(program, io);
  }
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
    await (await buildProgram(io, commandNamed(argv))).parseAsync([...argv]);
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
