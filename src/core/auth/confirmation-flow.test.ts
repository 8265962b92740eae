import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ConfirmationRequestSchema, type ConfirmationRequest } from '../../protocol/auth.js';
import { acceptedCount, answerConfirmation, confirmationListing, decideAnswer, openConfirmation, type ConfirmationAnswerInput } from './confirmation-flow.js';

const open = (level: 3 | 4) =>
  openConfirmation({ confirmationId: 'cfm_1', taskId: 'task_1', chainId: 'chain_1', conversationId: 'tasks', level, summary: 'delete Story/a.md.', nowIso: '2025-01-01T00:00:00.000Z' });
const at = (second: number) => `2025-01-01T00:00:0${second}.000Z`;
let minted = 0;
const mintStepToken = () => `stp_token_${++minted}`;

/** Answers and expects a new record. */
function record(request: ConfirmationRequest, answer: ConfirmationAnswerInput, second = 1): ConfirmationRequest {
  const answered = answerConfirmation(request, { ...answer, channel: 'ui', nowIso: at(second), mintStepToken });
  expect(answered.kind).toBe('recorded');
  return answered.request;
}

describe('confirmation flow', () => {
  it('an L3 request is confirmed by one acceptance, with no step token', () => {
    const answered = answerConfirmation(open(3), { accept: true, channel: 'text', nowIso: at(1), mintStepToken });
    if (answered.kind !== 'recorded') throw new Error('expected a record');
    expect(answered.request.status).toBe('confirmed');
    expect(answered.request.step_token).toBeNull();
    expect(answered.record).toMatchObject({ step: 1, response: 'accept', confirmed: true, auth_level: 3, channel: 'text', request_id: null });
    expect(ConfirmationRequestSchema.safeParse(answered.request).success).toBe(true);
  });

  it('an L4 request needs two acceptances: the first mints a step token, only the second carries it', () => {
    const pending = open(4);
    expect(pending.required).toBe(2);
    expect(pending.prompt).toContain('1 of 2');
    const first = record(pending, { accept: true });
    expect(first.status).toBe('pending');
    expect(acceptedCount(first)).toBe(1);
    expect(first.prompt).toContain('2 of 2');
    expect(first.step_token).toMatch(/^stp_token_/);
    const second = record(first, { accept: true, stepToken: first.step_token! }, 2);
    expect(second.status).toBe('confirmed');
    expect(second.records.map((entry) => entry.step)).toEqual([1, 2]);
  });

  it('the first acceptance sent again — without the token — is a replay of step 1, never the second', () => {
    const first = record(open(4), { accept: true });
    for (const again of [{ accept: true }, { accept: true, requestId: 'other-id' }, { accept: true, stepToken: null }]) {
      const answered = answerConfirmation(first, { ...again, channel: 'ui', nowIso: at(2), mintStepToken });
      expect(answered).toMatchObject({ kind: 'replay', step: 1 });
      expect(answered.request).toBe(first);
    }
  });

  it('refuses a wrong, foreign or early step token and records nothing', () => {
    const first = record(open(4), { accept: true });
    const other = record({ ...open(4), confirmation_id: 'cfm_2' }, { accept: true });
    const wrong = [`${first.step_token}x`, first.step_token!.slice(0, -1), other.step_token!, '', ' ', first.step_token!.toUpperCase()];
    for (const stepToken of wrong) {
      expect(() => decideAnswer(first, { accept: true, stepToken }), JSON.stringify(stepToken)).toThrow(expect.objectContaining({ code: 'step_token_invalid' }));
    }
    // A token before the first acceptance, or on an L3 request, is never right.
    expect(() => decideAnswer(open(4), { accept: true, stepToken: first.step_token! })).toThrow(expect.objectContaining({ code: 'step_token_invalid' }));
    expect(() => decideAnswer(open(3), { accept: true, stepToken: 'stp_anything' })).toThrow(expect.objectContaining({ code: 'step_token_invalid' }));
  });

  it('no sequence of token-less acceptances, in any number, confirms an L4 request', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: null }), { minLength: 1, maxLength: 12 }), (requestIds) => {
        let request = open(4);
        for (const requestId of requestIds) {
          const answered = answerConfirmation(request, { accept: true, requestId, channel: 'ui', nowIso: at(1), mintStepToken });
          request = answered.request;
        }
        expect(request.status).toBe('pending');
        expect(acceptedCount(request)).toBe(1);
      }),
    );
  });

  it('the closing answer sent again (its token or its request id) is a replay; any other answer is refused as closed', () => {
    const first = record(open(4), { accept: true, requestId: 'r1' });
    const token = first.step_token!;
    const confirmed = record(first, { accept: true, stepToken: token, requestId: 'r2' }, 2);
    expect(decideAnswer(confirmed, { accept: true, stepToken: token })).toEqual({ kind: 'replay', step: 2 });
    expect(decideAnswer(confirmed, { accept: true, stepToken: token, requestId: 'r2' })).toEqual({ kind: 'replay', step: 2 });
    expect(decideAnswer(confirmed, { accept: true, requestId: 'r1' })).toEqual({ kind: 'replay', step: 1 });
    expect(() => decideAnswer(confirmed, { accept: true })).toThrow(expect.objectContaining({ code: 'confirmation_closed' }));
    expect(() => decideAnswer(confirmed, { accept: true, requestId: 'r3' })).toThrow(expect.objectContaining({ code: 'confirmation_closed' }));
    expect(() => decideAnswer(confirmed, { accept: false, stepToken: token })).toThrow(expect.objectContaining({ code: 'confirmation_closed' }));
  });

  it('an L3 or refused request answered the same way again is a replay; a different answer is refused as closed', () => {
    const confirmed = record(open(3), { accept: true });
    expect(decideAnswer(confirmed, { accept: true })).toEqual({ kind: 'replay', step: 1 });
    expect(decideAnswer(confirmed, { accept: true, requestId: 'another-click' })).toEqual({ kind: 'replay', step: 1 });
    expect(() => decideAnswer(confirmed, { accept: false })).toThrow(expect.objectContaining({ code: 'confirmation_closed' }));
    expect(() => decideAnswer(confirmed, { accept: true, stepToken: 'stp_x' })).toThrow(expect.objectContaining({ code: 'confirmation_closed' }));
    const refused = record(record(open(4), { accept: true }), { accept: false }, 2);
    expect(decideAnswer(refused, { accept: false })).toEqual({ kind: 'replay', step: 2 });
    expect(() => decideAnswer(refused, { accept: true, stepToken: refused.step_token! })).toThrow(expect.objectContaining({ code: 'confirmation_closed' }));
  });

  it('a request id is one answer: reusing it for a different answer is a conflict', () => {
    const first = record(open(4), { accept: true, requestId: 'click-1' });
    expect(() => decideAnswer(first, { accept: true, requestId: 'click-1', stepToken: first.step_token! })).toThrow(expect.objectContaining({ code: 'confirmation_request_conflict' }));
    expect(() => decideAnswer(first, { accept: false, requestId: 'click-1' })).toThrow(expect.objectContaining({ code: 'confirmation_request_conflict' }));
    expect(decideAnswer(first, { accept: true, requestId: 'click-1' })).toEqual({ kind: 'replay', step: 1 });
  });

  it('a refusal at any step closes the request without a token, and a closed request takes no answers', () => {
    const first = record(open(4), { accept: true });
    const refused = record(first, { accept: false }, 2);
    expect(refused.status).toBe('refused');
    expect(() => answerConfirmation(refused, { accept: true, channel: 'text', nowIso: at(3), stepToken: first.step_token! })).toThrow(expect.objectContaining({ code: 'confirmation_closed' }));
  });

  it('lists never show the step token', () => {
    const first = record(open(4), { accept: true });
    expect(JSON.stringify(confirmationListing(first))).not.toContain(first.step_token!);
  });
});
