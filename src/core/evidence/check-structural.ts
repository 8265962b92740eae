import type { EvidenceIssue, TextSpan } from '../../protocol/index.js';
import type { Outline, OutlineEntry } from '../manuscript/index.js';
import type { Workspace } from '../ports/index.js';
import type { ResolvedSource } from './check-sources.js';
import { lineCount, type IndexedFile } from './indexed-file.js';
import { headingsOf, titleKey, titleNames } from './markdown-headings.js';
import { outlineHasTitle, outlineOf, resolveOutlineRef, targetLines, titleMatches, type OutlineTarget } from './outline-reference.js';
import type { LineRangeRef, OutlineRef, StructuralDetail } from './parse-structural-detail.js';
import type { QuoteIndex } from './quote-index.js';

const MISSING = 'A structural claim needs a line range (L12-L20) or a section or outline entry (“Act 2 › Scene 5”), in the detail or as #L12-L20 / #Section on the source.';

/** The workspace's outline (found through the tree, never a fixed path), or null when it has none. */
async function loadOutline(workspace: Workspace, index: QuoteIndex): Promise<{ file: IndexedFile; outline: Outline } | null> {
  try {
    const outlinePath = (await workspace.tree()).outlinePath;
    if (outlinePath === null) return null;
    const file = await index.file(workspace, outlinePath);
    return { file, outline: outlineOf(file) };
  } catch {
    return null;
  }
}

/** True when the last step of an outline entry names a heading of one of the files ("Scene 5", "Act 2"). */
function namesHeading(ref: OutlineRef, files: readonly IndexedFile[]): boolean {
  const label = ref.steps[ref.steps.length - 1]?.label ?? '';
  return files.some((file) => headingsOf(file).some((heading) => titleNames(label, heading)));
}

function refLabel(ref: OutlineRef): string {
  return ref.steps.map((step) => step.label).join(' › ');
}

/** The first number of a file name: `SCN-04-…` → 4, `03 The Ferry.md` → 3. */
function numberInName(path: string): number | null {
  const match = /(\d{1,4})/.exec(path.slice(path.lastIndexOf('/') + 1));
  return match ? Number(match[1]) : null;
}

