/**
 * Curated near-names for the writing tools (SPEC §4, seed "Tool Name Drift"). Keys are in normal
 * form (see `normalName`), so `File-Viewer`, `fileViewer` and `FILE_VIEWER` all hit `file_viewer`;
 * case and hyphen differences from a registered id (`file-locator`, the prompt ids) need no entry.
 *
 * An entry earns its place only when the near-name means the same thing as its target and takes
 * the same arguments. Deliberately absent, because they are ambiguous or would change intent:
 * - `search`, `find`, `lookup`: files or issues?
 * - `read`, `open`, `view`: too generic to be sure a file is meant.
 * - `search_files`, `grep`, `file_content_search`: content search with a `query`/`pattern` shape
 *   that `file_locator` does not take; refusing teaches the model the real schema.
 * - `check_canon`, `validate_scene`, `analyze_scene`: could be any of three checkers.
 */
export const TOOL_ALIASES: ReadonlyMap<string, string> = new Map([
  // Reading an excerpt of a known file: file_reader (path, start_line, end_line).
  ['file_viewer', 'file_reader'],
  ['view_file', 'file_reader'],
  ['read_file', 'file_reader'],
  ['file_read', 'file_reader'],
  ['open_file', 'file_reader'],
  // Finding a file by name or path fragment: file_locator.
  ['find_file', 'file_locator'],
  ['find_files', 'file_locator'],
  ['locate_file', 'file_locator'],
  ['file_search', 'file_locator'],
  // British spellings of the analyzers.
  ['outline_analyser', 'outline_analyzer'],
  ['prose_analyser', 'prose_analyzer'],
]);
