import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoundEvent, RoundHeader } from '../../protocol/index.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture;
let roundIds: string[];
beforeAll(async () => {
  fixture = await openRouteFixture();
  roundIds = [];
  for (const sessionId of ['chat-traces-a', 'chat-traces-b']) {
    const response = await fixture.send('POST', '/api/ai/chat', { message: 'Check scene 3', sessionId });
    roundIds.push(((await response.json()) as { traceRoundId: string }).traceRoundId);
  }
});
afterAll(async () => {
  await fixture.close();
});

describe('GET /api/traces/rounds', () => {
  it('lists rounds newest first, by conversation and with a limit', async () => {
    const all = (await (await fixture.send('GET', '/api/traces/rounds')).json()) as { rounds: RoundHeader[] };
    expect(all.rounds.map((round) => round.round_id)).toEqual([...roundIds].reverse());
    const one = (await (await fixture.send('GET', '/api/traces/rounds?conversation=chat-traces-a')).json()) as { rounds: RoundHeader[] };
    expect(one.rounds.map((round) => [round.round_id, round.conversation_id, round.status])).toEqual([[roundIds[0], 'chat-traces-a', 'ok']]);
    const limited = (await (await fixture.send('GET', '/api/traces/rounds?limit=1')).json()) as { rounds: RoundHeader[] };
    expect(limited.rounds).toHaveLength(1);
  });

  it('refuses a bad limit', async () => {
    for (const url of ['/api/traces/rounds?limit=0', '/api/traces/rounds?limit=many', '/api/traces/rounds?since=yesterday']) {
      const response = await fixture.send('GET', url);
      expect(response.status, url).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } });
    }
  });
});

describe('GET /api/traces/rounds/{id}', () => {
  it('answers one round with its events in order', async () => {
    const response = await fixture.send('GET', `/api/traces/rounds/${roundIds[0]}`);
    expect(response.status).toBe(200);
    const { round, events } = (await response.json()) as { round: RoundHeader; events: RoundEvent[] };
    expect(round.round_id).toBe(roundIds[0]);
    expect(events.map((event) => event.event_seq)).toEqual(events.map((_event, index) => index + 1));
    expect(events[0]?.event_type).toBe('input.received');
    expect(events.map((event) => event.event_type)).toContain('tool.response');
  });

  it('answers 404 for an unknown round and 400 for ids that name paths', async () => {
    const missing = await fixture.send('GET', '/api/traces/rounds/01900000-0000-7000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'trace_round_not_found' } });
    for (const url of ['/api/traces/rounds/..%2Ftraces.db', '/api/traces/rounds/.control-room', '/api/traces/rounds/%2Fetc%2Fpasswd']) {
      const response = await fixture.send('GET', url);
      expect(response.status, url).toBe(400);
    }
  });
});

describe('GET /api/traces/export', () => {
  it('exports every round with its events as JSON lines', async () => {
    const response = await fixture.send('GET', '/api/traces/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = (await response.text()).split('\n').filter(Boolean);
    const exported = lines.map((line) => JSON.parse(line) as { round: RoundHeader; events: RoundEvent[] });
    expect(exported.map((traced) => traced.round.round_id)).toEqual(roundIds);
    expect(exported.every((traced) => traced.events.length > 0)).toBe(true);
  });
});
