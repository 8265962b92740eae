import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runTool } from '../../core/tool-runs/index.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture;
const SESSIONS = ['seal-a', 'seal-b'];
const AUDIT = '.control-room/audit';
const logOf = (session: string): string => `${AUDIT}/sessions/${session}/tool_receipts.jsonl`;

beforeEach(async () => {
  fixture = await openRouteFixture();
  const { room } = fixture;
  const dependencies = { registry: room.registry, context: room.toolContext, ledger: room.ledger, clock: room.clock, scrubber: room.scrubber };
  for (const sessionId of SESSIONS) {
    for (const [turn, file] of ['Canon.md', 'Story/SCN-outline.md', 'Canon.md'].entries()) {
      await runTool('file_reader', { path: file }, { sessionId, turnId: `turn-${turn}`, agentId: 'chief' }, dependencies);
    }
  }
});
afterEach(async () => {
  await fixture.close();
});

async function verify(query = ''): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fixture.send('GET', `/api/audit/verify${query}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function keyInfo(): Promise<{ fingerprint: string; fingerprintGrouped: string; publicKeyPem: string }> {
  const response = await fixture.send('GET', '/api/audit/key');
  expect(response.status).toBe(200);
  return (await response.json()) as { fingerprint: string; fingerprintGrouped: string; publicKeyPem: string };
}

async function dropLastLines(session: string, count: number): Promise<void> {
  const file = path.join(fixture.dir, logOf(session));
  const lines = (await fs.readFile(file, 'utf8')).split('\n').slice(0, -1);
  await fs.writeFile(file, lines.slice(0, -count).map((line) => `${line}\n`).join(''));
}

describe('GET /api/audit/key', () => {
  it('gives the Ed25519 fingerprint, grouped for reading aloud, and the public key to export', async () => {
    const key = await keyInfo();
    expect(key).toMatchObject({ algorithm: 'Ed25519', fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(key.fingerprintGrouped.split(' ')).toHaveLength(16);
    expect(key.fingerprintGrouped.replaceAll(' ', '')).toBe(key.fingerprint);
    expect(key.publicKeyPem).toBe(await fs.readFile(path.join(fixture.dir, AUDIT, 'ed25519.pub'), 'utf8'));
    const manifest = JSON.parse(await fs.readFile(path.join(fixture.dir, AUDIT, 'manifest.json'), 'utf8')) as { key_fingerprint: string };
    expect(manifest.key_fingerprint).toBe(key.fingerprint);
  });
});

describe('GET /api/audit/verify and the seal', () => {
  it('passes a clean log, with and without the pinned fingerprint', async () => {
    const { fingerprint, fingerprintGrouped } = await keyInfo();
    expect(await verify()).toEqual({ status: 200, body: { ok: true, sessions: 2, receipts: 6, firstBad: null } });
    for (const pin of [fingerprint, fingerprintGrouped, fingerprint.toUpperCase()]) {
      expect((await verify(`?pubkey=${encodeURIComponent(pin)}`)).body, pin).toMatchObject({ ok: true });
    }
  });

  it('fails when the last receipt or the last turn is deleted', async () => {
    await dropLastLines('seal-a', 1);
    expect((await verify()).body).toMatchObject({ ok: false, firstBad: { file: logOf('seal-a'), line: 3, reason: expect.stringMatching(/acknowledges 3 receipts/) } });
    await dropLastLines('seal-a', 2);
    expect((await verify()).body).toMatchObject({ ok: false, firstBad: { file: logOf('seal-a'), line: 1, reason: expect.stringMatching(/missing or empty/) } });
  });

  it('fails when a whole session log is deleted', async () => {
    await fs.rm(path.join(fixture.dir, AUDIT, 'sessions/seal-b'), { recursive: true });
    const { status, body } = await verify();
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: false, sessions: 2, receipts: 3, firstBad: { file: `${AUDIT}/sessions/seal-b/head.json` } });
  });

  it('fails when ed25519_signature is stripped from a line', async () => {
    const file = path.join(fixture.dir, logOf('seal-b'));
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    lines[2] = lines[2]!.replace(/,"ed25519_signature":"[^"]*"/, '');
    await fs.writeFile(file, lines.join('\n'));
    expect((await verify()).body).toMatchObject({ ok: false, firstBad: { file: logOf('seal-b'), line: 3, reason: expect.stringMatching(/no ed25519_signature/) } });
  });

  it('fails against a pin that is not the key that signed', async () => {
    const { fingerprint } = await keyInfo();
    const other = `${fingerprint.slice(1)}${fingerprint[0] === 'a' ? 'b' : 'a'}`;
    const { status, body } = await verify(`?pubkey=${other}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: false, firstBad: { file: `${AUDIT}/manifest.json`, reason: expect.stringMatching(/not .*pinned|pinned key is/) } });
  });

  it('answers 409 audit_key_missing, never 500, when key files are gone', async () => {
    for (const file of ['secret.key', 'ed25519.key', 'ed25519.pub']) {
      await fs.rm(path.join(fixture.dir, AUDIT, file));
      for (const url of ['/api/audit/verify', `/api/audit/verify?pubkey=${'0'.repeat(64)}`]) {
        const response = await fixture.send('GET', url);
        const body = (await response.json()) as { error?: { code: string }; ok?: boolean };
        if (file !== 'ed25519.pub' && url.includes('pubkey')) {
          // A pinned fingerprint checks with the public key alone (still there); this one is not the workspace's key.
          expect(response.status, `${file} ${url}`).toBe(200);
          expect(body.ok).toBe(false);
          continue;
        }
        expect(response.status, `${file} ${url}`).toBe(409);
        expect(body, `${file} ${url}`).toMatchObject({ error: { code: 'audit_key_missing' } });
      }
    }
    const key = await fixture.send('GET', '/api/audit/key');
    expect(key.status).toBe(409);
    expect(await key.json()).toMatchObject({ error: { code: 'audit_key_missing' } });
  });

  it('refuses a pin that is not a fingerprint with 400 (it never opens a file a request names)', async () => {
    for (const pin of ['abc', '/etc/passwd', '.control-room/audit/ed25519.pub', 'z'.repeat(64), 'x'.repeat(300)]) {
      const response = await fixture.send('GET', `/api/audit/verify?pubkey=${encodeURIComponent(pin)}`);
      expect(response.status, pin).toBe(400);
    }
    const unknown = await fixture.send('GET', '/api/audit/verify?public_key=x');
    expect(unknown.status).toBe(400);
  });
});
