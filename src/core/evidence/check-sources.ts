import { isControlRoomError, type EvidenceIssue, type EvidenceType } from '../../protocol/index.js';
import type { Workspace } from '../ports/index.js';
import { lineCount, type IndexedFile } from './indexed-file.js';
import { findSection, headingsOf } from './markdown-headings.js';
import type { ParsedSource } from './parse-sources.js';
import type { QuoteIndex } from './quote-index.js';

/** A cited source that exists: a file (with the lines the citation narrows it to) or, for absence claims, a folder. */
export interface ResolvedSource {
  source: ParsedSource;
  file: IndexedFile | null;
  /** Lines the citation covers: its `#L` range, or its `#section`'s lines; undefined for the whole file. */
  range?: { start: number; end: number };
}

/** Files whose name matches the cited one, for "did you mean" hints. */
async function similarPaths(workspace: Workspace, cited: string): Promise<string[]> {
  const name = (cited.split('/').pop() ?? cited).toLowerCase().replace(/\.md$/, '');
  if (name === '') return [];
  const files = await workspace.listFiles().catch(() => [] as string[]);
  return files.filter((path) => (path.split('/').pop() ?? '').toLowerCase().startsWith(name)).slice(0, 3);
}

async function isFolder(workspace: Workspace, path: string): Promise<boolean> {
  const prefix = path.endsWith('/') ? path : `${path}/`;
  const files = await workspace.listFiles().catch(() => [] as string[]);
  return files.some((file) => file.startsWith(prefix));
}

function describe(error: unknown): { code: string; message: string } {
  if (isControlRoomError(error)) return { code: error.code, message: error.message };
  return { code: 'unreadable', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Checks that each cited source exists in the VFS (path safety and not-found are both
 * `source_not_found`), that a `#L` range lies inside the file and that a `#section` is one of its
 * headings. Folders count only for absence claims, whose scope may be a folder.
 */
export async function checkSources(sources: readonly ParsedSource[], type: EvidenceType | null, workspace: Workspace, index: QuoteIndex, issues: EvidenceIssue[]): Promise<ResolvedSource[]> {
  const resolved: ResolvedSource[] = [];
  for (const source of sources) {
    const span = source.span;
    let file: IndexedFile;
    try {
      file = await index.file(workspace, source.path);
    } catch (error) {
      const failure = describe(error);
      if ((failure.code === 'path_is_directory' || failure.code === 'path_not_found') && type === 'absence' && (await isFolder(workspace, source.path))) {
        resolved.push({ source, file: null });
        continue;
      }
      let message = `${source.path} cannot be cited: ${failure.message}`;
      if (failure.code === 'path_not_found') {
        const similar = await similarPaths(workspace, source.path);
        message = `${source.path} is not a file in the manuscript.${similar.length > 0 ? ` Did you mean ${similar.join(' or ')}?` : ' Cite the full VFS path, e.g. Story/Scenes/SCN-01-….md.'}`;
      } else if (failure.code === 'path_is_directory') {
        message = `${source.path} is a folder; cite a file inside it.`;
      }
      issues.push({ code: 'source_not_found', message, span });
      continue;
    }
    if (file.placeholder) {
      const message = `${file.path} is a placeholder until the canon index is built (control-room canon index); cite the scene or Compendium file instead.`;
      issues.push({ code: 'source_not_found', message, span });
      continue;
    }
    if (source.lines) {
      const lines = lineCount(file);
      if (source.lines.start > lines || source.lines.end > lines) {
        issues.push({ code: 'source_not_found', message: `${file.path} has ${lines} lines; #L${source.lines.start}-L${source.lines.end} is outside it.`, span });
        continue;
      }
      resolved.push({ source, file, range: { ...source.lines } });
      continue;
    }
    if (source.section !== undefined) {
      const heading = findSection(file, source.section);
      if (!heading) {
        const titles = headingsOf(file).map((candidate) => candidate.title).slice(0, 8);
        issues.push({ code: 'source_not_found', message: `${file.path} has no section "${source.section}"${titles.length > 0 ? `; its headings are: ${titles.join(' | ')}` : ' (it has no headings; cite lines with #L12-L20)'}.`, span });
        continue;
      }
      resolved.push({ source, file, range: { start: heading.line, end: heading.endLine } });
      continue;
    }
    resolved.push({ source, file });
  }
  return resolved;
}
