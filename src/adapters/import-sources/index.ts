export { importBook } from './import-book.js';
export type { ImportBookOptions } from './import-book.js';
export { readFolderSource } from './read-folder-source.js';
export { readDocxSource } from './read-docx-source.js';
export { readScrivenerSource } from './read-scrivener-source.js';
export { rtfToText } from './rtf-to-text.js';
export { htmlToMarkdown } from './html-to-markdown.js';
export { parseScrivenerBinder } from './scrivener-binder.js';
export type { BinderItem } from './scrivener-binder.js';
