import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

const BASE = 'http://127.0.0.1:4317';
const CARD = 'Compendium/Characters/CHAR-hester-vane.md';

let fixture: RouteFixture;
beforeAll(async () => {
  fixture = await openRouteFixture();
});
afterAll(async () => {
  await fixture.close();
});

/** An official SDK client whose requests go to the in-memory app. */
async function connect(app: RouteFixture['app'], name: string, headers: Record<string, string> = {}): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
    fetch: (url, init) => Promise.resolve(app.request(String(url), init)),
    requestInit: { headers },
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

const structured = (result: unknown) => (result as CallToolResult).structuredContent as Record<string, unknown> & { error?: { code: string; issues?: unknown[] } };

describe('MCP over streamable HTTP at /mcp', () => {
  it('lists the nine writing tools and check_evidence, each with its strict schema', async () => {
    const { client } = await connect(fixture.app, 'Schema Reader');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'file_locator', 'file_reader', 'outline_analyzer', 'canon_checker', 'task_router',
      'search_issues', 'prose_analyzer', 'consistency_checker', 'scene_draft_validator', 'check_evidence',
    ]);
    const reader = tools.find((tool) => tool.name === 'file_reader')!;
    expect(reader.inputSchema).toMatchObject({ type: 'object', required: ['path'], additionalProperties: false });
    expect(Object.keys(reader.inputSchema.properties ?? {})).toEqual(['path', 'start_line', 'end_line']);
    expect(reader.annotations?.readOnlyHint).toBe(true);
    await client.close();
  });

  it('runs a tool with a signed receipt in the client session, whose id is in the text and the structured content', async () => {
    const { client } = await connect(fixture.app, 'Claude Desktop');
    const result = (await client.callTool({ name: 'file_reader', arguments: { path: CARD, start_line: 1, end_line: 8 } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const content = structured(result);
    expect(content).toMatchObject({ status: 'ok', session_id: 'mcp-claude-desktop' });
    expect(content.receipt_id).toMatch(/^rcpt_[A-Za-z0-9_-]{10,}$/);
    const text = result.content.find((part) => part.type === 'text');
    expect(JSON.parse((text as { text: string }).text)).toEqual(content);
    expect(JSON.stringify(content.result)).toContain('eyes: grey');
    const receipts = await fixture.room.auditLog.verifiedList('mcp-claude-desktop');
    expect(receipts.map((receipt) => receipt.receipt_id)).toEqual([content.receipt_id]);
    expect(receipts[0]).toMatchObject({ tool_id: 'file_reader', status: 'ok', agent_id: 'mcp-claude-desktop' });
    await client.close();
  });

  it('cuts a result over the step budget to an excerpt with the sha256 and size of the whole, as the tool loop does', async () => {
    const { client } = await connect(fixture.app, 'Budget Probe');
    const result = (await client.callTool({ name: 'file_locator', arguments: { search_criteria: 'the', scan_mode: 'DEEP_SCAN', max_results: 200 } })) as CallToolResult;
    const content = structured(result);
    expect(content).toMatchObject({ status: 'ok', truncated: true, session_id: 'mcp-budget-probe' });
    expect(content.full_size).toBeGreaterThan(8000);
    expect(content.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.byteLength(String(content.excerpt))).toBeLessThan(8000);
    expect(content.result).toBeUndefined();
    const [receipt] = await fixture.room.auditLog.verifiedList('mcp-budget-probe');
    expect(receipt?.receipt_id).toBe(content.receipt_id);
    await client.close();
  });

  it('refuses bad arguments, paths outside the workspace and unknown tools as tool errors with our codes, and runs nothing', async () => {
    const { client } = await connect(fixture.app, 'Refusal Probe');
    const refusals: Array<[string, Record<string, unknown>, string]> = [
      ['file_reader', { path: '../../etc/passwd' }, 'path_outside_workspace'],
      ['file_reader', { path: '.control-room/audit/secret.key' }, 'path_outside_workspace'],
      ['consistency_checker', { file_paths: ['Story/Scenes/SCN-01-the-lamp-room.md', '/etc/hosts'] }, 'path_outside_workspace'],
      ['canon_checker', { scene_path: 'Story/%2e%2e/%2e%2e/x.md' }, 'path_outside_workspace'],
      ['file_reader', { path: 42 }, 'tool_call_invalid_args'],
      ['file_reader', { path: CARD, sneaky: true }, 'tool_call_invalid_args'],
      ['prose_analyzer', {}, 'tool_call_invalid_args'],
      ['file_writer', { path: CARD }, 'tool_call_unknown_tool'],
    ];
    for (const [name, args, code] of refusals) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(structured(result).error?.code, `${name} ${JSON.stringify(args)}`).toBe(code);
      expect(structured(result).receipt_id).toBeUndefined();
      expect((result.content[0] as { text: string }).text).toContain(code);
    }
    expect(await fixture.room.auditLog.verifiedList('mcp-refusal-probe')).toEqual([]);
    // A link that leads out of the manuscript, and a second name of a file, are refused before any tool runs.
    const outside = path.join(path.dirname(fixture.dir), 'outside-notes.md');
    await fs.writeFile(outside, 'private: the real ending\n');
    await fs.symlink(outside, path.join(fixture.dir, 'Story/Scenes/SCN-98-link.md'));
    await fs.link(path.join(fixture.dir, CARD), path.join(fixture.dir, 'Story/Scenes/SCN-99-hard.md'));
    const onDisk: Array<[string, Record<string, unknown>, string]> = [
      ['file_reader', { path: 'Story/Scenes/SCN-98-link.md' }, 'path_outside_workspace'],
      ['prose_analyzer', { scene_path: 'Story/Scenes/SCN-99-hard.md' }, 'file_hard_linked'],
    ];
    for (const [name, args, code] of onDisk) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      expect(structured(result).error?.code, name).toBe(code);
      expect(JSON.stringify(result)).not.toContain('real ending');
    }
    expect(await fixture.room.auditLog.verifiedList('mcp-refusal-probe')).toEqual([]);
    await fs.rm(path.join(fixture.dir, 'Story/Scenes/SCN-98-link.md'));
    await fs.rm(path.join(fixture.dir, 'Story/Scenes/SCN-99-hard.md'));
    await client.close();
  });

  it('checks evidence against the session’s own receipts: its receipt grounds a quote, another session’s does not', async () => {
    const { client } = await connect(fixture.app, 'Evidence Agent');
    const read = structured(await client.callTool({ name: 'file_reader', arguments: { path: CARD } }));
    const line = (receipt: string) => `Hester’s eyes are grey.\nEvidence: content | ${CARD} | "eyes: grey" | receipt ${receipt}`;
    const verified = structured(await client.callTool({ name: 'check_evidence', arguments: { reply: line(String(read.receipt_id)) } }));
    expect(verified.status).toBe('ok');
    expect(verified.result).toMatchObject({ ok: true, type: 'content', receipts: [read.receipt_id] });
    expect(verified.receipt_id).toMatch(/^rcpt_/);
    const other = (await fixture.room.auditLog.verifiedList('mcp-claude-desktop'))[0]?.receipt_id ?? 'rcpt_000000000000';
    const foreign = structured(await client.callTool({ name: 'check_evidence', arguments: { reply: line(other) } }));
    expect(foreign.result).toMatchObject({ ok: false });
    expect((foreign.result as { issues: Array<{ code: string }> }).issues.map((issue) => issue.code)).toContain('receipt_unknown');
    const wrongQuote = structured(await client.callTool({ name: 'check_evidence', arguments: { reply: `Evidence: content | ${CARD} | "eyes: violet" | receipt ${String(read.receipt_id)}` } }));
    expect((wrongQuote.result as { issues: Array<{ code: string }> }).issues.map((issue) => issue.code)).toContain('quote_not_found');
    await client.close();
  });

  it('ends a session on DELETE, and answers GET with 405', async () => {
    const { client, transport } = await connect(fixture.app, 'Short Lived');
    const id = transport.sessionId!;
    await transport.terminateSession();
    const after = await fixture.app.request(`${BASE}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    });
    expect(after.status).toBe(404);
    expect((await fixture.app.request(`${BASE}/mcp`, { headers: { accept: 'text/event-stream' } })).status).toBe(405);
    await client.close();
  });

  it('stands behind the request guard: another site’s page and another Host are refused', async () => {
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'page', version: '1' } } });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const crossSite = await fixture.app.request(`${BASE}/mcp`, { method: 'POST', headers: { ...headers, origin: 'https://evil.example' }, body: initialize });
    expect(crossSite.status).toBe(403);
    const rebound = await fixture.app.request('http://evil.example/mcp', { method: 'POST', headers, body: initialize });
    expect(rebound.status).toBe(421);
    const formLike = await fixture.app.request(`${BASE}/mcp`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: initialize });
    expect(formLike.status).toBe(415);
  });
});

describe('MCP with an access token (server listening beyond loopback)', () => {
  let guarded: RouteFixture;
  beforeAll(async () => {
    guarded = await openRouteFixture({ token: 'a-long-enough-token-for-tests' });
  });
  afterAll(async () => {
    await guarded.close();
  });

  it('needs the same bearer token as the API', async () => {
    await expect(connect(guarded.app, 'No Token')).rejects.toThrow();
    const { client } = await connect(guarded.app, 'With Token', { authorization: 'Bearer a-long-enough-token-for-tests' });
    const result = (await client.callTool({ name: 'outline_analyzer', arguments: {} })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(structured(result).receipt_id).toMatch(/^rcpt_/);
    await client.close();
  });
});