/** True when the outline entry is the scene written in `path` (its `File:` field, else the number in the file's name). */
function entryIsFile(entry: OutlineEntry, path: string): boolean {
  const named = entry.fields.file?.value.replace(/^[`'"]|[`'"]$/g, '').trim();
  if (named) return path === named || path.endsWith(`/${named}`) || named.endsWith(`/${path}`);
  return entry.number !== null && numberInName(path) === entry.number;
}

function isBlank(file: IndexedFile, line: number): boolean {
  const start = file.lineStarts[line - 1];
  if (start === undefined) return false;
  const end = file.lineStarts[line] ?? file.original.length;
  return file.original.slice(start, end).trim() === '';
}

/** An entry's lines with the blank lines around it: citing the empty line after a scene entry is still that entry. */
function withBlankEdges(file: IndexedFile, lines: { start: number; end: number } | null): { start: number; end: number } | null {
  if (!lines) return null;
  let { start, end } = lines;
  while (start > 1 && isBlank(file, start - 1)) start -= 1;
  while (isBlank(file, end + 1)) end += 1;
  return { start, end };
}

/**
 * A quoted title beside an outline entry (`Scene 3 "The Surgery"`, `"The Drowned Bell" in Act 2`)
 * says which entry that is: when it is the title of an act or scene of the outline, it must be
 * the entry named or inside it.
 */
function checkTitlesBeside(detail: StructuralDetail, detailText: string, detailStart: number, outline: Outline, targets: ReadonlyArray<{ ref: OutlineRef; target: OutlineTarget }>, issues: EvidenceIssue[]): void {
  const between = (from: number, to: number): string => detailText.slice(from - detailStart, to - detailStart);
  for (const title of detail.titles) {
    const beside = targets.find(({ ref }) =>
      (ref.span.end <= title.span.start && /^\s*[:—–(›>»→-]?\s*[("“]?$/.test(between(ref.span.end, title.span.start))) ||
      (title.span.end <= ref.span.start && /^["”)]?[\s,:(—–›>»→-]*(?:(?:is|are|sits|lies|comes|falls|belongs|in|to|of|from|under|within|inside|part|the)\b[\s,:(—–›>»→-]*)*$/i.test(between(title.span.end, ref.span.start))),
    );
    if (!beside) continue;
    const act = outline.acts.find((candidate) => titleMatches(title.text, candidate.title) && titleMatches(candidate.title, title.text));
    const entry = outline.entries.find((candidate) => titleMatches(title.text, candidate.title) && titleMatches(candidate.title, title.text));
    const { target } = beside;
    const fits = entry
      ? target.entry
        ? target.entry === entry
        : target.act
          ? target.act.entries.includes(entry)
          : true
      : act
        ? target.act === act || (target.entry !== undefined && outline.acts[target.entry.actIndex] === act)
        : true;
    if (fits) continue;
    const named = entry ? `Scene ${entry.number ?? entry.title}${outline.acts[entry.actIndex]?.number ? ` of Act ${outline.acts[entry.actIndex]?.number}` : ''}` : `Act ${act?.number ?? '?'}`;
    issues.push({
      code: 'structural_ref_missing',
      message: `“${title.text}” is ${named} in the outline, not “${refLabel(beside.ref)}”; name the entry the title belongs to.`,
      span: title.span,
    });
  }
}

/**
 * A cited line range must fall inside the outline entry the detail names (SPEC §15): on the
 * outline, within the entry's (or act's, or beat's) lines; in a scene file, the file must be that
 * entry's scene (or a scene of that act).
 */
function checkCitedLinesInEntry(
  ref: OutlineRef,
  target: OutlineTarget,
  loaded: { file: IndexedFile; outline: Outline },
  sources: readonly ResolvedSource[],
  detail: StructuralDetail,
  issues: EvidenceIssue[],
): void {
  const cited: Array<{ file: IndexedFile; start: number; end: number; span: LineRangeRef['span'] }> = [];
  for (const resolved of sources) {
    if (!resolved.file) continue;
    if (resolved.range && resolved.source.lines) cited.push({ file: resolved.file, ...resolved.range, span: resolved.source.span });
    for (const range of detail.lineRanges) cited.push({ file: resolved.file, start: range.start, end: range.end, span: range.span });
  }
  for (const range of cited) {
    if (range.file.path === loaded.file.path) {
      const lines = withBlankEdges(loaded.file, targetLines(target, loaded.outline, lineCount(loaded.file)));
      if (lines && (range.start < lines.start || range.end > lines.end)) {
        issues.push({
          code: 'structural_ref_missing',
          message: `Lines ${range.start}-${range.end} of ${range.file.path} are not inside “${refLabel(ref)}” (lines ${lines.start}-${lines.end}); cite lines of the entry you name.`,
          span: range.span,
        });
      }
      continue;
    }
    const entries = target.entry ? [target.entry] : target.act ? target.act.entries : [];
    if (entries.length === 0 || target.beat) continue;
    if (!entries.some((entry) => entryIsFile(entry, range.file.path))) {
      const home = loaded.outline.entries.find((entry) => entryIsFile(entry, range.file.path));
      const where = home
        ? ` (the outline has it as Scene ${home.number ?? home.title}${loaded.outline.acts[home.actIndex]?.number ? ` of Act ${loaded.outline.acts[home.actIndex]?.number}` : ''})`
        : '';
      issues.push({
        code: 'structural_ref_missing',
        message: `${range.file.path} is not “${refLabel(ref)}”${where}; cite the lines of the scene you name.`,
        span: range.span,
      });
    }
  }
}

/**
 * Checks a structural claim: its line ranges must lie inside a cited file, its outline entries
 * must exist in the outline (or as headings of the cited files), and its quoted titles must name
 * a heading or outline entry. A `#L`/`#section` on a source counts as the reference.
 */
export async function checkStructural(detail: StructuralDetail, detailSpan: TextSpan, detailText: string, sources: readonly ResolvedSource[], workspace: Workspace, index: QuoteIndex, issues: EvidenceIssue[]): Promise<void> {
  const anchored = sources.some((resolved) => resolved.range !== undefined);
  const cited = sources.some((resolved) => resolved.source.lines !== undefined || resolved.source.section !== undefined);
  if (detail.lineRanges.length === 0 && detail.outline.length === 0 && detail.titles.length === 0 && !anchored) {
    // A source anchor that failed its own check is already reported; do not pile on.
    if (!cited) issues.push({ code: 'structural_ref_missing', message: MISSING, span: detailSpan });
    return;
  }
  const files = sources.flatMap((resolved) => (resolved.file ? [resolved.file] : []));
  for (const range of detail.lineRanges) {
    if (files.length === 0) break;
    if (range.start < 1) {
      issues.push({ code: 'structural_ref_missing', message: `L${range.start} is not a line; lines are counted from 1.`, span: range.span });
    } else if (range.end < range.start) {
      issues.push({ code: 'structural_ref_missing', message: `L${range.start}-L${range.end} runs backwards; write the first line first.`, span: range.span });
    } else if (!files.some((file) => range.end <= lineCount(file))) {
      const sizes = files.map((file) => `${file.path} has ${lineCount(file)} lines`).join('; ');
      issues.push({ code: 'structural_ref_missing', message: `Lines ${range.start}-${range.end} are outside the cited file (${sizes}).`, span: range.span });
    }
  }
  const bareTitles = detail.lineRanges.length === 0 && detail.outline.length === 0 && !anchored;
  if (detail.outline.length === 0 && !bareTitles) return;
  const loaded = await loadOutline(workspace, index);
  const targets: Array<{ ref: OutlineRef; target: OutlineTarget }> = [];
  for (const ref of detail.outline) {
    const resolved = loaded ? resolveOutlineRef(ref, loaded.outline) : { ok: false as const, problem: 'the manuscript has no outline' };
    // Outside the outline a scene may be a heading of the cited file (a chapter file with "## Scene 2").
    if (!resolved.ok) {
      if (!namesHeading(ref, files.filter((file) => file.path !== loaded?.file.path))) {
        issues.push({ code: 'structural_ref_missing', message: `“${ref.steps.map((step) => step.label).join(' › ')}” is not an outline entry: ${resolved.problem}.`, span: ref.span });
      }
      continue;
    }
    targets.push({ ref, target: resolved.target });
    if (loaded) checkCitedLinesInEntry(ref, resolved.target, loaded, sources, detail, issues);
  }
  if (loaded) checkTitlesBeside(detail, detailText, detailSpan.start, loaded.outline, targets, issues);
  if (!bareTitles) return;
  // Only quoted titles: quoted words are prose when a range or entry is given, the reference when not.
  const searchable = loaded ? [...files, loaded.file] : files;
  const names = (text: string): boolean =>
    (loaded ? outlineHasTitle(loaded.outline, text) : false) || searchable.some((file) => headingsOf(file).some((heading) => heading.key === titleKey(text) || titleNames(text, heading)));
  if (!detail.titles.some((title) => names(title.text))) {
    const first = detail.titles[0];
    issues.push({ code: 'structural_ref_missing', message: `No heading or outline entry is titled ${detail.titles.map((title) => `“${title.text}”`).join(' or ')}. ${MISSING}`, span: first ? first.span : detailSpan });
  }
}
