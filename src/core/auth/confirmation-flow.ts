import { ControlRoomError } from '../../protocol/index.js';
import {
  AUTH_RULES,
  AUTH_SCHEMA_VERSION,
  type ConfirmationChannel,
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
    created_at: input.nowIso,
    updated_at: input.nowIso,
  };
}

/** How many accepting answers a request has. */
export function acceptedCount(request: ConfirmationRequest): number {
  return request.records.filter((record) => record.confirmed).length;
}

/**
 * Records one answer. A refusal closes the request; an acceptance counts towards `required`, and
 * the request is `confirmed` only when the last one arrives, each from its own call. Answers to a
 * closed request throw `confirmation_closed`: a chain is applied or refused once.
 */
export function answerConfirmation(
  request: ConfirmationRequest,
  answer: { accept: boolean; channel: ConfirmationChannel; nowIso: string },
): { request: ConfirmationRequest; record: ConfirmationRecord } {
  if (request.status !== 'pending') {
    throw new ControlRoomError('confirmation_closed', `Confirmation ${request.confirmation_id} was already ${request.status}; it takes no more answers.`, {
      details: { status: request.status },
    });
  }
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
  };
  const records = [...request.records, record];
  const accepted = records.filter((entry) => entry.confirmed).length;
  const status = !answer.accept ? 'refused' : accepted >= request.required ? 'confirmed' : 'pending';
  const prompt = status === 'pending' ? confirmationPrompt(request.summary, request.auth_level, step + 1, request.required) : request.prompt;
  return { request: { ...request, records, status, prompt, updated_at: answer.nowIso }, record };
}
