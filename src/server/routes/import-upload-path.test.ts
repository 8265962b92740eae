import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uploadPathProblem } from './import-upload-path.js';

const BASE = '/staging/upload';
const WINDOWS_BASE = 'C:\\staging\\upload';

/** True when a path, joined the way staging joins it, names a place strictly inside the base, on POSIX and on Windows. */
function staysInside(relative: string): boolean {
  const segments = relative.split('/');
  const posix = path.posix.relative(BASE, path.posix.resolve(BASE, ...segments));
  const windows = path.win32.relative(WINDOWS_BASE, path.win32.resolve(WINDOWS_BASE, ...segments));
  const leaves = (relative: string, separator: string): boolean => relative === '' || relative === '..' || relative.startsWith(`..${separator}`) || path.win32.isAbsolute(relative);
  return !leaves(posix, '/') && !leaves(windows, '\\');
}

describe('uploadPathProblem', () => {
  it('accepts the paths folder pickers send for vaults, chapters and Scrivener packages', () => {
    for (const accepted of ['Vault/Notes/Ilse Marten.md', 'Book.docx', 'Novel.scriv/Files/Data/3F2A-11/content.rtf', '.obsidian/app.json', 'Drafts/Chapter 1: Arrival.md', 'Ünïcode/Kapitel – ein.md', 'v1.2/notes..md']) {
      expect({ accepted, problem: uploadPathProblem(accepted) }).toEqual({ accepted, problem: null });
    }
  });

  it('refuses what could leave the folder or cannot be stored, however it is spelled', () => {
    const refused = ['', '..', '../x', 'a/../../x', './x', 'a/./x', '/etc/passwd', '//server/share', 'C:/x', 'c:x', 'a\\..\\x', 'a/%2e%2e/x', 'a/%2E./x', 'a/.%2e', 'a/%2e%2e%2fx', 'a/%5c..', 'a/C:..', 'a/c:x.md', 'a/%43:x', 'a\u0000b', 'a/\u0007', 'a//b', 'a/', 'a/. ./b', 'a/.../b', 'a/ /b', `a/${'x'.repeat(256)}`, 'a/'.repeat(70) + 'x'];
    for (const name of refused) expect({ name, refused: uploadPathProblem(name) !== null }).toEqual({ name, refused: true });
    for (const name of ['Drafts/Chapter 1: Arrival.md', 'a/CON', 'a/nul.txt', 'a/trailing.', 'a/what?.md']) {
      expect({ name, refused: uploadPathProblem(name, { windows: true }) !== null }).toEqual({ name, refused: true });
    }
    expect(uploadPathProblem(42)).not.toBeNull();
  });

  it('never throws, and every path it accepts stays inside the staging folder on POSIX and Windows', () => {
    const piece = fc.constantFrom('a', 'b.md', '.', '..', '...', ' ', '%2e', '%2E%2e', '%2f', '%5c', '%', '\\', ':', 'C:', '~', '\u0000', '\u001f', '\u202e', 'ä', '/');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.boolean(), (pieces, windows) => {
        const candidate = pieces.join('');
        const problem = uploadPathProblem(candidate, { windows });
        if (problem === null) expect(staysInside(candidate)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
