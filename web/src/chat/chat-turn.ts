/** One exchange of a 1:1 chat, as it streams in and once it is done. */
import type { ChatResult } from '../api/index.js';

export interface ChatTurn {
  id: number;
  agentId: string;
  message: string;
  /** The answer's text so far (the final content once done). */
  text: string;
  status: 'streaming' | 'done' | 'failed';
  receipts: string[];
  rejections: string[];
  result: ChatResult | null;
  error: string | null;
}

export interface Conversation {
  sessionId: string | null;
  turns: ChatTurn[];
}

/** What to tell the writer about a stop hook, in words. */
export function stopHookMessage(result: ChatResult): string | null {
  if (!result.stopHook) return null;
  const codes = [...new Set(result.rejections.map((rejection) => rejection.code))];
  if (result.stopHook === 'tool_call_rejected') {
    return `The model's request to look something up was refused${codes.length ? ` (${codes.join(', ')})` : ''}, so nothing was run and the reply was stopped.`;
  }
  if (result.stopHook === 'model_unavailable') return 'The model could not be reached, so the reply was stopped. Your message is back in the box to send again.';
  return `The reply was stopped (${result.stopHook}).`;
}
