import { describe, expect, it } from 'vitest';
import type { WorkspaceWriter } from '../ports/workspace-writer.js';
import { applyImport } from './apply-import.js';
import type { ImportPlan, PlannedFile } from './plan-import.js';

class MapWriter implements WorkspaceWriter {
  readonly files = new Map<string, string>();
  async readBytes(path: string): Promise<Uint8Array | null> {
    const text = this.files.get(path);
    return text === undefined ? null : new TextEncoder().encode(text);
  }
  async write(path: string, bytes: Uint8Array): Promise<void> {
    this.files.set(path, new TextDecoder().decode(bytes));
  }
  async delete(path: string): Promise<void> {
    this.files.delete(path);
  }
}

const file = (id: string, path: string, content: string): PlannedFile => ({ id, origin: id, kind: path.startsWith('Story/') ? 'chapter' : 'character', path, content, reason: 'test' });
const plan = (...files: PlannedFile[]): ImportPlan => ({ files, skipped: [] });
const options = (writer: MapWriter, previous: Awaited<ReturnType<typeof applyImport>>['manifest'] | null) => ({ writer, previous, source: '/book', format: 'folder' as const, nowIso: '2026-01-01T00:00:00.000Z' });

describe('applying an import', () => {
  it('creates files, then updates in place on a second import instead of duplicating', async () => {
    const writer = new MapWriter();
    const first = await applyImport(plan(file('a.md', 'Story/Chapters/01 A.md', 'one\n'), file('m.md', 'Compendium/Characters/M.md', 'M\n')), options(writer, null));
    expect(first.items.map((item) => item.action)).toEqual(['created', 'created']);
    const second = await applyImport(plan(file('a.md', 'Story/Chapters/01 A.md', 'one, revised\n'), file('m.md', 'Compendium/Characters/M.md', 'M\n')), options(writer, first.manifest));
    expect(second.items.map((item) => item.action)).toEqual(['updated', 'unchanged']);
    expect([...writer.files.keys()].sort()).toEqual(['Compendium/Characters/M.md', 'Story/Chapters/01 A.md']);
    expect(writer.files.get('Story/Chapters/01 A.md')).toBe('one, revised\n');
  });

  it('moves renumbered chapters without mistaking them for the writer\'s edits', async () => {
    const writer = new MapWriter();
    const first = await applyImport(plan(file('a', 'Story/Chapters/01 A.md', 'a\n'), file('b', 'Story/Chapters/02 B.md', 'b\n')), options(writer, null));
    // A new chapter goes first: every chapter moves one place down.
    const second = await applyImport(plan(file('z', 'Story/Chapters/01 Z.md', 'z\n'), file('a', 'Story/Chapters/02 A.md', 'a\n'), file('b', 'Story/Chapters/03 B.md', 'b\n')), options(writer, first.manifest));
    expect(second.items.map((item) => `${item.action} ${item.path}`)).toEqual(['created Story/Chapters/01 Z.md', 'moved Story/Chapters/02 A.md', 'moved Story/Chapters/03 B.md']);
    expect(Object.fromEntries(writer.files)).toEqual({ 'Story/Chapters/01 Z.md': 'z\n', 'Story/Chapters/02 A.md': 'a\n', 'Story/Chapters/03 B.md': 'b\n' });
  });

  it('keeps the writer\'s edits and files, and removes only untouched items gone from the source', async () => {
    const writer = new MapWriter();
    writer.files.set('Story/Chapters/01 A.md', 'my own chapter\n');
    const first = await applyImport(plan(file('a', 'Story/Chapters/01 A.md', 'imported\n'), file('b', 'Story/Chapters/02 B.md', 'b\n'), file('c', 'Story/Chapters/03 C.md', 'c\n')), options(writer, null));
    expect(first.items[0]).toMatchObject({ action: 'created', path: 'Story/Chapters/01 A (imported).md' });
    expect(writer.files.get('Story/Chapters/01 A.md')).toBe('my own chapter\n');
    writer.files.set('Story/Chapters/02 B.md', 'b, edited in the workspace\n');
    const second = await applyImport(plan(file('a', 'Story/Chapters/01 A.md', 'imported again\n')), options(writer, first.manifest));
    expect(second.items.map((item) => `${item.action} ${item.path}`)).toEqual([
      'updated Story/Chapters/01 A (imported).md',
      'kept Story/Chapters/02 B.md',
      'removed Story/Chapters/03 C.md',
    ]);
    expect(writer.files.has('Story/Chapters/03 C.md')).toBe(false);
    expect(writer.files.get('Story/Chapters/02 B.md')).toBe('b, edited in the workspace\n');
  });
});
