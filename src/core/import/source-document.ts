import type { ImportFormat, ImportKind, SkippedItem } from '../../protocol/imports.js';

/** One text a source holds, as its reader found it (a file, a `.docx` section, a Scrivener document). */
export interface SourceDocument {
  /** Stable id of the item within its source: a relative path, `Book.docx#3`, a Scrivener UUID. */
  id: string;
  /** Where it came from, for the report: `Notes/Characters/Mara Quill.md`, `Book.docx › Chapter 3`. */
  origin: string;
  /** The item's own name: the file name without extension, the heading, the binder title. */
  name: string;
  /** Names of the folders (or binder folders) above it, outermost first. */
  folders: string[];
  /** Its text as Markdown (plain text is Markdown too). */
  text: string;
  /** Position in the source's own order (binder order, document order), when it has one. */
  order: number | null;
  /** What the format itself says the item is (a Scrivener Draft document is a chapter). */
  hint: ImportKind | null;
}

/** Everything a reader got out of a source. */
export interface SourceReading {
  format: ImportFormat;
  /** The source as the user named it (an absolute path). */
  source: string;
  documents: SourceDocument[];
  skipped: SkippedItem[];
}
