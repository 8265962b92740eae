import { afterEach, describe, expect, it } from 'vitest';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

interface Telemetry {
  totals: Record<string, number>;
  agents: Record<string, Record<string, number>>;
  conferences: Record<string, Record<string, number>>;
  sessions: Record<string, Record<string, number>>;
  codes: Record<string, Record<string, number>>;
}

describe('GET /api/telemetry', () => {
  it('starts with every bucket at zero', async () => {
    fixture = await openRouteFixture();
    const response = await fixture.send('GET', '/api/telemetry');
    expect(response.status).toBe(200);
    const telemetry = (await response.json()) as Telemetry;
    expect(telemetry.totals).toEqual({ evidence_invalid: 0, quote_not_found: 0, tool_syntax: 0, cot_leak: 0, format_error: 0, absence_contradicted: 0, quote_out_of_context: 0, receipt_source_mismatch: 0 });
    expect(telemetry).toMatchObject({ agents: {}, conferences: {}, sessions: {}, codes: {} });
  });

  it('counts a conference reply whose quote is not in the file, in total, per agent, conference and session', async () => {
    const invented = { content: 'The outline opens at sea.\nEvidence: content | Story/SCN-outline.md | "the storm broke over the harbour wall"' };
    // Phase 1 answers in prose (no lookups); phase 2 invents a quote twice (the reply and its one retry).
    fixture = await openRouteFixture({ script: [{ content: 'Nothing to look up.' }, invented, invented] });
    const conference = (await (await fixture.send('POST', '/api/conferences', { attendees: [] })).json()) as { id: string };
    const round = (await (await fixture.send('POST', `/api/conferences/${conference.id}/rounds`, { message: 'How does the book open?' })).json()) as { entries: Array<{ status: string }> };
    expect(round.entries.map((entry) => entry.status)).toEqual(['rejected']);
    const telemetry = (await (await fixture.send('GET', '/api/telemetry')).json()) as Telemetry;
    expect(telemetry.totals['quote_not_found']).toBe(2);
    expect(telemetry.agents['chief']?.['quote_not_found']).toBe(2);
    expect(telemetry.conferences[conference.id]?.['quote_not_found']).toBe(2);
    expect(telemetry.sessions[conference.id]?.['quote_not_found']).toBe(2);
    expect(telemetry.codes[conference.id]).toMatchObject({ quote_not_found: 2 });
  });
});

describe('POST /api/telemetry/conference', () => {
  it('counts a reply a client checked itself in its buckets, tagged with the conference and agent, and ignores codes no bucket counts', async () => {
    fixture = await openRouteFixture();
    const conference = (await (await fixture.send('POST', '/api/conferences', { attendees: ['continuity'] })).json()) as { id: string };
    const reported = await fixture.send('POST', '/api/telemetry/conference', { conferenceId: conference.id, agentId: 'continuity', codes: ['quote_not_found', 'tool_call_multiple', 'model_unavailable'] });
    expect(reported.status).toBe(200);
    expect(await reported.json()).toEqual({
      counted: [
        { bucket: 'quote_not_found', codes: ['quote_not_found'] },
        { bucket: 'tool_syntax', codes: ['tool_call_multiple'] },
      ],
      ignored: ['model_unavailable'],
    });
    const telemetry = (await (await fixture.send('GET', '/api/telemetry')).json()) as Telemetry;
    expect(telemetry.conferences[conference.id]).toMatchObject({ quote_not_found: 1, tool_syntax: 1 });
    expect(telemetry.agents['continuity']).toMatchObject({ quote_not_found: 1, tool_syntax: 1 });
  });

  it('refuses an unknown conference or agent, and codes that are not codes', async () => {
    fixture = await openRouteFixture();
    const conference = (await (await fixture.send('POST', '/api/conferences', { attendees: [] })).json()) as { id: string };
    expect((await fixture.send('POST', '/api/telemetry/conference', { conferenceId: 'conf-missing', agentId: 'chief', codes: ['quote_not_found'] })).status).toBe(404);
    expect((await fixture.send('POST', '/api/telemetry/conference', { conferenceId: conference.id, agentId: 'nobody', codes: ['quote_not_found'] })).status).toBe(404);
    for (const codes of [[], ['<script>'], Array.from({ length: 21 }, () => 'quote_not_found')]) {
      expect((await fixture.send('POST', '/api/telemetry/conference', { conferenceId: conference.id, agentId: 'chief', codes })).status).toBe(400);
    }
    expect((await fixture.send('POST', '/api/telemetry/conference', { conferenceId: '../x', agentId: 'chief', codes: ['quote_not_found'] })).status).toBe(400);
  });
});
