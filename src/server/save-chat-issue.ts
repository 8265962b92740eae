import { ControlRoomError } from '../protocol/index.js';
import { chatIssue } from '../core/issues/index.js';
import type { ControlRoom } from '../adapters/compose/index.js';
import { chatTranscriptsOf } from './chat-transcripts.js';

/** What saving a conversation as an issue made: the issue, its title and the receipts linked. */
export interface SavedChatIssue {
  issueId: string;
  title: string;
  receipts: number;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * "Create issue from chat": a 1:1 conversation's transcript saved as an issue tagged chat, with
 * every receipt its turns cite linked into the issue's audit folder. One function for the HTTP
 * route and the CLI, so both save the same issue.
 */
export async function saveChatAsIssue(room: ControlRoom, sessionId: string, title?: string): Promise<SavedChatIssue> {
  const turns = await chatTranscriptsOf(room.root).turns(sessionId);
  if (turns.length === 0) {
    throw new ControlRoomError('chat_session_not_found', `No chat session ${sessionId} with a finished turn. List them with GET /api/chat/sessions.`);
  }
  const agentId = turns[0]!.agentId;
  const agentName = room.agents.find((agent) => agent.id === agentId)?.name ?? agentId;
  const issue = await room.issues.create(
    chatIssue({
      sessionId,
      agentName,
      ...(title ? { title } : {}),
      turns: turns.map((turn) => ({
        message: turn.message,
        at: turn.at,
        content: text(turn.result['content']),
        evidence: text(turn.result['evidence']) || null,
        receipts: Array.isArray(turn.result['receipts']) ? turn.result['receipts'].filter((receipt): receipt is string => typeof receipt === 'string') : [],
      })),
    }),
  );
  const receiptIds = issue.receiptIds ?? [];
  // The receipts live in the session's log only when its turns looked something up.
  const linked = receiptIds.length > 0 && (await room.auditLog.sessions()).includes(sessionId) ? (await room.auditLog.linkToIssue(sessionId, issue.id, receiptIds)).linked : 0;
  return { issueId: issue.id, title: issue.title, receipts: linked };
}
