import { describe, expect, it } from 'vitest';
import { planFinish, type RoundProgress } from './plan-finish.js';

const open: RoundProgress = { round_id: 'r1', status: 'open', finishing: false, failed: null };

describe('planFinish', () => {
  it('plans a round.failed event for a failure that has none yet', () => {
    expect(planFinish(open, { status: 'failed', failure_code: 'llm.timeout' })).toEqual({
      status: 'failed',
      state_out: null,
      failure_code: 'llm.timeout',
      failure_reason: 'The round ended with llm.timeout.',
      failedEvent: {
        event_type: 'round.failed',
        payload: { failure_code: 'llm.timeout', failure_reason: 'The round ended with llm.timeout.' },
        status: 'failed',
        failure_code: 'llm.timeout',
        failure_reason: 'The round ended with llm.timeout.',
      },
    });
  });

  it('reuses the round’s own round.failed event', () => {
    const plan = planFinish({ ...open, failed: { failure_code: 'tool.budget', failure_reason: 'six calls' } }, { status: 'failed', state_out: 'default' });
    expect(plan).toMatchObject({ failure_code: 'tool.budget', failure_reason: 'six calls', failedEvent: null, state_out: 'default' });
  });

  it('lets partial go without a code, and adds the event when one is given', () => {
    expect(planFinish(open, { status: 'partial' })).toMatchObject({ failure_code: null, failedEvent: null });
    expect(planFinish(open, { status: 'partial', failure_code: 'user.cancelled' }).failedEvent?.event_type).toBe('round.failed');
  });

  it('refuses contradictions and closed rounds', () => {
    expect(() => planFinish(open, { status: 'failed' })).toThrow(expect.objectContaining({ code: 'trace_input_invalid' }));
    expect(() => planFinish(open, { status: 'ok', failure_reason: 'x' })).toThrow(expect.objectContaining({ code: 'trace_input_invalid' }));
    expect(() => planFinish(open, { status: 'open' as 'ok' })).toThrow(expect.objectContaining({ code: 'trace_input_invalid' }));
    expect(() => planFinish(open, { status: 'ok', state_out: 'asleep' as 'default' })).toThrow(expect.objectContaining({ code: 'trace_input_invalid' }));
    expect(() => planFinish({ ...open, status: 'ok' }, { status: 'ok' })).toThrow(expect.objectContaining({ code: 'trace_round_closed' }));
    expect(() => planFinish({ ...open, finishing: true }, { status: 'ok' })).toThrow(expect.objectContaining({ code: 'trace_round_closed' }));
  });
});
