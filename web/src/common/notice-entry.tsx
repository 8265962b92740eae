import type { ConversationNotice } from '../../../src/protocol/index.js';
import { Notice } from './notice.js';

/**
 * The one clear entry of a turn or round that could not answer: a question back when the message
 * could not be read, or what failed and what to do. Never a blank reply.
 */
export function NoticeEntry({ notice, testId }: { notice: ConversationNotice; testId?: string }) {
  if (notice.kind === 'clarification') {
    return (
      <Notice tone="info" title="Could you put that another way?" testId={testId}>
        <p>{notice.action}</p>
      </Notice>
    );
  }
  return (
    <Notice tone="bad" title="No answer this time" testId={testId}>
      <p>{notice.message}</p>
      <p>
        <strong>What to do:</strong> {notice.action}
      </p>
    </Notice>
  );
}
