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

describe('GET /api/telemetry/channels', () => {
  it('reports per channel and per model what real turns did', async () => {
    fixture = await openRouteFixture({
      script: [
        { content: 'Sure! I will look: outline_analyzer()' },
        (request) => ({ content: JSON.stringify({ tool: 'outline_analyzer', args: {}, nonce: nonce(request) }) }),
        (request) => ({ content: JSON.stringify({ action: 'final', nonce: nonce(request) }) }),
        { content: 'Three acts.' },
        { toolCalls: [{ name: 'outline_analyzer', arguments: {} }] },
      ],
    });
    const first = await fixture.send('POST', '/api/ai/chat', { message: 'How many acts?', toolPolicy: { requireTool: true } });
    expect(first.status).toBe(200);
    const response = await fixture.send('GET', '/api/telemetry/channels');
    expect(response.status).toBe(200);
    const metrics = (await response.json()) as { rounds: number; channels: Record<string, { accepted: number; rejected: number; jsonParseErrors: number; successRate: number | null; latencyMs: { p50: number | null } }>; models: Record<string, { replies: number }> };
    expect(metrics.rounds).toBe(1);
    expect(metrics.channels['text']).toMatchObject({ accepted: 0, rejected: 1, jsonParseErrors: 1, successRate: 0 });
    expect(metrics.channels['json']).toMatchObject({ accepted: 2, rejected: 0, successRate: 1 });
    expect(metrics.channels['json']!.latencyMs.p50).not.toBeNull();
    // Four replies of the tool phase and answer, and one after the evidence check asked for a correction.
    expect(metrics.models['scripted-route-model']!.replies).toBe(5);
    expect((await fixture.send('GET', '/api/telemetry/channels?limit=0')).status).toBe(400);
  });
});
