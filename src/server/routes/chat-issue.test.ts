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

describe('POST /api/chat/sessions/{id}/issue', () => {
  it('saves a 1:1 conversation as an issue with its transcript and its receipts linked', async () => {
    fixture = await openRouteFixture({
      script: [
        (request) => ({ content: JSON.stringify({ tool: 'outline_analyzer', args: {}, nonce: nonce(request) }) }),
        (request) => ({ content: JSON.stringify({ action: 'final', nonce: nonce(request) }) }),
        { content: 'Three acts.' },
        { content: 'Three acts.' },
        { content: 'The second act turns at the harbour.' },
      ],
    });
    const first = (await (await fixture.send('POST', '/api/ai/chat', { message: 'How many acts?', sessionId: 'acts-talk', toolPolicy: { requireTool: true } })).json()) as { receipts: string[] };
    expect(first.receipts).toHaveLength(1);
    await fixture.send('POST', '/api/ai/chat', { message: 'And where does act two turn?', sessionId: 'acts-talk', skipTools: true });
    const created = await fixture.send('POST', '/api/chat/sessions/acts-talk/issue', {});
    expect(created.status).toBe(201);
    const body = (await created.json()) as { issueId: string; title: string; receipts: number };
    expect(body.title).toMatch(/^Chat with .+: How many acts\?$/);
    expect(body.receipts).toBe(1);
    const issue = (await (await fixture.send('GET', `/api/issues/${body.issueId}`)).json()) as { issue: { body: string; tags: string[]; receiptIds: string[]; sessionId: string } };
    expect(issue.issue).toMatchObject({ tags: ['chat'], receiptIds: first.receipts, sessionId: 'acts-talk' });
    expect(issue.issue.body).toContain('> How many acts?');
    expect(issue.issue.body).toContain('> And where does act two turn?');
    expect(issue.issue.body).toContain('The second act turns at the harbour.');
    const titled = (await (await fixture.send('POST', '/api/chat/sessions/acts-talk/issue', { title: 'Act structure' })).json()) as { title: string };
    expect(titled.title).toBe('Act structure');
  });

  it('answers 404 for a session with no finished turn and 400 for a bad id or title', async () => {
    fixture = await openRouteFixture();
    expect((await fixture.send('POST', '/api/chat/sessions/never-spoken/issue', {})).status).toBe(404);
    expect((await fixture.send('POST', '/api/chat/sessions/a.b/issue', {})).status).toBe(400);
    expect((await fixture.send('POST', '/api/chat/sessions/x/issue', { title: ' ' })).status).toBe(400);
    expect((await fixture.send('POST', '/api/chat/sessions/x/issue', { title: 'ok', extra: 1 })).status).toBe(400);
  });
});
