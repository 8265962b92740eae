import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { makeFakeCredentials } from '../../../test/support/fake-credentials.js';
import { SqliteMemoryStore } from '../../adapters/sqlite-memory-store/index.js';
import { SecretlintScanner } from '../../adapters/secretlint-scanner/index.js';
import { REGISTER_MAX_CHARS } from '../../protocol/memory.js';
import type { Clock } from '../ports/index.js';
import { MemorySecretVault, SecretScrubber } from '../secrets/index.js';
import { BucketMemory } from './bucket-memory.js';
import { SHORT_CONTEXT_MAX_CHARS } from './build-context-package.js';
import { memoryPromptBlock } from './memory-prompt-block.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A clock the test moves by hand. */
function manualClock(startIso = '2025-03-01T09:00:00.000Z'): Clock & { advance: (ms: number) => void } {
  let now = Date.parse(startIso);
  return { nowMs: () => now, nowIso: () => new Date(now).toISOString(), advance: (ms) => void (now += ms) };
}

let folder: string;
let file: string;
let open: BucketMemory[];
let clock: ReturnType<typeof manualClock>;

async function openMemory(): Promise<BucketMemory> {
  const memory = new BucketMemory({
    store: await SqliteMemoryStore.open(file),
    scrubber: new SecretScrubber(new SecretlintScanner(), new MemorySecretVault()),
    clock,
    ids: { uuidv7: () => uuidv7() },
  });
  open.push(memory);
  return memory;
}

beforeEach(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-memory-'));
  file = path.join(folder, '.control-room/memory/memory.db');
  open = [];
  clock = manualClock();
});

afterEach(async () => {
  for (const memory of open) await memory.close();
  await fs.rm(folder, { recursive: true, force: true });
});

describe('BucketMemory retrieval', () => {
  it('returns pinned notes first, then high-score notes, then recent ones', async () => {
    const memory = await openMemory();
    const pinned = await memory.add({ conversation_id: 'c1', content: 'Mara wears the silver locket from Act 1 onwards.' });
    const old = await memory.add({ conversation_id: 'c1', content: 'The harbour lamp burns green.' });
    clock.advance(DAY);
    const cited = await memory.add({ conversation_id: 'c1', content: 'Hale climbs the lighthouse stair.', refs: { paths: ['Story/Scenes/SCN-01-the-lamp-room.md#L4-L9'] } });
    expect(await memory.recordCitations('bucket:c1', ['Story/Scenes/SCN-01-the-lamp-room.md'])).toEqual([cited.item_id]);
    expect(await memory.recordCitations('bucket:c1', ['./Story/Scenes/SCN-01-the-lamp-room.md#L12', 'Canon.md'])).toEqual([cited.item_id]);
    clock.advance(2 * DAY);
    const recent = await memory.add({ conversation_id: 'c1', content: 'The storm reaches the bay on the evening of Day 3.' });
    clock.advance(DAY);
    await memory.pin(pinned.item_id);

    const contextPackage = await memory.contextPackage('bucket:c1');
    expect(contextPackage.items.map((item) => item.item_id)).toEqual([pinned.item_id, cited.item_id, recent.item_id, old.item_id]);
    const [first, second, third, fourth] = contextPackage.items;
    expect(first?.pinned).toBe(true);
    expect(second?.metadata.citations).toBe(2);
    expect(second?.score).toBeGreaterThan(third?.score ?? Infinity);
    expect(third?.reference_score).toBe(fourth?.reference_score);
    expect(third?.recency).toBeGreaterThan(fourth?.recency ?? Infinity);
    expect(contextPackage.bucket_id).toBe('bucket:c1');
    expect(contextPackage.register_summary.length).toBeLessThanOrEqual(REGISTER_MAX_CHARS);
    expect(contextPackage.register_summary).toMatch(/^4 notes, 1 pinned: Mara wears the silver locket/);
    expect(contextPackage.short_context.split('\n')[0]).toBe('- [pinned] Mara wears the silver locket from Act 1 onwards.');
    expect(contextPackage.last_updated).toBe(clock.nowIso());
  });

  it('counts topic hits from the words of a request', async () => {
    const memory = await openMemory();
    const locket = await memory.add({ bucket_id: 'novel', content: 'Mara’s locket holds a photograph of her brother.' });
    const storm = await memory.add({ bucket_id: 'novel', content: 'The storm breaks on Day 3.' });
    expect(await memory.recordTopicHits('novel', 'Where did Mara hide the lockets?')).toEqual([locket.item_id]);
    expect(await memory.recordTopicHits('novel', 'what is the the')).toEqual([]);
    const items = (await memory.contextPackage('novel')).items;
    expect(items.map((item) => item.item_id)).toEqual([locket.item_id, storm.item_id]);
    expect(items[0]?.metadata.topic_hits).toBe(1);
    expect(items[0]?.reference_score).toBe(0.5);
  });

  it('keeps the register within 140 characters after many updates', async () => {
    const memory = await openMemory();
    for (let index = 0; index < 12; index += 1) {
      const item = await memory.add({ bucket_id: 'long', content: `${'Very long observation about the manuscript '.repeat(index + 1)}\nsecond line ${index}` });
      if (index % 3 === 0) await memory.pin(item.item_id);
      const contextPackage = await memory.contextPackage('long');
      expect(contextPackage.register_summary.length).toBeLessThanOrEqual(REGISTER_MAX_CHARS);
      expect(contextPackage.register_summary).not.toContain('\n');
    }
  });
});

