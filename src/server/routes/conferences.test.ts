import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConferenceEntry, ConferenceRoundResult } from '../../protocol/index.js';
import { openRouteFixture, readEvents, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture;
beforeAll(async () => {
  // No script: the offline demo model plays every agent, through the real harness and evidence check.
  fixture = await openRouteFixture();
});
afterAll(async () => {
  await fixture.close();
});

interface ConferenceBody {
  id: string;
  attendees: string[];
  muted: string[];
  rounds: number;
  cards: Record<string, string>;
  transcript?: ConferenceRoundResult[];
}

async function start(attendees: string[]): Promise<ConferenceBody> {
  const response = await fixture.send('POST', '/api/conferences', { attendees });
  expect(response.status).toBe(200);
  return (await response.json()) as ConferenceBody;
}

describe('conference roster routes', () => {
  it('starts a conference with the Chief added first and every card set', async () => {
    const conference = await start(['line-editor', 'continuity', 'editor']);
    expect(conference.id).toMatch(/^conf-/);
    expect(conference.attendees).toEqual(['chief', 'editor', 'continuity', 'line-editor']);
    expect(conference.rounds).toBe(0);
    expect(conference.cards).toEqual({ chief: 'Moderator', editor: 'Participant', continuity: 'Participant', 'line-editor': 'Participant' });
    const read = (await (await fixture.send('GET', `/api/conferences/${conference.id}`)).json()) as ConferenceBody;
    expect(read).toMatchObject({ id: conference.id, attendees: conference.attendees, transcript: [] });
  });

  it('invites, mutes and removes attendees; the Chief can be neither removed (409) nor muted (409)', async () => {
    const { id } = await start(['editor']);
    const invited = (await (await fixture.send('POST', `/api/conferences/${id}/attendees`, { agentId: 'continuity' })).json()) as ConferenceBody;
    expect(invited.attendees).toEqual(['chief', 'editor', 'continuity']);
    const muted = (await (await fixture.send('PATCH', `/api/conferences/${id}/attendees/editor`, { muted: true })).json()) as ConferenceBody;
    expect(muted.cards['editor']).toBe('Muted');
    const removeChief = await fixture.send('DELETE', `/api/conferences/${id}/attendees/chief`);
    expect(removeChief.status).toBe(409);
    expect(await removeChief.json()).toMatchObject({ error: { code: 'chief_not_removable' } });
    const muteChief = await fixture.send('PATCH', `/api/conferences/${id}/attendees/chief`, { muted: true });
    expect(muteChief.status).toBe(409);
    expect(await muteChief.json()).toMatchObject({ error: { code: 'chief_not_mutable' } });
    const removed = (await (await fixture.send('DELETE', `/api/conferences/${id}/attendees/editor`)).json()) as ConferenceBody;
    expect(removed.attendees).toEqual(['chief', 'continuity']);
    const again = await fixture.send('DELETE', `/api/conferences/${id}/attendees/editor`);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: 'attendee_not_found' } });
  });

  it('answers 404 for unknown conferences and agents', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/conferences/conf-missing', undefined],
      ['POST', '/api/conferences/conf-missing/attendees', { agentId: 'editor' }],
      ['DELETE', '/api/conferences/conf-missing/attendees/editor', undefined],
      ['POST', '/api/conferences/conf-missing/rounds', { message: 'Hi' }],
      ['POST', '/api/conferences/conf-missing/rounds', { message: 'Hi', stream: true }],
    ] as const) {
      const response = await fixture.send(method, url, body);
      expect(response.status, url).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'conference_not_found' } });
    }
    const unknownAgent = await fixture.send('POST', '/api/conferences', { attendees: ['nobody'] });
    expect(unknownAgent.status).toBe(404);
    expect(await unknownAgent.json()).toMatchObject({ error: { code: 'agent_not_found' } });
  });

  it.each([
    ['an encoded ../../', 'GET', '/api/conferences/..%2f..%2fetc'],
    ['.control-room', 'GET', '/api/conferences/.control-room'],
    ['an absolute path', 'GET', '/api/conferences/%2Fetc%2Fpasswd'],
    ['a dotted agent id', 'DELETE', '/api/conferences/conf-x/attendees/.control-room'],
    ['an encoded agent path', 'DELETE', '/api/conferences/conf-x/attendees/..%2Fchief'],
  ])('refuses %s in a path parameter with 400', async (_label, method, url) => {
    const response = await fixture.send(method, url);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it.each([
    ['..', 'GET', '/api/conferences/..'],
    ['%2e%2e', 'GET', '/api/conferences/%2e%2e'],
    ['.. as the agent', 'DELETE', '/api/conferences/conf-x/attendees/..'],
  ])('resolves %s as a URL dot segment, which names no route (404 not_found)', async (_label, method, url) => {
    const response = await fixture.send(method, url);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('refuses bad bodies with the zod issues', async () => {
    const { id } = await start([]);
    for (const [url, body] of [
      ['/api/conferences', { attendees: 'editor' }],
      ['/api/conferences', { attendees: ['Not An Id'] }],
      [`/api/conferences/${id}/attendees`, {}],
      [`/api/conferences/${id}/rounds`, { message: 'Hi', extra: true }],
    ] as const) {
      const response = await fixture.send('POST', url, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = ((await response.json()) as { error: { code: string; issues: unknown[] } }).error;
      expect(error.code).toBe('invalid_request');
      expect(error.issues.length).toBeGreaterThan(0);
    }
  });
});

describe('conference rounds', () => {
  it('runs a round: the tools once, every agent answers or abstains, the round is archived and kept in the transcript', async () => {
    const { id } = await start(['editor', 'continuity', 'line-editor']);
    const response = await fixture.send('POST', `/api/conferences/${id}/rounds`, { message: 'Check scene 7 for continuity problems' });
    expect(response.status).toBe(200);
    const round = (await response.json()) as ConferenceRoundResult;
    expect(round.round).toBe(1);
    expect(round.toolExecutions).toBe(round.receipts.length);
    expect(round.receipts.length).toBeGreaterThan(0);
    expect(round.entries.map((entry) => [entry.agentId, entry.status])).toEqual([
      ['chief', 'responded'],
      ['editor', 'responded'],
      ['continuity', 'responded'],
      ['line-editor', 'abstained'],
    ]);
    for (const entry of round.entries.filter((candidate) => candidate.status === 'responded')) {
      expect(entry.issues).toEqual([]);
      expect(entry.evidence).toMatch(/^Evidence: content \|/);
      // The validator's whole report reaches the result: the line it read and where each quote lies.
      expect(entry.report).toMatchObject({ ok: true, type: 'content', line: entry.evidence, issues: [] });
      const cited = entry.report?.sources.map((source) => source.path) ?? [];
      expect(entry.report?.locations.length, entry.agentId).toBeGreaterThan(0);
      for (const location of entry.report?.locations ?? []) {
        expect(cited).toContain(location.path);
        expect(location.startLine).toBeGreaterThan(0);
        expect(location.endLine).toBeGreaterThanOrEqual(location.startLine);
      }
    }
    expect(round.cards).toMatchObject({ chief: 'Moderator', 'line-editor': 'Abstained' });
    const read = (await (await fixture.send('GET', `/api/conferences/${id}`)).json()) as ConferenceBody;
    expect(read.rounds).toBe(1);
    expect(read.cards['line-editor']).toBe('Abstained');
    expect(read.transcript?.map((past) => [past.round, past.message, past.issueId])).toEqual([[1, 'Check scene 7 for continuity problems', round.issueId]]);
    const issue = (await (await fixture.send('GET', `/api/issues/${round.issueId}`)).json()) as { issue: { title: string }; receipts: Array<{ receipt_id: string; verified: boolean }> };
    expect(issue.issue.title).toBe(`Conference ${id} — Turn 1`);
    expect(issue.receipts.map((receipt) => [receipt.receipt_id, receipt.verified])).toEqual(round.receipts.map((receipt) => [receipt, true]));
  });

  it('streams a round: phase 1, a receipt per tool run, phase 2, one entry per agent as it answers, then done', async () => {
    const { id } = await start(['continuity', 'line-editor']);
    const response = await fixture.send('POST', `/api/conferences/${id}/rounds`, { message: 'Check scene 9', stream: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readEvents(response);
    const names = events.map((event) => event.event);
    const firstEntry = names.indexOf('entry');
    expect(names[0]).toBe('phase');
    expect(events[0]!.data).toMatchObject({ phase: 1 });
    expect(names.slice(1, names.indexOf('phase', 1))).toEqual(names.slice(1, names.indexOf('phase', 1)).map(() => 'receipt'));
    expect(events[names.indexOf('phase', 1)]!.data).toMatchObject({ phase: 2 });
    expect(names.slice(firstEntry, firstEntry + 3)).toEqual(['entry', 'entry', 'entry']);
    expect(names.slice(-2)).toEqual(['closed', 'done']);
    const entries = events.filter((event) => event.event === 'entry').map((event) => event.data as ConferenceEntry & { card: string });
    expect(entries.map((entry) => [entry.agentId, entry.status, entry.card])).toEqual([
      ['chief', 'responded', 'Moderator'],
      ['continuity', 'responded', 'Participant'],
      ['line-editor', 'abstained', 'Abstained'],
    ]);
    const done = events.at(-1)!.data as ConferenceRoundResult;
    expect(done.entries).toEqual(entries.map(({ card: _card, ...entry }) => entry));
    const receiptEvents = events.filter((event) => event.event === 'receipt').map((event) => (event.data as { receiptId: string }).receiptId);
    expect(receiptEvents).toEqual(done.receipts);
  });
});
