import { TOOL_ALIASES } from './tool-aliases.js';

/** Where tool-call syntax was found in a reply, and which kind. */
export interface ToolSyntaxMatch {
  kind: 'call_syntax' | 'tool_request_marker' | 'tool_tag' | 'nonce_line' | 'json_call_keys' | 'key_value_call';
  start: number;
  end: number;
}

// Patterns avoid two whitespace runs in a row and `^\s*` under the `m` flag: on 64 KiB of blank
// lines those backtrack quadratically.
/** Markers no prose contains; each is a tool-call format some model family emits. */
const FIXED_PATTERNS: Array<[ToolSyntaxMatch['kind'], RegExp]> = [
  ['tool_request_marker', /\[\s*tool[ _-]?(?:request|call|use)s?\s*\]/i],
  ['tool_tag', /<\s*(?:\/\s*)?(?:tool_calls?|tool_use|function_calls?)\b|<\s*function\s*=|<\|\s*tool_calls?|<\s*invoke\s+name\s*=/i],
  ['nonce_line', /\bTOOL_NONCE\b/i],
  // A JSON-ish object keyed like a call: `"tool":`, `"tool_calls":`, `"function_call":` in any quotes.
  ['json_call_keys', /["'“”‘’]\s*(?:tool|tool_calls|function_call)\s*["'“”‘’]\s*:/i],
];
const NAME_KEY = /["'“”‘’]\s*name\s*["'“”‘’]\s*:/i;
const ARGUMENTS_KEY = /["'“”‘’]\s*(?:arguments|parameters)\s*["'“”‘’]\s*:/i;

const idPatterns = new Map<string, { call: RegExp; keyValue: RegExp }>();
const CACHED_ID_SETS = 32;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const camelCase = (id: string): string => id.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/** The spellings of each tool a model might use as a function name: id, hyphenated, camelCase, aliases. */
function spellings(toolIds: readonly string[]): string[] {
  const names = new Set<string>();
  for (const id of toolIds) {
    names.add(id).add(id.replace(/_/g, '-')).add(camelCase(id));
  }
  for (const [alias, target] of TOOL_ALIASES) if (toolIds.includes(target)) names.add(alias).add(alias.replace(/_/g, '-'));
  // Longest first so `file_locator_v2` is not cut short by `file_locator`.
  return [...names].sort((left, right) => right.length - left.length).map(escapeRegExp);
}

function patternsFor(toolIds: readonly string[]): { call: RegExp; keyValue: RegExp } | undefined {
  if (toolIds.length === 0) return undefined;
  const cacheKey = toolIds.join('\n');
  const known = idPatterns.get(cacheKey);
  if (known) return known;
  const names = spellings(toolIds).join('|');
  const built = {
    // `file_locator(` always; `file_locator (` only when what follows looks like arguments, so prose
    // such as "file_reader (receipt R-12)" does not count.
    call: new RegExp(`(?<![\\w-])(?:${names})(?:\\(|\\s+\\((?=\\s*(?:\\)|["'{\\[]|[A-Za-z_]\\w*\\s*=)))`, 'i'),
    // YAML-ish or key=value replies: `tool: file_locator`, `name = "file_reader"`.
    keyValue: new RegExp(`^[ \\t]*["']?(?:tool|tool_name|name|function|action)["']?\\s*[:=]\\s*["']?(?:${names})\\b`, 'im'),
  };
  if (idPatterns.size >= CACHED_ID_SETS) idPatterns.clear();
  idPatterns.set(cacheKey, built);
  return built;
}

function locate(kind: ToolSyntaxMatch['kind'], pattern: RegExp, text: string): ToolSyntaxMatch | undefined {
  const match = pattern.exec(text);
  return match ? { kind, start: match.index, end: match.index + match[0].length } : undefined;
}

/** The first tool-call syntax in `text`, or undefined; for evidence spans and rejection messages. */
export function findToolCallSyntax(text: string, toolIds: readonly string[]): ToolSyntaxMatch | undefined {
  for (const [kind, pattern] of FIXED_PATTERNS) {
    const found = locate(kind, pattern, text);
    if (found) return found;
  }
  const byName = NAME_KEY.exec(text);
  if (byName && ARGUMENTS_KEY.test(text)) return { kind: 'json_call_keys', start: byName.index, end: byName.index + byName[0].length };
  const patterns = patternsFor(toolIds);
  if (!patterns) return undefined;
  return locate('call_syntax', patterns.call, text) ?? locate('key_value_call', patterns.keyValue, text);
}

/**
 * True when a reply contains tool-call syntax: a tool id called like a function, "[Tool Request]",
 * `<tool_call>`/`<function=` tags, a JSON object keyed like a call, or the TOOL_NONCE line. The
 * caller decides that the reply is not a valid envelope; prose naming "the file locator" is fine.
 */
export function looksLikeToolCallAttempt(text: string, toolIds: readonly string[]): boolean {
  return findToolCallSyntax(text, toolIds) !== undefined;
}
