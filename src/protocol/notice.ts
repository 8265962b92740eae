/**
 * The visible outcome of a turn or round that could not give an answer (the JSON tool-calling
 * reference's "spawn guarantee", for a writers' room): whatever went wrong, the conversation gets
 * one clear entry saying what happened and what to do — never a blank or a spinner left running.
 */
import { z } from 'zod';

export const NOTICE_KINDS = ['clarification', 'failure'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface ConversationNotice {
  /** `clarification`: the message needs rewording; `failure`: something broke after its retries. */
  kind: NoticeKind;
  /** The code of what happened: `input_keyboard_mash`, `model_unreachable`, `tool_call_rejected`, `internal_error` … */
  code: string;
  /** What happened, in the writer's words. */
  message: string;
  /** What to do about it. */
  action: string;
}

export const ConversationNoticeSchema = z.object({
  kind: z.enum(NOTICE_KINDS),
  code: z.string(),
  message: z.string(),
  action: z.string(),
});

/** The stop hook of a turn or round that failed after its retries (its notice says why). */
export const STOP_HOOK_TURN_FAILED = 'turn_failed';
