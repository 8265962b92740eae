import { ControlRoomError } from '../../protocol/index.js';

/** Result of checking a path a model, a person or a URL gave us. */
export type VfsPathCheck =
  | { ok: true; path: string; segments: string[] }
  | { ok: false; code: 'path_outside_workspace'; message: string };

const MAX_PATH_LENGTH = 1024;
const PERCENT_ESCAPE = /%[0-9a-fA-F]{2}/;

function refuse(raw: string, why: string): VfsPathCheck {
  const shown = raw.length > 120 ? `${raw.slice(0, 117)}...` : raw;
  return {
    ok: false,
    code: 'path_outside_workspace',
    message: `Refused path ${JSON.stringify(shown)}: ${why}. Use a path inside the workspace such as "Story/Scenes/SCN-01.md".`,
  };
}

/** Percent-decodes repeatedly (double encoding is a classic trick), stopping at a fixed point or bad escape. */
function percentDecodings(raw: string): string[] {
  const forms: string[] = [];
  let current = raw;
  for (let round = 0; round < 4 && PERCENT_ESCAPE.test(current); round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      break;
    }
    if (decoded === current) break;
    forms.push(decoded);
    current = decoded;
  }
  return forms;
}

/** The dots, slashes and colons of a string, in order: a path's skeleton. */
function separatorsOf(text: string): string {
  return text.replace(/[^./\\:]/g, '');
}

function structuralProblem(candidate: string): string | null {
  if (candidate.includes('\0')) return 'it contains a NUL byte';
  if (candidate.includes('\\')) return 'it uses a Windows separator (\\); use /';
  if (candidate.startsWith('/')) return 'it is absolute; give a path relative to the workspace';
  if (candidate.startsWith('~')) return 'it points into a home folder';
  if (/^[A-Za-z]:/.test(candidate)) return 'it names a drive';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(candidate)) return 'it is a URL';
  const segments = candidate.split('/');
  if (segments.some((segment) => segment === '..')) return 'it climbs out with ".."';
  const first = segments.find((segment) => segment !== '' && segment !== '.');
  if (first !== undefined && first.toLowerCase() === '.control-room') return 'app data under .control-room/ is not part of the manuscript';
  return null;
}

/**
 * Checks a workspace-relative path and returns its normal form (`Story/Scenes/a.md`), or the
 * reason it is refused. Pure string logic: symlinks are checked by the file-system adapter.
 */
export function normalizeVfsPath(raw: unknown): VfsPathCheck {
  if (typeof raw !== 'string') return refuse(String(raw), 'a path must be a string');
  if (raw.trim() === '') return refuse(raw, 'it is empty');
  if (raw.length > MAX_PATH_LENGTH) return refuse(raw, `it is longer than ${MAX_PATH_LENGTH} characters`);
  // Fullwidth dots and slashes fold to ASCII under NFKC; check every form a lenient layer might see.
  const folded = raw.normalize('NFKC');
  if (separatorsOf(folded) !== separatorsOf(raw)) return refuse(raw, 'it uses look-alike characters for dots, slashes or colons');
  const forms = [raw, folded, ...percentDecodings(raw)];
  for (const form of forms) {
    const problem = structuralProblem(form);
    if (problem !== null) return refuse(raw, form === raw ? problem : `${problem} (once decoded)`);
  }
  const segments = raw.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0) return refuse(raw, 'it names the workspace root, not a file');
  if (segments.some((segment) => /[\u0000-\u001f\u007f]/.test(segment))) return refuse(raw, 'it contains control characters');
  return { ok: true, path: segments.join('/'), segments };
}

/** Like `normalizeVfsPath`, but throws `path_outside_workspace` instead of returning the refusal. */
export function requireVfsPath(raw: unknown): string {
  const checked = normalizeVfsPath(raw);
  if (!checked.ok) throw new ControlRoomError(checked.code, checked.message);
  return checked.path;
}
