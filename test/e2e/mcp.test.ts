/**
 * The writing tools over the Model Context Protocol, end to end: the real `control-room mcp`
 * binary driven over stdio by the official SDK client (as Claude Desktop or LM Studio start it),
 * and the running server's `/mcp` endpoint over real HTTP. Every call's receipt verifies afterwards.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startServerProcess } from '../../src/server/testing/index.js';
import { REPO_ROOT, runCli } from './helpers/run-cli.js';
import { sampleWorkspace } from './helpers/workspace-fixture.js';

const BIN = path.join(REPO_ROOT, 'bin/control-room.js');
const SCENE = 'Story/Scenes/SCN-01-the-lamp-room.md';
const CARD = 'Compendium/Characters/CHAR-hester-vane.md';

/** A valid call of each writing tool. */
const CALLS: Array<[string, Record<string, unknown>]> = [
  ['file_locator', { search_criteria: 'Hester' }],
  ['file_reader', { path: CARD }],
  ['outline_analyzer', {}],
  ['canon_checker', { scene_path: SCENE }],
  ['task_router', { user_request: 'Does Hester keep the same eye colour in every scene?' }],
  ['search_issues', { status: 'all' }],
  ['prose_analyzer', { scene_path: SCENE, focus: 'pacing' }],
  ['consistency_checker', { file_paths: [SCENE, CARD], focus: 'characters' }],
  ['scene_draft_validator', { scene_path: SCENE }],
];

type Structured = Record<string, unknown> & { receipt_id?: string; session_id?: string; error?: { code: string }; result?: Record<string, unknown> };
const structured = (result: unknown): Structured => (result as CallToolResult).structuredContent as Structured;
const textOf = (result: unknown): string => ((result as CallToolResult).content[0] as { text: string }).text;

let workspace: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  workspace = await sampleWorkspace('cr-mcp-');
});
afterEach(async () => {
  await workspace.cleanup();
});

/** Every tool once, one refused call, then check_evidence citing the file_reader receipt; returns the receipt ids. */
async function exercise(client: Client, session: string): Promise<string[]> {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual([...CALLS.map(([name]) => name), 'check_evidence']);
  for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
  const receipts: string[] = [];
  for (const [name, args] of CALLS) {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
    const content = structured(result);
    expect(content).toMatchObject({ status: 'ok', session_id: session });
    expect(content.receipt_id).toMatch(/^rcpt_[A-Za-z0-9_-]{10,}$/);
    expect(textOf(result)).toContain(content.receipt_id!);
    receipts.push(content.receipt_id!);
  }
  const refused = await client.callTool({ name: 'file_reader', arguments: { path: '../../../etc/passwd' } });
  expect(refused.isError).toBe(true);
  expect(structured(refused).error?.code).toBe('path_outside_workspace');
  expect(textOf(refused)).toContain('path_outside_workspace');
  expect(textOf(refused)).not.toContain('root:');
  const reader = receipts[1]!;
  const reply = `Hester’s card gives her grey eyes.\nEvidence: content | ${CARD} | "eyes: grey" | receipt ${reader}`;
  const check = await client.callTool({ name: 'check_evidence', arguments: { reply, agent_id: 'continuity' } });
  expect(check.isError).toBeFalsy();
  expect(structured(check).result).toMatchObject({ ok: true, receipts: [reader], issues: [] });
  receipts.push(structured(check).receipt_id!);
  return receipts;
}

/** POSTs an initialize request naming another Host (as a DNS-rebound page would); resolves with the status. */
function postWithHost(url: string, host: string): Promise<number> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function auditOf(dir: string): Promise<{ ok: boolean; receipts: number; firstBad: unknown }> {
  const run = await runCli(['audit', 'verify', '--workspace', dir, '--json']);
  return run.json();
}

describe('control-room mcp (stdio)', () => {
  it('serves every tool to the official SDK client; receipts land in mcp-<client> and verify afterwards', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--workspace', workspace.dir], stderr: 'pipe', cwd: REPO_ROOT });
    const client = new Client({ name: 'LM Studio', version: '0.3.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()?.name).toBe('control-room');
      const receipts = await exercise(client, 'mcp-lm-studio');
      expect(new Set(receipts).size).toBe(CALLS.length + 1);
    } finally {
      await client.close();
    }
    const audit = await auditOf(workspace.dir);
    expect(audit).toMatchObject({ ok: true, receipts: CALLS.length + 1, firstBad: null });
    const log = await runCli(['traces', 'export', '--workspace', workspace.dir]);
    const rounds = log.stdout.trim().split('\n').map((line) => JSON.parse(line) as { round: { conversation_id: string; status: string; failure_code: string | null } });
    expect(rounds.every((traced) => traced.round.conversation_id === 'mcp-lm-studio')).toBe(true);
    expect(rounds.filter((traced) => traced.round.status === 'failed').map((traced) => traced.round.failure_code)).toEqual(['path_outside_workspace']);
  });
});

describe('/mcp on the running server (streamable HTTP)', () => {
  it('serves the same tools with receipts over real HTTP, behind the Host guard', async () => {
    const server = await startServerProcess(['serve', '--workspace', workspace.dir, '--port', '0', '--demo']);
    try {
      const client = new Client({ name: 'Cursor', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`));
      await client.connect(transport);
      await exercise(client, 'mcp-cursor');
      await transport.terminateSession();
      await client.close();
      const rebound = await postWithHost(`${server.url}/mcp`, 'attacker.example');
      expect(rebound).toBe(421);
    } finally {
      await server.stop();
    }
    expect(await auditOf(workspace.dir)).toMatchObject({ ok: true, receipts: CALLS.length + 1 });
  });
});
