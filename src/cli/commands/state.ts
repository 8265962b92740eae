import type { Command } from 'commander';
import { JsonConversationStateStore } from '../../adapters/json-task-store/index.js';
import { requireWorkspaceRoot } from '../../adapters/fs-workspace/index.js';
import { systemClock } from '../../adapters/system/index.js';
import { ConversationStates, statePolicy, type StateView } from '../../core/state/index.js';
import { emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';
import { parseStateOption } from '../state-option.js';

function describe(view: StateView): string {
  const { label, description } = statePolicy(view.state);
  const lines = [`${view.conversationId}: ${label} — ${description}`];
  if (view.pending) lines.push(`  switching to ${statePolicy(view.pending).label} at the next round boundary${view.roundOpen ? ' (a round is running now)' : ''}`);
  return lines.join('\n');
}

/** `control-room state <conversation> [state]` — see a conversation's state, or ask for a change at the next round. */
export function registerState(program: Command, io: CliIo): void {
  program
    .command('state')
    .description("a chat session's or conference's state (default, conversation, action, research); a change applies at the next round")
    .argument('<conversation>', 'a chat session id or a conference id')
    .argument('[state]', 'the state to switch to')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (conversation: string, wanted: string | undefined, options: CommonOptions) => {
      const next = parseStateOption(wanted);
      const states = new ConversationStates(new JsonConversationStateStore(await requireWorkspaceRoot(workspaceDir(options))), systemClock);
      const view = next ? await states.requestChange(conversation, next) : await states.current(conversation);
      emit(io, options, view, () => describe(view));
    });
}
