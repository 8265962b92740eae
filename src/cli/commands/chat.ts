import type { Command } from 'commander';
import { openControlRoom } from '../../adapters/compose/index.js';
import { runChatTurn } from '../../core/loop/index.js';
import { chatAnswer } from '../../server/chat-answer.js';
import { chatTranscriptsOf } from '../../server/chat-transcripts.js';
import { saveChatAsIssue } from '../../server/save-chat-issue.js';
import { addClipFile } from '../add-clip-file.js';
import { emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';
import { parseStateOption } from '../state-option.js';

interface ChatOptions extends CommonOptions {
  agent?: string;
  session?: string;
  stream?: boolean;
  requireTool?: boolean;
  tools?: string;
  skipTools?: boolean;
  retries?: string;
  state?: string;
  audio?: string;
}

/** `control-room chat "<msg>" [--agent id]` — one grounded 1:1 turn with an agent. */
export function registerChat(program: Command, io: CliIo): void {
  program
    .command('chat')
    .description('ask one agent about the manuscript (a grounded 1:1 turn)')
    .argument('<message>', 'what to ask')
    .option('--agent <id>', 'agent id (default: chief)')
    .option('--session <id>', 'session id, to keep turns of one conversation together')
    .option('--stream', 'stream the answer as it is written')
    .option('--require-tool', 'the first reply must be a tool call')
    .option('--tools <ids>', 'comma-separated tool ids this turn may use')
    .option('--skip-tools', 'raw model call: no catalog, protocol or tool loop')
    .option('--retries <n>', 'structured retries after a rejected tool call (default 1)')
    .option('--state <state>', "switch the session's state at this turn: default, conversation, action or research")
    .option('--audio <file>', 'a voice clip that goes with this turn (stored, and linked to its trace round)')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (message: string, options: ChatOptions) => {
      const state = parseStateOption(options.state);
      const room = await openControlRoom(workspaceDir(options));
      try {
        const audioId = options.audio ? (await addClipFile(room.audio, options.audio)).audio_id : null;
        const live = Boolean(options.stream) && !options.json;
        const retries = options.retries === undefined ? undefined : Number(options.retries);
        const sessionId = options.session ?? `chat-${room.ids.uuidv7()}`;
        const agentId = options.agent ?? 'chief';
        // A message after clarifying questions answers them, as in the web app.
        const pendingAsks = options.session ? await chatTranscriptsOf(room.root).pendingAsks(sessionId, agentId) : [];
        const result = await runChatTurn(
          {
            message,
            sessionId,
            ...(options.agent ? { agentId: options.agent } : {}),
            ...(options.skipTools ? { skipTools: true } : {}),
            toolPolicy: {
              ...(options.tools ? { allowedTools: options.tools.split(',').map((tool) => tool.trim()).filter(Boolean) } : {}),
              ...(options.requireTool ? { requireTool: true } : {}),
            },
            ...(retries !== undefined && Number.isInteger(retries) && retries >= 0 ? { retries } : {}),
            ...(options.stream ? { stream: true } : {}),
            ...(state ? { state } : {}),
            ...(audioId ? { audioId } : {}),
            ...(pendingAsks.length > 0 ? { pendingAsks } : {}),
            onEvent: (event) => {
              if (live && event.type === 'delta') io.stdout(event.text);
            },
          },
          room.turnDependencies(),
        );
        if (live) io.stdout('\n');
        // The stable `--json` shape of SPEC §14, the same as the HTTP answer; kept like the server's turns, so the web
        // app shows the conversation and it can be saved as an issue.
        const answer = chatAnswer(result, sessionId);
        await chatTranscriptsOf(room.root).append({ sessionId, agentId, message, at: room.clock.nowIso(), result: answer });
        emit(io, options, answer, () =>
          [
            live ? '' : result.content,
            result.stopHook ? `\n[stop: ${result.stopHook}${result.rejections.length ? ` — ${result.rejections.map((r) => r.code).join(', ')}` : ''}]` : '',
            result.validation.ok ? '' : `\n[evidence not verified: ${result.validation.issues.map((issue) => issue.code).join(', ')}]`,
          ]
            .filter(Boolean)
            .join('\n'),
        );
      } finally {
        await room.close();
      }
    });
}

/** `control-room chat-issue <session> [--title t]` — save a 1:1 conversation as an issue, its receipts linked. */
export function registerChatIssue(program: Command, io: CliIo): void {
  program
    .command('chat-issue')
    .description('save a 1:1 conversation (from the CLI or the web app) as an issue, with the receipts its turns cite')
    .argument('<session>', 'the chat session id (chat --json prints it as sessionId)')
    .option('--title <title>', 'the issue title (default: the agent and the first message)')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (session: string, options: CommonOptions & { title?: string }) => {
      const room = await openControlRoom(workspaceDir(options));
      try {
        const title = options.title?.trim();
        const saved = await saveChatAsIssue(room, session, title === '' ? undefined : title);
        emit(io, options, saved, () => `saved as issue ${saved.issueId}: ${saved.title} (${saved.receipts} receipt${saved.receipts === 1 ? '' : 's'} linked)`);
      } finally {
        await room.close();
      }
    });
}
