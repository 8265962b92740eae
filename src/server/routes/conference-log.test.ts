import { promises as fs } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConferenceRoundResult } from '../../protocol/index.js';
import { conferenceLogPath } from '../../adapters/json-conference-store/index.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

describe('the conference log', () => {
  it('keeps each round of a conference as Markdown, with the replies and the model calls raw from the trace', async () => {
    fixture = await openRouteFixture();
    const { id } = (await (await fixture.send('POST', '/api/conferences', { attendees: ['editor', 'line-editor'] })).json()) as { id: string };
    const first = (await (await fixture.send('POST', `/api/conferences/${id}/rounds`, { message: 'Check scene 7 for continuity problems' })).json()) as ConferenceRoundResult;
    await fixture.send('POST', `/api/conferences/${id}/rounds`, { message: '```\nasdfgh jkl;```' });
    const log = await fs.readFile(conferenceLogPath(fixture.room.root, id), 'utf8');
    expect(log.match(/^# Conference /gm)).toHaveLength(1);
    expect(log).toContain('## Round 1 — ');
    expect(log).toContain('> Check scene 7 for continuity problems');
    expect(log).toContain(`Trace round: ${first.traceRoundId}.`);
    expect(log).toMatch(/### chief — responded/);
    expect(log).toMatch(/### line-editor — abstained/);
    expect(log).toMatch(/#### Request \d+ — [\s\S]*#### Reply \d+ — /);
    expect(log).toContain(first.entries[0]!.evidence!);
    // The second round (keyboard mash in a fence) ends on a clarification with no model call; its fence cannot break the log's.
    expect(log).toContain('## Round 2 — ');
    expect(log).toMatch(/Needs clarifying/);
    expect(log).toContain('_No model was called in this round._');
  });

  it('is not written when the conferenceLog flag is off, and the round still runs and is kept', async () => {
    fixture = await openRouteFixture({ flags: { conferenceLog: false } });
    const { id } = (await (await fixture.send('POST', '/api/conferences', { attendees: ['editor'] })).json()) as { id: string };
    const response = await fixture.send('POST', `/api/conferences/${id}/rounds`, { message: 'Check scene 7 for continuity problems' });
    expect(response.status).toBe(200);
    const round = (await response.json()) as ConferenceRoundResult;
    expect(round.entries.length).toBeGreaterThan(0);
    const kept = (await (await fixture.send('GET', `/api/conferences/${id}`)).json()) as { rounds: number };
    expect(kept.rounds).toBe(1);
    await expect(fs.access(conferenceLogPath(fixture.room.root, id))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
