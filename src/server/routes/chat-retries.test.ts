import { afterEach, describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../protocol/index.js';
import { findToolNonce } from '../../adapters/scripted-model/index.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const nonce = (request: ModelRequest): string => findToolNonce(request.messages) ?? '';

/** A turn whose first tool call carries a guessed nonce (refused, then asked again) and whose model times out once. */
const refusedThenTimedOut = () => [
  { content: JSON.stringify({ tool: 'outline_analyzer', args: {}, nonce: 'guessed' }) },
  { error: 'model_timeout' as const },
  (request: ModelRequest) => ({ content: JSON.stringify({ tool: 'outline_analyzer', args: {}, nonce: nonce(request) }) }),
  (request: ModelRequest) => ({ content: JSON.stringify({ action: 'final', nonce: nonce(request) }) }),
  { content: 'Three acts.' },
  { content: 'Three acts.' },
];

describe('POST /api/ai/chat and retries', () => {
  it('returns every retry of the turn with its reason', async () => {
    fixture = await openRouteFixture({
      script: refusedThenTimedOut(),
    });
    const response = await fixture.send('POST', '/api/ai/chat', { message: 'How many acts?', toolPolicy: { requireTool: true } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { receipts: string[]; traceRoundId: string; retries: Array<{ kind: string; code: string; target: string }> };
    expect(body.receipts).toHaveLength(1);
    expect(body.retries).toEqual([
      { kind: 'output', code: 'tool_call_nonce_invalid', target: 'outline_analyzer' },
      { kind: 'model', code: 'model_timeout', target: 'scripted-route-model' },
    ]);
    // The refused call is counted in the rejection telemetry, as a conference round's are.
    const telemetry = (await (await fixture.send('GET', '/api/telemetry')).json()) as { totals: Record<string, number>; agents: Record<string, Record<string, number>> };
    expect(telemetry.totals['format_error']).toBe(1);
    expect(telemetry.agents['chief']?.['format_error']).toBe(1);
    // The call sent again after the timeout is its own llm.request, naming the attempt and why.
    const round = await fixture.room.traces.getRound(body.traceRoundId);
    const resent = round?.events.filter((event) => event.event_type === 'llm.request' && event.payload.resent_after !== undefined);
    expect(resent?.map((event) => [event.payload.resent_after, event.payload.attempt, event.payload.fallback])).toEqual([['model_timeout', 2, false]]);
  });

  it('counts no refused call in the telemetry when the chatTelemetry flag is off', async () => {
    fixture = await openRouteFixture({ script: refusedThenTimedOut(), flags: { chatTelemetry: false } });
    const response = await fixture.send('POST', '/api/ai/chat', { message: 'How many acts?', toolPolicy: { requireTool: true } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { rejections: Array<{ code: string }> };
    expect(body.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_nonce_invalid']);
    const telemetry = (await (await fixture.send('GET', '/api/telemetry')).json()) as { totals: Record<string, number>; agents: Record<string, Record<string, number>> };
    expect(telemetry.totals['format_error'] ?? 0).toBe(0);
    expect(telemetry.agents['chief']).toBeUndefined();
  });
});
