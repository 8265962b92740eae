import type { AbsenceHit, EvidenceIssue, TextSpan } from '../../protocol/index.js';
import type { Workspace } from '../ports/index.js';
import { resolveAbsenceScope } from './absence-scope.js';
import { unnamedScope } from './absence-scope-residue.js';
import type { ResolvedSource } from './check-sources.js';
import type { AbsenceDetail } from './parse-absence-detail.js';
import type { QuoteIndex } from './quote-index.js';
import { scenesByTitle } from './scene-titles.js';
import { findTerm, termForms } from './term-search.js';

const EXAMPLE = 'e.g. checked Story/Scenes/SCN-01…SCN-08 for "locket"';
/** Hits listed in a message; the report keeps up to `MAX_HITS`. */
const SHOWN_HITS = 6;
const MAX_HITS = 50;

/** What running an absence claim found: the files searched and where its terms occur. */
export interface AbsenceOutcome {
  searched: string[];
  hits: AbsenceHit[];
}

function missingParts(detail: AbsenceDetail, titled: boolean, span: TextSpan, issues: EvidenceIssue[]): boolean {
  const hasScope = detail.scope.length > 0 || titled;
  const hasTerm = detail.terms.some((term) => /[\p{L}\p{N}]/u.test(term.text));
  if (hasScope && hasTerm) return false;
  const message = !hasScope && !hasTerm
    ? `An absence claim must say what was checked and for what (${EXAMPLE}).`
    : !hasScope
      ? `The absence claim does not say where it looked: name the files or scenes checked (${EXAMPLE}).`
      : `The absence claim does not say what was searched for: add the term in quotes (${EXAMPLE}).`;
  issues.push({ code: 'absence_scope_missing', message, span });
  return true;
}

/** The cited sources' files: an absence claim is also a claim about every file it cites. */
async function sourceFiles(sources: readonly ResolvedSource[], workspace: Workspace): Promise<string[]> {
  const files: string[] = [];
  const all = await workspace.listFiles();
  for (const resolved of sources) {
    if (resolved.file) {
      if (!resolved.file.placeholder) files.push(resolved.file.path);
      continue;
    }
    const folder = resolved.source.path.endsWith('/') ? resolved.source.path : `${resolved.source.path}/`;
    files.push(...all.filter((path) => path.startsWith(folder)));
  }
  return files;
}

/**
 * Runs an absence claim (SPEC §15): its scope must name files that exist (and no more than
 * exist), it must name a term, and every file of the scope and of the cited sources is searched
 * for the term — folded as quotes are, in any case, with its simple inflections. A term that is
 * there makes the claim `absence_contradicted`, listing where (file#Lline).
 */
export async function checkAbsence(
  detail: AbsenceDetail,
  detailText: { text: string; start: number; end: number },
  sources: readonly ResolvedSource[],
  workspace: Workspace,
  index: QuoteIndex,
  issues: EvidenceIssue[],
): Promise<AbsenceOutcome> {
  const outcome: AbsenceOutcome = { searched: [], hits: [] };
  const detailSpan = { start: detailText.start, end: detailText.end };
  // A scope phrase that is none of its files, folders, ids and ranges may still be a scene's title.
  const titled = await scenesByTitle(unnamedScope(detailText.text, detailText.start, detail), workspace, index);
  if (missingParts(detail, titled.files.length > 0, detailSpan, issues)) return outcome;
  for (const phrase of titled.unresolved) {
    const message = `The scope names "${phrase.text}", which is no file, folder, scene id or scene title of the manuscript, so it cannot be searched; name the files or scenes it covers (${EXAMPLE}).`;
    issues.push({ code: 'absence_scope_missing', message, span: phrase.span });
  }
  const scope = detail.scope.length > 0 ? await resolveAbsenceScope(detail.scope, detailText.text, detailText.start, workspace) : { ok: true as const, files: [] };
  if (!scope.ok) {
    for (const problem of scope.problems) issues.push({ code: 'absence_scope_missing', message: problem.message, span: problem.span });
    return outcome;
  }
  if (titled.unresolved.length > 0) return outcome;
  const paths = [...new Set([...scope.files, ...titled.files, ...(await sourceFiles(sources, workspace))])].sort();
  outcome.searched = paths;
  const terms = detail.terms.filter((term) => /[\p{L}\p{N}]/u.test(term.text));
  for (const term of terms) {
    const forms = termForms(term.text);
    const found: AbsenceHit[] = [];
    for (const path of paths) {
      // A file the VFS cannot read as text (binary, too large) cannot hold the term.
      const file = await index.file(workspace, path).catch(() => null);
      if (!file || file.placeholder) continue;
      for (const match of findTerm(file, forms, MAX_HITS)) {
        found.push({ term: term.text, path, line: match.startLine });
        if (found.length >= MAX_HITS) break;
      }
      if (found.length >= MAX_HITS) break;
    }
    if (found.length === 0) continue;
    outcome.hits.push(...found);
    const places = found.slice(0, SHOWN_HITS).map((hit) => `${hit.path}#L${hit.line}`);
    const more = found.length > SHOWN_HITS ? ` and ${found.length - SHOWN_HITS} more` : '';
    issues.push({
      code: 'absence_contradicted',
      message: `"${term.text}" is in the scope this claim says it is absent from: ${places.join(', ')}${more}. Quote it instead, or narrow the claim.`,
      span: term.span,
    });
  }
  return outcome;
}
