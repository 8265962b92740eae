import { afterEach, describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../protocol/index.js';
import { findToolNonce } from '../../adapters/scripted-model/index.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const nonceOf = (request: ModelRequest): string => findToolNonce(request.messages) ?? '';

async function conferenceWith(attendees: string[]): Promise<string> {
  const response = await fixture!.send('POST', '/api/conferences', { attendees });
  return ((await response.json()) as { id: string }).id;
}

describe('POST /api/conferences/{id}/rounds with a tool policy', () => {
  it('requires a call in phase 1: the prompt says so and the envelope schema of the allowed tools is sent', async () => {
    fixture = await openRouteFixture({
      script: [
        (request) => ({ content: JSON.stringify({ tool: 'outline_analyzer', args: {}, nonce: nonceOf(request) }) }),
        (request) => ({ content: JSON.stringify({ action: 'final', nonce: nonceOf(request) }) }),
        { content: 'ABSTAIN' },
        { content: 'ABSTAIN' },
      ],
    });
    const id = await conferenceWith(['editor']);
    const response = await fixture.send('POST', `/api/conferences/${id}/rounds`, { message: 'How many acts are there?', toolPolicy: { requireTool: true, allowedTools: ['outline_analyzer', 'file_reader'] } });
    expect(response.status).toBe(200);
    const round = (await response.json()) as { receipts: string[]; rejections: unknown[] };
    expect(round.rejections).toEqual([]);
    expect(round.receipts).toHaveLength(1);
    const first = fixture.scripted!.requests[0]!;
    expect(first.messages[0]!.content).toContain('TOOL_CALL_REQUIRED: true');
    expect(first.messages[0]!.content).not.toContain('- prose_analyzer(');
    const schema = first.responseFormat?.json_schema;
    expect(schema?.name).toBe('tool_call_envelope');
    expect((schema?.schema as { properties: { tool: { enum: string[] } } }).properties.tool.enum).toEqual(['file_reader', 'outline_analyzer']);
  });

  it('refuses a call to a tool the policy leaves out, and an unknown tool name in the policy', async () => {
    fixture = await openRouteFixture({
      script: [(request) => ({ content: JSON.stringify({ tool: 'prose_analyzer', args: { scene_path: 'Story/a.md' }, nonce: nonceOf(request) }) }), (request) => ({ content: JSON.stringify({ tool: 'prose_analyzer', args: { scene_path: 'Story/a.md' }, nonce: nonceOf(request) }) })],
    });
    const id = await conferenceWith([]);
    const round = (await (await fixture.send('POST', `/api/conferences/${id}/rounds`, { message: 'Check the pacing.', toolPolicy: { requireTool: true, allowedTools: ['outline_analyzer'] } })).json()) as { receipts: string[]; rejections: Array<{ code: string }> };
    expect(round.receipts).toEqual([]);
    expect(round.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_unknown_tool', 'tool_call_unknown_tool']);
    const unknown = await fixture.send('POST', `/api/conferences/${id}/rounds`, { message: 'Check the pacing.', toolPolicy: { allowedTools: ['file_writer'] } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { code: 'usage_error' } });
  });

  it('returns the round’s retries with their reasons', async () => {
    fixture = await openRouteFixture({
      script: [
        { content: JSON.stringify({ tool: 'outline_analyzer', args: {}, nonce: 'guessed' }) },
        (request) => ({ content: JSON.stringify({ tool: 'outline_analyzer', args: {}, nonce: nonceOf(request) }) }),
        (request) => ({ content: JSON.stringify({ action: 'final', nonce: nonceOf(request) }) }),
        { content: 'ABSTAIN' },
      ],
    });
    const id = await conferenceWith([]);
    const round = (await (await fixture.send('POST', `/api/conferences/${id}/rounds`, { message: 'How many acts?', toolPolicy: { requireTool: true } })).json()) as { receipts: string[]; retries: unknown[] };
    expect(round.receipts).toHaveLength(1);
    expect(round.retries).toEqual([{ kind: 'output', code: 'tool_call_nonce_invalid', target: 'outline_analyzer' }]);
  });
});
