import { isControlRoomError, type ConversationNotice } from '../../protocol/index.js';
import type { InputVerdict } from '../input/index.js';

/** The notice of a message the input filter refused: its clarification question is the whole entry. */
export function unclearInputNotice(verdict: Extract<InputVerdict, { ok: false }>): ConversationNotice {
  return { kind: 'clarification', code: verdict.code, message: verdict.message, action: verdict.clarification };
}

const MODEL_ACTIONS: Readonly<Record<string, string>> = {
  model_unreachable: 'Is the model server running and the model loaded? Start it (or pick another in Models), then send the message again.',
  model_timeout: 'Send the message again; if it keeps timing out, choose a smaller model in Models or give the server more time.',
  model_http_error: 'Check the model name and API key in Models, then send the message again.',
  model_bad_response: 'Send the message again, or choose another model in Models.',
  model_empty_response: 'Send the message again, or choose another model in Models.',
  model_not_configured: 'Choose a model server and model in Models (or set CONTROL_ROOM_LLM_BASE_URL and CONTROL_ROOM_LLM_MODEL), then send the message again.',
};

/**
 * The notice of a turn or round that failed after its retries: what failed, in the writer's words,
 * and what to do. Model failures name the model's problem; anything else points at the round's trace.
 */
export function failureNotice(error: unknown): ConversationNotice {
  const code = isControlRoomError(error) ? error.code : 'internal_error';
  const detail = error instanceof Error ? error.message : String(error);
  // Too long for the model's window: the error itself names the setting to change.
  if (code === 'model_context_exceeded') return { kind: 'failure', code, message: detail, action: 'Then ask me again.' };
  const action = MODEL_ACTIONS[code];
  if (action) return { kind: 'failure', code, message: `I couldn't get an answer from the model (${code}).`, action };
  return {
    kind: 'failure',
    code,
    message: `Something went wrong on our side before an answer was ready (${code}).`,
    action: 'Send the message again. If it keeps failing, the trace of this round in Dev Tools shows where it stopped.',
  };
}

/** A notice as the one entry a writer reads. */
export function noticeText(notice: ConversationNotice): string {
  return notice.kind === 'clarification' ? notice.action : `${notice.message} ${notice.action}`;
}