describe('BucketMemory context tiers', () => {
  it('always has a bounded short tier and a long tier only when the budget allows', async () => {
    const memory = await openMemory();
    for (let index = 0; index < 12; index += 1) {
      clock.advance(HOUR);
      await memory.add({ bucket_id: 'tiers', content: `Note ${index}: ${'detail '.repeat(80)}`, refs: { paths: [`Story/Scenes/SCN-0${index % 9}.md`], excerpts: ['“Is it far?” she asked.'] } });
    }
    const none = await memory.contextPackage('tiers');
    expect(none.short_context.split('\n')).toHaveLength(5);
    expect(none.short_context.length).toBeLessThanOrEqual(SHORT_CONTEXT_MAX_CHARS);
    expect(none.long_context).toBeNull();
    expect(none.item_count).toBe(12);

    const tight = await memory.contextPackage('tiers', { budgetChars: none.short_context.length + 20 });
    expect(tight.short_context).toBe(none.short_context);
    expect(tight.long_context).toBeNull();

    const roomy = await memory.contextPackage('tiers', { budgetChars: 4000 });
    expect(roomy.long_context).not.toBeNull();
    expect(roomy.short_context.length + 1 + (roomy.long_context?.length ?? 0)).toBeLessThanOrEqual(4000);
    expect(roomy.long_context).toContain('Note 6:');
    expect(roomy.long_context).toContain('sources: Story/Scenes/');
    expect(roomy.long_context).not.toContain('Note 11:');

    const block = memoryPromptBlock(roomy);
    expect(block).toContain('reminders, not evidence');
    expect(block).toContain(roomy.short_context);
    expect(block).toContain(`More notes:\n${roomy.long_context}`);
    expect(memoryPromptBlock(await memory.contextPackage('empty-bucket'))).toBe('');
  });
});

describe('BucketMemory cache', () => {
  it('serves the package from the cache until the bucket is written', async () => {
    const memory = await openMemory();
    await memory.add({ bucket_id: 'cached', content: 'First note about the locket.' });
    const first = await memory.contextPackage('cached');
    const again = await memory.contextPackage('cached', { budgetChars: 5000 });
    expect(memory.stats).toEqual({ builds: 1, hits: 1 });
    expect(again.built_at).toBe(first.built_at);

    clock.advance(1000);
    const second = await memory.add({ bucket_id: 'cached', content: 'Second note about the storm.' });
    const afterAdd = await memory.contextPackage('cached');
    expect(memory.stats.builds).toBe(2);
    expect(afterAdd.items.map((item) => item.item_id)).toContain(second.item_id);

    await memory.pin(second.item_id);
    expect((await memory.contextPackage('cached')).items[0]?.pinned).toBe(true);
    await memory.recordCitations('cached', ['Story/x.md']);
    await memory.contextPackage('cached');
    // The citation matched nothing, yet the write still went through the bucket and dropped the cache.
    expect(memory.stats.builds).toBe(4);

    // Other buckets keep their cache.
    await memory.add({ bucket_id: 'other', content: 'Unrelated.' });
    await memory.contextPackage('cached');
    expect(memory.stats.builds).toBe(4);
  });

  it('notices writes made by another instance through the store revision', async () => {
    const reader = await openMemory();
    const writer = await openMemory();
    await writer.add({ bucket_id: 'shared', content: 'Written by the writer.' });
    expect((await reader.contextPackage('shared')).item_count).toBe(1);
    await writer.add({ bucket_id: 'shared', content: 'Written again.' });
    expect((await reader.contextPackage('shared')).item_count).toBe(2);
    expect(reader.stats.builds).toBe(2);
  });

  it('rebuilds a stale package so recency stays current', async () => {
    const memory = await openMemory();
    await memory.add({ bucket_id: 'aging', content: 'A note.' });
    const fresh = await memory.contextPackage('aging');
    clock.advance(7 * DAY);
    const later = await memory.contextPackage('aging');
    expect(fresh.items[0]?.recency).toBe(1);
    expect(later.items[0]?.recency).toBeCloseTo(0.5, 10);
  });
});

