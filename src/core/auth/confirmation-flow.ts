import { ControlRoomError } from '../../protocol/index.js';
import {
  AUTH_RULES,
  AUTH_SCHEMA_VERSION,
  type ConfirmationChannel,
  type ConfirmationListing,
  type ConfirmationRecord,
  type ConfirmationRequest,
} from '../../protocol/auth.js';

/** The question for answer `step` of `required`, from a template (no model involved). */
export function confirmationPrompt(summary: string, level: 3 | 4, step: number, required: 1 | 2): string {
  const count = required === 2 ? `Level ${level}: this needs two separate confirmations (this is ${step} of 2).` : `Level ${level}: this needs one confirmation.`;
  return `${count} Apply these changes? ${summary}`;
}

export interface NewConfirmation {
  confirmationId: string;
  taskId: string;
  chainId: string;
  conversationId: string;
  level: 3 | 4;
  summary: string;
  nowIso: string;
}

/** A pending request for an L3 (one answer) or L4 (two answers) chain. */
export function openConfirmation(input: NewConfirmation): ConfirmationRequest {
  const required = AUTH_RULES[input.level].confirmations as 1 | 2;
  return {
    schema_version: AUTH_SCHEMA_VERSION,
    confirmation_id: input.confirmationId,
    task_id: input.taskId,
    chain_id: input.chainId,
    conversation_id: input.conversationId,
    auth_level: input.level,
    required,
    summary: input.summary,
    prompt: confirmationPrompt(input.summary, input.level, 1, required),
    status: 'pending',
    records: [],
    step_token: null,
    created_at: input.nowIso,
    updated_at: input.nowIso,
  };
}

/** How many accepting answers a request has. */
export function acceptedCount(request: ConfirmationRequest): number {
  return request.records.filter((record) => record.confirmed).length;
}

/** A request without its step token, for lists (the API's and the CLI's). */
export function confirmationListing(request: ConfirmationRequest): ConfirmationListing {
  const { step_token: _token, ...listed } = request;
  return listed;
}

/** One answer as the caller sent it. */
export interface ConfirmationAnswerInput {
  accept: boolean;
  /** The token the first acceptance of an L4 request returned; only its second acceptance carries it. */
  stepToken?: string | null;
  /** The caller's id for this answer: sending it again replays the answer instead of adding one. */
  requestId?: string | null;
}

/** What an answer is: a new act to record, or the same act again (a replay, recorded nowhere). */
export type AnswerDecision = { kind: 'record' } | { kind: 'replay'; step: number };

/** Compares two tokens in time independent of where they first differ. */
function sameToken(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let index = 0; index < given.length; index += 1) difference |= given.charCodeAt(index) ^ expected.charCodeAt(index % Math.max(expected.length, 1));
  return difference === 0;
}

function tokenRefused(request: ConfirmationRequest, why: string): ControlRoomError {
  return new ControlRoomError('step_token_invalid', `Confirmation ${request.confirmation_id}: ${why} Nothing was recorded.`, { details: { confirmation_id: request.confirmation_id } });
}

/** Whether an answer says what a recorded one said: the same yes or no, with the same token or none. */
function sameAnswer(request: ConfirmationRequest, answer: ConfirmationAnswerInput, earlier: ConfirmationRecord): boolean {
  const token = answer.stepToken ?? null;
  // The second acceptance is the only answer that carried a token; any other carried none.
  const carried = earlier.step === 2 && earlier.confirmed ? request.step_token ?? null : null;
  const tokenMatches = token === null ? carried === null : carried !== null && sameToken(token, carried);
  return earlier.confirmed === answer.accept && tokenMatches;
}

/** The answer a request id named before: replayed when the body is the same, refused when it is not. */
function replayOfRequestId(request: ConfirmationRequest, answer: ConfirmationAnswerInput, earlier: ConfirmationRecord): AnswerDecision {
  if (!sameAnswer(request, answer, earlier)) {
    throw new ControlRoomError('confirmation_request_conflict', `The request id ${JSON.stringify(earlier.request_id)} already answered step ${earlier.step} of confirmation ${request.confirmation_id} differently; a new answer needs a new request id.`);
  }
  return { kind: 'replay', step: earlier.step };
}

