import { UNCLEAR_INPUT_CODES, type ConversationNotice } from '../../protocol/index.js';
import { notificationKeys, quietly, settleQuietly, type Notifier } from '../notifications/index.js';
import { noticeText } from './turn-notice.js';

export interface TurnOutcome {
  /** The chat session or conference the turn or round belongs to. */
  conversationId: string;
  /** Who could not answer (an agent's name, or "The conference"). */
  agentName: string;
  notice: ConversationNotice | null;
  /** The app screen the conversation is on. */
  screen: 'chat' | 'conference';
}

const INPUT_FILTER_CODES: ReadonlySet<string> = new Set(UNCLEAR_INPUT_CODES);

/**
 * A turn or round that failed after its retries asks the writer a clarification question: it is
 * raised as a notification (one per conversation, the latest replacing the last), so it is seen
 * from any screen. A later turn that answers settles it. A message the input filter sent back at
 * once is not raised: no retry failed, and the writer is looking at the reply already.
 */
export async function notifyTurnOutcome(notifier: Notifier | undefined, outcome: TurnOutcome): Promise<void> {
  if (!notifier) return;
  const key = notificationKeys.conversation(outcome.conversationId);
  if (outcome.notice === null) return settleQuietly(notifier, key);
  if (INPUT_FILTER_CODES.has(outcome.notice.code)) return;
  await quietly(notifier, {
    kind: 'clarification',
    key,
    title: outcome.notice.kind === 'failure' ? `${outcome.agentName} could not answer after retrying` : `${outcome.agentName} needs a clarification`,
    detail: noticeText(outcome.notice),
    link: { screen: outcome.screen, id: outcome.conversationId },
  });
}
