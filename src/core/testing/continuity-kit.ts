import { loadManuscriptSnapshot } from '../manuscript/snapshot.js';
import { analyseContinuity } from '../manuscript/facts/continuity-model.js';
import { MemoryWorkspace } from './memory-workspace.js';

/** One finding of the continuity model, as a rule's test compares it. */
export interface FoundFinding {
  kind: string;
  path: string;
  line: number;
  quote: string;
}

/** Every finding of the continuity model over a manuscript held in memory (`path → text`). */
export async function continuityFindings(files: Record<string, string>): Promise<FoundFinding[]> {
  const snapshot = await loadManuscriptSnapshot(new MemoryWorkspace(files));
  return analyseContinuity(snapshot).findings.map((finding) => ({ kind: finding.kind, path: finding.path, line: finding.line, quote: finding.quote }));
}

/** The lines of the findings of one kind (or kinds matching a pattern), optionally in one file. */
export async function continuityLines(files: Record<string, string>, kind: string | RegExp, path?: string): Promise<number[]> {
  const ofKind = (found: FoundFinding): boolean => (typeof kind === 'string' ? found.kind === kind : kind.test(found.kind));
  return (await continuityFindings(files)).filter((found) => ofKind(found) && (path === undefined || found.path === path)).map((found) => found.line);
}

/** A chapter file's text: its `# Title` heading, then each paragraph after a blank line. */
export const chapterText = (title: string, ...paragraphs: string[]): string => [`# ${title}`, ...paragraphs].join('\n\n');
