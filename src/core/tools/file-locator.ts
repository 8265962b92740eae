import { FileLocatorArgsSchema, isControlRoomError, type FileLocatorArgs, type FileRef, type VfsRole } from '../../protocol/index.js';
import { classifyVfsPath, splitLines } from '../vfs/index.js';
import { withDryRun } from './dry-run.js';
import { fileRefFor } from '../manuscript/file-ref.js';
import type { ToolDefinition } from './tool-definition.js';

const DEFAULT_MAX_RESULTS = 12;
const MAX_LINES_PER_FILE = 5;
const SNIPPET_LENGTH = 160;
/** DEEP_SCAN reads only these; anything else in Story/ or Compendium/ (images, say) is listed but not searched. */
const TEXT_EXTENSIONS = new Set(['md', 'markdown', 'txt', 'text', 'yaml', 'yml', 'json', 'csv']);
/** Words too common to rank a file by; kept when they are all the criteria has. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'in', 'on', 'to', 'for', 'with', 'is', 'it', 'at', 'by', 'file', 'files', 'find', 'where']);

/** What ranking needs of a path; a pure function of the path, so it is kept between queries. */
interface Candidate { path: string; role: VfsRole; name: string; compactName: string; compactStem: string; compactFolders: string }
interface Criteria { raw: string; tokens: string[]; globs: RegExp[]; wanted: string; compactWanted: string }
interface Match { path: string; role: VfsRole; score: number; matched: 'path' | 'name' | 'content'; lines?: Array<{ line: number; text: string }>; line_hits?: number }
/** Paths remembered with their ranking features; cleared when it grows past this many. */
const MAX_REMEMBERED_PATHS = 100_000;
const candidates = new Map<string, Candidate>();

function compact(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `*` stays inside one folder, `**` crosses folders, `?` is one character; matched case-insensitively. */
function globToRegExp(glob: string): RegExp {
  const source = glob.split(/(\*\*|\*|\?)/).map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part === '?' ? '[^/]' : escapeRegExp(part))).join('');
  return new RegExp(`^${source}$`, 'iu');
}

function parseCriteria(raw: string, includeGlobs: boolean): Criteria {
  const text = raw.normalize('NFKC').trim();
  const pieces = text.split(/\s+/);
  const globs = includeGlobs ? pieces.filter((piece) => /[*?]/.test(piece)).map(globToRegExp) : [];
  const words = includeGlobs ? pieces.filter((piece) => !/[*?]/.test(piece)).join(' ') : text;
  const all = [...new Set(words.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word !== ''))];
  const meaningful = all.filter((word) => !STOP_WORDS.has(word));
  const wanted = text.replace(/^\.\//, '').toLowerCase();
  return { raw: text, tokens: meaningful.length > 0 ? meaningful : all, globs, wanted, compactWanted: compact(wanted) };
}

/** The ranking features of a path, computed once per path (they depend on nothing else). */
function candidateFor(path: string): Candidate {
  let candidate = candidates.get(path);
  if (candidate) return candidate;
  const name = path.slice(path.lastIndexOf('/') + 1);
  const stem = name.replace(/\.[^.]+$/, '');
  candidate = { path, role: classifyVfsPath(path), name, compactName: compact(name), compactStem: compact(stem), compactFolders: compact(path.slice(0, path.length - name.length)) };
  if (candidates.size >= MAX_REMEMBERED_PATHS) candidates.clear();
  candidates.set(path, candidate);
  return candidate;
}

/** Ranks a file by its path alone: exact path first, then words of the name, then folders and role. */
function scorePath(file: Candidate, criteria: Criteria): Pick<Match, 'score' | 'matched'> | null {
  const { wanted, compactWanted } = criteria;
  if (wanted === file.path.toLowerCase()) return { score: 100, matched: 'path' };
  if (wanted !== '' && (compactWanted === file.compactName || compactWanted === file.compactStem)) return { score: 90, matched: 'name' };
  const folders = file.compactFolders;
  let score = 0;
  let inName = 0;
  let found = 0;
  for (const token of criteria.tokens) {
    const role = file.role as string;
    if (file.compactName.includes(token)) {
      score += 10;
      inName += 1;
    } else if (folders.includes(token)) score += 3;
    else if (token.length >= 4 && (role.startsWith(token) || token.startsWith(role))) score += 4;
    else continue;
    found += 1;
  }
  if (found === 0) return null;
  if (criteria.tokens.length > 1 && file.compactName.includes(criteria.tokens.join(''))) score += 15;
  if (found === criteria.tokens.length) score += 20;
  return { score, matched: inName > 0 ? 'name' : 'path' };
}

function snippet(line: string, firstHit: number): string {
  const trimmed = line.trim();
  if (trimmed.length <= SNIPPET_LENGTH) return trimmed;
  const start = Math.max(0, Math.min(firstHit - 60, line.length - SNIPPET_LENGTH));
  const piece = line.slice(start, start + SNIPPET_LENGTH).trim();
  return `${start > 0 ? '…' : ''}${piece}${start + SNIPPET_LENGTH < line.length ? '…' : ''}`;
}

