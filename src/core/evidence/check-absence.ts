import type { EvidenceIssue, TextSpan } from '../../protocol/index.js';
import type { Workspace } from '../ports/index.js';
import type { AbsenceDetail, ScopeItem } from './parse-absence-detail.js';

const EXAMPLE = 'e.g. checked Story/Scenes/SCN-01…SCN-08 for "locket"';

/** The scene number in a scene id or file name (`SCN-04`, `SCN-04-the-logbook.md`), or null. */
function sceneNumber(name: string): number | null {
  const match = /^SCN-0*(\d+)(?!\d)/i.exec(name);
  return match ? Number(match[1]) : null;
}

/** True when a scope item names something that exists: a file or folder path, or a scene file. */
function scopeExists(item: ScopeItem, files: readonly string[]): boolean {
  if (item.kind === 'path') {
    const path = item.text.replace(/[.)\]]+$/, '');
    const folder = path.endsWith('/') ? path : `${path}/`;
    // `Story/Scenes/SCN-01` names `Story/Scenes/SCN-01-the-lamp-room.md`: a name up to its slug.
    return files.some((file) => file === path || file.startsWith(folder) || (file.startsWith(path) && /^[-.]/.test(file.slice(path.length))));
  }
  if (item.kind === 'scene') {
    const number = sceneNumber(item.text);
    return files.some((file) => {
      const name = file.split('/').pop() ?? '';
      return number !== null ? sceneNumber(name) === number : name.toLowerCase().startsWith(item.text.toLowerCase());
    });
  }
  return true;
}

/**
 * Checks an absence claim: the detail must name what was checked (files, folders, scene ids or a
 * numbered range such as "scenes 1–8") and what was searched for (a quoted term or "for <word>");
 * named files and scenes must exist.
 */
export async function checkAbsence(detail: AbsenceDetail, detailSpan: TextSpan, workspace: Workspace, issues: EvidenceIssue[]): Promise<void> {
  const hasScope = detail.scope.length > 0;
  const hasTerm = detail.terms.length > 0;
  if (!hasScope || !hasTerm) {
    const message = !hasScope && !hasTerm
      ? `An absence claim must say what was checked and for what (${EXAMPLE}).`
      : !hasScope
        ? `The absence claim does not say where it looked: name the files or scenes checked (${EXAMPLE}).`
        : `The absence claim does not say what was searched for: add the term in quotes (${EXAMPLE}).`;
    issues.push({ code: 'absence_scope_missing', message, span: detailSpan });
  }
  const named = detail.scope.filter((item) => item.kind === 'path' || item.kind === 'scene');
  if (named.length === 0) return;
  let files: string[];
  try {
    files = await workspace.listFiles();
  } catch {
    return;
  }
  for (const item of named) {
    if (!scopeExists(item, files)) {
      issues.push({ code: 'absence_scope_missing', message: `The scope names ${item.text}, which is not in the manuscript; name files or scenes that exist.`, span: item.span });
    }
  }
}
