import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeVfsPath } from './normalize-vfs-path.js';

describe('normalizeVfsPath', () => {
  it.each([
    ['Story/Scenes/SCN-01.md', 'Story/Scenes/SCN-01.md'],
    ['./Story//Scenes/./SCN-01.md', 'Story/Scenes/SCN-01.md'],
    ['Canon.md', 'Canon.md'],
    ['Compendium/Characters/CHAR-mara quell.md', 'Compendium/Characters/CHAR-mara quell.md'],
    ['Story/100% draft.md', 'Story/100% draft.md'],
  ])('accepts %j as %j', (raw, expected) => {
    expect(normalizeVfsPath(raw)).toEqual({ ok: true, path: expected, segments: expected.split('/') });
  });

  it.each([
    ['../../etc/passwd', 'climbs out'],
    ['Story/../../secret.txt', 'climbs out'],
    ['Story/Scenes/..', 'climbs out'],
    ['/etc/passwd', 'absolute'],
    ['~/notes.md', 'home folder'],
    ['C:/Windows/win.ini', 'drive'],
    ['Story\\..\\..\\boot.ini', 'Windows separator'],
    ['Story\\Scenes\\SCN-01.md', 'Windows separator'],
    ['Story/SCN-01.md\u0000.png', 'NUL byte'],
    ['%2e%2e/%2e%2e/etc/passwd', 'once decoded'],
    ['Story/%2E%2E/%2E%2E/etc/passwd', 'once decoded'],
    ['%252e%252e/etc/passwd', 'once decoded'],
    ['..%2fetc%2fpasswd', 'climbs out'],
    ['Story%2f..%2f..%2fetc', 'once decoded'],
    ['%5c..%5c..%5cwin.ini', 'once decoded'],
    ['Story/%00.md', 'once decoded'],
    ['．．/．．/etc/passwd', 'look-alike'],
    ['.control-room/audit/secret.key', '.control-room'],
    ['./.control-room/traces.db', '.control-room'],
    ['.CONTROL-ROOM/agents/agents.json', '.control-room'],
    ['file:///etc/passwd', 'URL'],
    ['', 'empty'],
    ['   ', 'empty'],
    ['.', 'root'],
    ['Story/\u0007bell.md', 'control characters'],
  ])('refuses %j with path_outside_workspace (%s)', (raw, why) => {
    const result = normalizeVfsPath(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe('path_outside_workspace');
      expect(result.message).toContain(why);
    }
  });

  it('refuses non-strings and overlong paths', () => {
    expect(normalizeVfsPath(42).ok).toBe(false);
    expect(normalizeVfsPath(null).ok).toBe(false);
    expect(normalizeVfsPath(`Story/${'a'.repeat(2000)}.md`).ok).toBe(false);
  });

  it('never returns a path that could leave the root, whatever the input (property)', () => {
    const piece = fc.oneof(
      fc.constantFrom('..', '.', '', '/', '\\', '%2e', '%2f', '%25', '%5c', '\u0000', '．', '／', '~', 'C:', '.control-room', 'Story', 'a'),
      fc.string({ maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.boolean(), (pieces, joinWithSlash) => {
        const raw = pieces.join(joinWithSlash ? '/' : '');
        const result = normalizeVfsPath(raw);
        if (!result.ok) return;
        const forms = [result.path, result.path.normalize('NFKC')];
        for (const form of forms) {
          const segments = form.split('/');
          expect(segments).not.toContain('..');
          expect(form.startsWith('/')).toBe(false);
          expect(form.includes('\\')).toBe(false);
          expect(form.includes('\u0000')).toBe(false);
          expect(segments[0]?.toLowerCase()).not.toBe('.control-room');
        }
        // Simulate a resolver that joins the path onto a root: it must stay under the root.
        const stack: string[] = [];
        for (const segment of result.segments) {
          if (segment === '..') stack.pop();
          else stack.push(segment);
        }
        expect(stack.length).toBe(result.segments.length);
      }),
      { numRuns: 20_000 },
    );
  });
});
