import { describe, expect, it } from 'vitest';
import { ConfirmationRequestSchema } from '../../protocol/auth.js';
import { acceptedCount, answerConfirmation, openConfirmation } from './confirmation-flow.js';

const open = (level: 3 | 4) =>
  openConfirmation({ confirmationId: 'cfm_1', taskId: 'task_1', chainId: 'chain_1', conversationId: 'tasks', level, summary: 'delete Story/a.md.', nowIso: '2025-01-01T00:00:00.000Z' });
const at = (second: number) => `2025-01-01T00:00:0${second}.000Z`;

describe('confirmation flow', () => {
  it('an L3 request is confirmed by one acceptance', () => {
    const { request, record } = answerConfirmation(open(3), { accept: true, channel: 'text', nowIso: at(1) });
    expect(request.status).toBe('confirmed');
    expect(record).toMatchObject({ step: 1, response: 'accept', confirmed: true, auth_level: 3, channel: 'text' });
    expect(ConfirmationRequestSchema.safeParse(request).success).toBe(true);
  });

  it('an L4 request needs two acceptances, each a separate answer, and its prompt names the step', () => {
    const pending = open(4);
    expect(pending.required).toBe(2);
    expect(pending.prompt).toContain('1 of 2');
    const first = answerConfirmation(pending, { accept: true, channel: 'ui', nowIso: at(1) }).request;
    expect(first.status).toBe('pending');
    expect(acceptedCount(first)).toBe(1);
    expect(first.prompt).toContain('2 of 2');
    const second = answerConfirmation(first, { accept: true, channel: 'ui', nowIso: at(2) }).request;
    expect(second.status).toBe('confirmed');
    expect(second.records.map((record) => record.step)).toEqual([1, 2]);
  });

  it('a refusal at any step closes the request, and a closed request takes no answers', () => {
    const first = answerConfirmation(open(4), { accept: true, channel: 'text', nowIso: at(1) }).request;
    const refused = answerConfirmation(first, { accept: false, channel: 'text', nowIso: at(2) }).request;
    expect(refused.status).toBe('refused');
    expect(() => answerConfirmation(refused, { accept: true, channel: 'text', nowIso: at(3) })).toThrow(expect.objectContaining({ code: 'confirmation_closed' }));
  });
});
