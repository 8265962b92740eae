import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { telemetryHits } from '../../core/telemetry/index.js';
import { JsonTelemetryStore } from './json-telemetry-store.js';

let root: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-telemetry-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('JsonTelemetryStore', () => {
  it('keeps totals and one file per session under .control-room/telemetry/', async () => {
    const store = new JsonTelemetryStore(root);
    await Promise.all([
      store.record({ sessionId: 'conf-1', conferenceId: 'conf-1', hits: telemetryHits('continuity', ['quote_not_found', 'receipt_unknown']) }),
      new JsonTelemetryStore(root).record({ sessionId: 'conf-1', conferenceId: 'conf-1', hits: telemetryHits('chief', ['tool_call_nonce_invalid']) }),
      store.record({ sessionId: 'chat-1', conferenceId: null, hits: telemetryHits('editor', ['cot_leak']) }),
    ]);
    const totals = JSON.parse(await fs.readFile(path.join(root, '.control-room/telemetry/totals.json'), 'utf8'));
    expect(totals.totals).toEqual({ evidence_invalid: 1, quote_not_found: 1, tool_syntax: 0, cot_leak: 1, format_error: 1, absence_contradicted: 0, quote_out_of_context: 0, receipt_source_mismatch: 0 });
    expect(totals.byConference).toEqual({ 'conf-1': { evidence_invalid: 1, quote_not_found: 1, tool_syntax: 0, cot_leak: 0, format_error: 1, absence_contradicted: 0, quote_out_of_context: 0, receipt_source_mismatch: 0 } });
    expect(await store.session('conf-1')).toMatchObject({ conferenceId: 'conf-1', codes: { quote_not_found: 1, receipt_unknown: 1, tool_call_nonce_invalid: 1 } });
    expect(await store.session('chat-1')).toMatchObject({ conferenceId: null, byAgent: { editor: { cot_leak: 1 } } });
    expect((await fs.readdir(path.join(root, '.control-room/telemetry/sessions'))).sort()).toEqual(['chat-1.json', 'conf-1.json']);
  });

  it('writes nothing for a record without hits and reads a missing session as null', async () => {
    const store = new JsonTelemetryStore(root);
    await store.record({ sessionId: 's', conferenceId: null, hits: telemetryHits('a', ['model_unavailable']) });
    await expect(fs.stat(path.join(root, '.control-room/telemetry'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store.session('s')).toBeNull();
    expect((await store.totals()).totals.cot_leak).toBe(0);
  });
});