/**
 * Decides what an answer is, without changing anything. Two answers count as two confirmations
 * only when they are separate acts: the first acceptance of an L4 request mints a step token and
 * the second must carry it. So the first answer sent again — a retry, a double click, two
 * concurrent copies — is a replay of step 1; the answer that closed the request sent again (the
 * same yes or no with the same token or none, or its request id) is a replay of it; any other
 * answer to a closed request throws `confirmation_closed`.
 * A token where none is expected, or the wrong one, throws `step_token_invalid`. A refusal needs no
 * token: saying no is always allowed while the request is open.
 */
export function decideAnswer(request: ConfirmationRequest, answer: ConfirmationAnswerInput): AnswerDecision {
  const token = answer.stepToken ?? null;
  const requestId = answer.requestId ?? null;
  const earlier = requestId === null ? undefined : request.records.find((record) => record.request_id === requestId);
  if (earlier) return replayOfRequestId(request, answer, earlier);
  const issued = request.step_token ?? null;
  const closing = request.status === 'pending' ? undefined : request.records.at(-1);
  if (closing && sameAnswer(request, answer, closing)) return { kind: 'replay', step: closing.step };
  if (request.status !== 'pending') {
    throw new ControlRoomError('confirmation_closed', `Confirmation ${request.confirmation_id} was already ${request.status}; it takes no more answers.`, {
      details: { status: request.status },
    });
  }
  if (!answer.accept) return { kind: 'record' };
  const accepted = acceptedCount(request);
  if (accepted === 0) {
    if (token !== null) throw tokenRefused(request, 'the first confirmation carries no step token.');
    return { kind: 'record' };
  }
  // An open request with one acceptance is an L4 request waiting for its second.
  if (token === null) return { kind: 'replay', step: 1 };
  if (issued === null || !sameToken(token, issued)) throw tokenRefused(request, 'this is not the step token its first confirmation returned.');
  return { kind: 'record' };
}

/** The outcome of one answer: the request after it, and the record added (none for a replay). */
export type AnsweredConfirmation =
  | { kind: 'recorded'; request: ConfirmationRequest; record: ConfirmationRecord }
  | { kind: 'replay'; request: ConfirmationRequest; step: number };

/**
 * Records one answer (after `decideAnswer`). A refusal closes the request; an acceptance counts
 * towards `required`, and the request is `confirmed` only when the last one arrives. The first
 * acceptance of a two-step request mints its step token with `mintStepToken`.
 */
export function answerConfirmation(
  request: ConfirmationRequest,
  answer: ConfirmationAnswerInput & { channel: ConfirmationChannel; nowIso: string; mintStepToken?: () => string },
): AnsweredConfirmation {
  const decision = decideAnswer(request, answer);
  if (decision.kind === 'replay') return { kind: 'replay', request, step: decision.step };
  const step = request.records.length + 1;
  const record: ConfirmationRecord = {
    schema_version: AUTH_SCHEMA_VERSION,
    confirmation_id: request.confirmation_id,
    chain_id: request.chain_id,
    command_id: null,
    auth_level: request.auth_level,
    summary: request.summary,
    prompt: request.prompt,
    response: answer.accept ? 'accept' : 'refuse',
    confirmed: answer.accept,
    step,
    timestamp: answer.nowIso,
    channel: answer.channel,
    request_id: answer.requestId ?? null,
  };
  const records = [...request.records, record];
  const accepted = records.filter((entry) => entry.confirmed).length;
  const status = !answer.accept ? 'refused' : accepted >= request.required ? 'confirmed' : 'pending';
  let stepToken = request.step_token ?? null;
  if (status === 'pending' && stepToken === null) {
    if (!answer.mintStepToken) throw new ControlRoomError('internal_error', 'A two-step confirmation needs a step token minter.', { fault: 'system' });
    stepToken = answer.mintStepToken();
  }
  const prompt = status === 'pending' ? confirmationPrompt(request.summary, request.auth_level, step + 1, request.required) : request.prompt;
  return { kind: 'recorded', request: { ...request, records, status, prompt, step_token: stepToken, updated_at: answer.nowIso }, record };
}