/** Lines holding every word of the criteria (each word starting at a word boundary), with file refs of those lines. */
function searchLines(path: string, content: string, tokens: readonly string[]): { hits: Array<{ line: number; text: string }>; total: number; refs: FileRef[] } {
  const patterns = tokens.map((token) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(token)}`, 'iu'));
  const hits: Array<{ line: number; text: string }> = [];
  const refs: FileRef[] = [];
  let total = 0;
  const source = { path, lines: splitLines(content) };
  source.lines.forEach((line, index) => {
    const folded = line.normalize('NFKC');
    if (!patterns.every((pattern) => pattern.test(folded))) return;
    total += 1;
    if (hits.length >= MAX_LINES_PER_FILE) return;
    hits.push({ line: index + 1, text: snippet(folded, folded.search(patterns[0] ?? /^/u)) });
    refs.push(fileRefFor(source, index + 1));
  });
  return { hits, total, refs };
}

function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function describe(args: FileLocatorArgs): string {
  const limit = args.max_results ?? DEFAULT_MAX_RESULTS;
  const how = args.scan_mode === 'DEEP_SCAN' ? 'search file names and the text of every text file' : 'match file names and paths in the VFS tree';
  return `${how} for ${JSON.stringify(args.search_criteria)}${args.include_globs ? ' (with * and ? as wildcards)' : ''}, returning up to ${limit} files`;
}

function withoutPathAndRole(match: Match): Omit<Match, 'path' | 'role'> {
  const { path: _path, role: _role, ...rest } = match;
  return rest;
}

/** `file_locator`: finds manuscript files by name, path or (DEEP_SCAN) content, through the VFS tree only. */
export const fileLocatorTool: ToolDefinition<FileLocatorArgs> = withDryRun<FileLocatorArgs>({
  id: 'file_locator',
  summary: 'Find files by name or path; DEEP_SCAN also searches their text and returns the matching lines.',
  description:
    'Find files in the manuscript before analysing them. FAST_SCAN ranks files by path and name (tolerant of -, _ and spaces; ' +
    'an exact path ranks first) and returns metadata only. DEEP_SCAN also searches the text of every file and returns matching ' +
    'line numbers with short snippets; use it to check whether something is mentioned anywhere. With include_globs, * and ? in ' +
    'search_criteria are wildcards (e.g. "Story/Scenes/*.md").',
  schema: FileLocatorArgsSchema,
  example: { search_criteria: 'Story/SCN-outline.md', scan_mode: 'FAST_SCAN', max_results: 12, include_globs: false, dry_run: false },
  describeDryRun: describe,
  async run(args, context) {
    const deep = args.scan_mode === 'DEEP_SCAN';
    const criteria = parseCriteria(args.search_criteria, args.include_globs === true);
    // Names only: the listing is cheap to keep current, sizes are asked for the kept results alone.
    const files = (await context.workspace.listFiles()).map(candidateFor);
    const inScope = files.filter((file) => criteria.globs.every((glob) => glob.test(file.path) || glob.test(file.path.slice(file.path.lastIndexOf('/') + 1))));
    const matches: Match[] = [];
    const fileRefs: FileRef[] = [];
    const skipped: Array<{ path: string; reason: string }> = [];
    for (const file of inScope) {
      if (criteria.tokens.length === 0) {
        if (criteria.globs.length > 0) matches.push({ path: file.path, role: file.role, score: 1, matched: 'path' });
        continue;
      }
      const byPath = scorePath(file, criteria);
      let match: Match | null = byPath ? { path: file.path, role: file.role, ...byPath } : null;
      if (deep && TEXT_EXTENSIONS.has(extensionOf(file.path))) {
        context.signal?.throwIfAborted();
        try {
          const read = await context.workspace.read(file.path);
          const found = searchLines(read.path, read.content, criteria.tokens);
          if (found.total > 0) {
            const contentScore = 5 + Math.min(found.total, 10);
            match = match ? { ...match, score: match.score + contentScore } : { path: file.path, role: file.role, score: contentScore, matched: 'content' };
            match.lines = found.hits;
            match.line_hits = found.total;
            fileRefs.push(...found.refs);
          }
        } catch (error) {
          // One unreadable file (binary, too large, a dangling link) must not sink the whole search.
          if (!isControlRoomError(error)) throw error;
          skipped.push({ path: file.path, reason: error.code });
        }
      }
      if (match) matches.push(match);
    }
    matches.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
    const limit = args.max_results ?? DEFAULT_MAX_RESULTS;
    const results: Array<Match & { size: number }> = [];
    for (const match of matches) {
      if (results.length >= limit) break;
      // A file removed since the listing is left out rather than reported with a guessed size.
      const size = await context.workspace.stat(match.path).then(
        (info) => info.size,
        (error: unknown) => {
          if (!isControlRoomError(error)) throw error;
          return null;
        },
      );
      if (size !== null) results.push({ path: match.path, role: match.role, size, ...withoutPathAndRole(match) });
    }
    const kept = new Set(results.map((match) => match.path));
    const result: Record<string, unknown> = {
      search_criteria: args.search_criteria,
      scan_mode: deep ? 'DEEP_SCAN' : 'FAST_SCAN',
      files_scanned: inScope.length,
      total_matches: matches.length,
      results,
    };
    if (matches.length > limit) result['truncated'] = true;
    if (skipped.length > 0) result['skipped'] = skipped;
    if (criteria.tokens.length === 0 && criteria.globs.length === 0) result['note'] = 'search_criteria has no words to search for.';
    return { result, fileRefs: fileRefs.filter((ref) => kept.has(ref.path)) };
  },
});
