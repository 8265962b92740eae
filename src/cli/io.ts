import { ControlRoomError, isControlRoomError } from '../protocol/index.js';

/** Where a command writes; tests pass buffers, the binary passes the process streams. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  stdin: () => Promise<string>;
}

/** Common flags every command takes. */
export interface CommonOptions {
  workspace?: string;
  json?: boolean;
}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

/** The workspace folder: the flag, then CONTROL_ROOM_WORKSPACE, then the current folder. */
export function workspaceDir(options: CommonOptions): string {
  return options.workspace ?? process.env.CONTROL_ROOM_WORKSPACE ?? process.cwd();
}

/** Prints a value as JSON (for `--json`) or through a human formatter. */
export function emit(io: CliIo, options: CommonOptions, value: unknown, human: () => string): void {
  io.stdout(options.json ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`);
}

/** Exit status carried by a thrown value so nested helpers can end a command early. */
export class CliExit extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
  }
}

/** Reports a failure in the chosen format and returns the exit status (1 for known failures, 70 for bugs). */
export function reportFailure(io: CliIo, json: boolean, error: unknown): number {
  const known = isControlRoomError(error) ? error : null;
  const failure = known ?? new ControlRoomError('internal_error', error instanceof Error ? error.message : String(error), { fault: 'system' });
  if (json) io.stdout(`${JSON.stringify(failure.toJSON(), null, 2)}\n`);
  else io.stderr(`error [${failure.code}]: ${failure.message}\n`);
  if (!known && process.env.CONTROL_ROOM_DEBUG && error instanceof Error) io.stderr(`${error.stack ?? ''}\n`);
  return failure.code === 'usage_error' ? 2 : known ? 1 : 70;
}
