import type { Command } from 'commander';
import type { CliIo } from './io.js';

/** Adds one top-level command (and its subcommands) to the program. */
type Registrar = (program: Command, io: CliIo) => Promise<void>;

/**
 * Every top-level command, in the order `--help` lists them, each behind a dynamic import: a run
 * loads only the module of the command it names, so `check tool-call` never pays for the server
 * stack, SQLite, the prose analysers or the secret scanner.
 */
export const COMMANDS: ReadonlyArray<readonly [name: string, register: Registrar]> = [
  ['start', async (program, io) => (await import('./commands/start.js')).registerStart(program, io)],
  ['init', async (program, io) => (await import('./commands/init.js')).registerInit(program, io)],
  ['import', async (program, io) => (await import('./commands/import.js')).registerImport(program, io)],
  ['vfs', async (program, io) => (await import('./commands/vfs.js')).registerVfs(program, io)],
  ['audit', async (program, io) => (await import('./commands/audit.js')).registerAudit(program, io)],
  ['chat', async (program, io) => (await import('./commands/chat.js')).registerChat(program, io)],
  ['chat-issue', async (program, io) => (await import('./commands/chat.js')).registerChatIssue(program, io)],
  [
    'check',
    async (program, io) => {
      const [{ registerCheck }, { registerCheckEvidence }] = await Promise.all([import('./commands/check.js'), import('./commands/check-evidence.js')]);
      registerCheckEvidence(registerCheck(program, io), io);
    },
  ],
  ['conference', async (program, io) => (await import('./commands/conference.js')).registerConference(program, io)],
  ['tool', async (program, io) => (await import('./commands/tool.js')).registerTool(program, io)],
  ['traces', async (program, io) => (await import('./commands/traces.js')).registerTraces(program, io)],
  ['serve', async (program, io) => (await import('./commands/serve.js')).registerServe(program, io)],
  ['memory', async (program, io) => (await import('./commands/memory.js')).registerMemory(program, io)],
  ['models', async (program, io) => (await import('./commands/models.js')).registerModels(program, io)],
  ['audio', async (program, io) => (await import('./commands/audio.js')).registerAudio(program, io)],
  ['canon', async (program, io) => (await import('./commands/canon.js')).registerCanon(program, io)],
  ['runs', async (program, io) => (await import('./commands/runs.js')).registerRuns(program, io)],
  ['task', async (program, io) => (await import('./commands/task.js')).registerTask(program, io)],
  ['confirm', async (program, io) => (await import('./commands/confirm.js')).registerConfirm(program, io)],
  ['state', async (program, io) => (await import('./commands/state.js')).registerState(program, io)],
  ['flags', async (program, io) => (await import('./commands/flags.js')).registerFlags(program, io)],
  ['notifications', async (program, io) => (await import('./commands/notifications.js')).registerNotifications(program, io)],
  ['undo', async (program, io) => (await import('./commands/undo.js')).registerUndo(program, io)],
  ['mcp', async (program, io) => (await import('./commands/mcp.js')).registerMcp(program, io, program.version() ?? '0.1.0')],
];

/** Program-wide options whose value is optional: a following word that is not a flag is their value. */
const OPTIONAL_VALUE_OPTIONS = new Set(['--otlp']);

/**
 * The top-level command an argument list names (as `process.argv`), or null when it names none the
 * table knows — `--help`, `help <command>`, no command, a misspelt one — and every command must be
 * registered for commander to list them or suggest the nearest.
 */
export function commandNamed(argv: readonly string[]): string | null {
  const words = argv.slice(2);
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    if (word === '--') return null;
    if (word.startsWith('-')) {
      if (OPTIONAL_VALUE_OPTIONS.has(word) && !(words[index + 1] ?? '-').startsWith('-')) index += 1;
      else if (word === '-h' || word === '--help' || word === '-V' || word === '--version') return null;
      continue;
    }
    return COMMANDS.some(([name]) => name === word) ? word : null;
  }
  return null;
}