describe('BucketMemory concurrency', () => {
  it('loses no notes or signals when one bucket is written concurrently', async () => {
    const memory = await openMemory();
    const other = await openMemory();
    const added = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        (index % 2 === 0 ? memory : other).add({ bucket_id: index % 4 === 3 ? 'side' : 'busy', content: `note ${index} about the lamp`, refs: { paths: ['Story/Scenes/SCN-02.md'] } }),
      ),
    );
    const busy = added.filter((item) => item.bucket_id === 'busy');
    await Promise.all([
      ...Array.from({ length: 10 }, () => memory.recordCitations('busy', ['Story/Scenes/SCN-02.md'])),
      ...Array.from({ length: 10 }, () => other.recordTopicHits('busy', 'the lamp')),
      ...busy.slice(0, 5).map((item) => memory.pin(item.item_id)),
    ]);
    const contextPackage = await memory.contextPackage('busy');
    expect(contextPackage.item_count).toBe(30);
    expect(new Set(contextPackage.items.map((item) => item.item_id))).toEqual(new Set(busy.map((item) => item.item_id)));
    expect(contextPackage.items.every((item) => item.metadata.citations === 10 && item.metadata.topic_hits === 10)).toBe(true);
    expect(contextPackage.items.filter((item) => item.pinned)).toHaveLength(5);
    expect((await memory.contextPackage('side')).item_count).toBe(10);
  });
});

describe('BucketMemory secrets', () => {
  it('stores a scrubbed note: no raw credential in any memory file', async () => {
    const credentials = makeFakeCredentials();
    const memory = await openMemory();
    const item = await memory.add({
      bucket_id: 'secrets',
      content: `The API token for the agent is ${credentials.githubToken} and aws_secret_access_key = ${credentials.awsSecretAccessKey}`,
      refs: { excerpts: [`key ${credentials.awsAccessKeyId}`], receipt_ids: ['rcpt_0192f3a4-5b6c-7d8e-9f01-23456789abcd'] },
    });
    expect(item.content).toContain('secret_ref:');
    expect(item.content).not.toContain(credentials.githubToken);
    expect((await memory.search('token')).map((hit) => hit.item.item_id)).toEqual([item.item_id]);
    await memory.close();
    open = [];
    const files = await fs.readdir(path.dirname(file));
    expect(files).toContain('memory.db');
    for (const name of files) {
      const bytes = (await fs.readFile(path.join(path.dirname(file), name))).toString('latin1');
      for (const raw of [credentials.githubToken, credentials.awsSecretAccessKey, credentials.awsAccessKeyId]) expect(bytes).not.toContain(raw);
    }
    const reopened = await openMemory();
    expect((await reopened.get(item.item_id))?.metadata.refs.excerpts[0]).toMatch(/^key secret_ref:/);
  });
});

describe('BucketMemory search and listing', () => {
  it('finds notes by their words across buckets, best match first', async () => {
    const memory = await openMemory();
    const both = await memory.add({ bucket_id: 'a', content: 'The storm floods the harbour cellar.' });
    const one = await memory.add({ bucket_id: 'b', content: 'A harbour map hangs in the office.' });
    await memory.add({ bucket_id: 'b', content: 'Nothing relevant.' });
    const hits = await memory.search('harbour storm');
    expect(hits.map((hit) => hit.item.item_id)).toEqual([both.item_id, one.item_id]);
    expect(hits[0]?.matched_terms).toEqual(['harbour', 'storm']);
    expect((await memory.search('harbour', { bucketId: 'b' })).map((hit) => hit.item.item_id)).toEqual([one.item_id]);
    expect(await memory.search('the')).toEqual([]);
    await expect(memory.search('  ')).rejects.toMatchObject({ code: 'memory_input_invalid' });

    const buckets = await memory.buckets();
    expect(buckets.map((bucket) => [bucket.bucket_id, bucket.item_count])).toEqual([['a', 1], ['b', 2]]);
    expect(buckets.every((bucket) => bucket.register_summary.length <= REGISTER_MAX_CHARS)).toBe(true);
  });

  it('refuses bad input with clear codes', async () => {
    const memory = await openMemory();
    await expect(memory.add({ bucket_id: 'b', content: '   ' })).rejects.toMatchObject({ code: 'memory_input_invalid' });
    await expect(memory.add({ bucket_id: 'has space', content: 'x' })).rejects.toMatchObject({ code: 'memory_bucket_invalid' });
    await expect(memory.add({ bucket_id: `bucket:${makeFakeCredentials().githubToken}`, content: 'x' })).rejects.toMatchObject({ code: 'memory_bucket_invalid' });
    await expect(memory.add({ content: 'no bucket' })).rejects.toMatchObject({ code: 'memory_bucket_invalid' });
    await expect(memory.add({ bucket_id: 'b', content: 'x'.repeat(9000) })).rejects.toMatchObject({ code: 'memory_input_invalid' });
    await expect(memory.add({ bucket_id: 'b', content: 'x', refs: { paths: ['../outside.md'] } })).rejects.toMatchObject({ code: 'memory_input_invalid' });
    await expect(memory.pin('no-such-item')).rejects.toMatchObject({ code: 'memory_item_not_found' });
    expect(await memory.get('no-such-item')).toBeNull();
    expect((await memory.contextPackage('b')).item_count).toBe(0);
  });
});
