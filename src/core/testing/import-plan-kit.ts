import { planImport, type ImportPlan } from '../import/plan-import.js';
import type { SourceDocument } from '../import/source-document.js';

/** A source document at `origin` (`Notes/People.md`) holding `text`, as a folder import reads it. */
export function sourceDocument(origin: string, text: string): SourceDocument {
  const parts = origin.split('/');
  return { id: origin, origin, name: parts[parts.length - 1]!.replace(/\.[^.]+$/, ''), folders: parts.slice(0, -1), text, order: null, hint: null };
}

/** The import plan of a folder holding `documents`. */
export function planFolder(...documents: SourceDocument[]): ImportPlan {
  return planImport({ format: 'folder', source: '/book', documents, skipped: [] });
}

/** Each planned file as `kind path`, sorted. */
export const plannedKinds = (plan: ImportPlan): string[] => plan.files.map((file) => `${file.kind} ${file.path}`).sort();

/** The planned file's content at `path`, or '' when there is none. */
export const plannedContent = (plan: ImportPlan, path: string): string => plan.files.find((file) => file.path === path)?.content ?? '';
