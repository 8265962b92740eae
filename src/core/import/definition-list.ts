import { normalName } from './capital-names.js';
import { groupKind } from './grouped-notes.js';
import { isFieldLabel } from './split-entries.js';
import type { TextSection } from './split-sections.js';

/** The entries of a definition list, and the lines of the text that are none. */
export interface DefinitionEntries {
  entries: TextSection[];
  /** Paragraphs before, between or after the terms that name no entry (headings left out). */
  rest: string[];
}

// A definition line, as Pandoc and PHP Markdown Extra write them: `: Green eyes.`, `~ Born 1907.`
const DEFINITION = /^ {0,3}[:~][ \t]+(\S.*)$/;
// A line that goes on with the definition above it: indented, as Pandoc asks.
const CONTINUATION = /^(?: {2,}|\t)\S/;
// Lines that are never a term: headings, bullets, numbered items, tables, quotes, rules.
const NOT_A_TERM = /^\s*(?:#|[-*+]\s|\d+[.)]\s|\||>|[-*_]{3,}\s*$)/;
const MAX_TERM_WORDS = 10;
const MAX_LONE_NAME_WORDS = 6;
// Words a name keeps in lower case: `Isle of Skye`, `Anna de Vries`, `Ring and Anchor`.
const NAME_PARTICLES = new Set(['of', 'the', 'de', 'da', 'di', 'du', 'la', 'le', 'van', 'von', 'and', '&', 'on', 'upon']);

/** One term and its definitions. */
interface Term {
  name: string;
  facts: string[];
}

/** A term's text without its emphasis or a closing colon: `**Mara Quill**:` → `Mara Quill`. */
function termName(line: string): string {
  const bare = line
    .trim()
    .replace(/\\$/, '')
    .replace(/^(\*\*|__|\*|_)(.+)\1$/, '$2')
    .replace(/:$/, '')
    .trim();
  return normalName(bare);
}

function blank(line: string | undefined): boolean {
  return line === undefined || line.trim() === '';
}

/** True when the line at `index` opens a term: its definition comes next, or after one blank line. */
function termAt(lines: readonly string[], index: number): boolean {
  const line = lines[index]!;
  if (blank(line) || DEFINITION.test(line) || NOT_A_TERM.test(line) || CONTINUATION.test(line)) return false;
  const name = termName(line);
  if (!/[\p{L}\d]/u.test(name) || name.split(/\s+/).length > MAX_TERM_WORDS) return false;
  const next = lines[index + 1];
  return (next !== undefined && DEFINITION.test(next)) || (blank(next) && DEFINITION.test(lines[index + 2] ?? ''));
}

/**
 * True for a paragraph that is a name and nothing else (`Rob Gunn`, `The Reverend Iain Munro`,
 * `Isle of Skye`): a term of the list that has no definition yet. A group's name (`Minor
 * characters`), a trait's label and a sentence are none.
 */
function loneName(text: string): boolean {
  const name = termName(text);
  const words = name.replace(/\([^()]*\)/g, ' ').trim().split(/\s+/);
  if (name === '' || words.length > MAX_LONE_NAME_WORDS || /[.!?,;:]$/.test(text.trim())) return false;
  if (groupKind(name) !== null || isFieldLabel(name)) return false;
  const capitalised = (word: string) => /^[\p{Lu}\d"“'‘]/u.test(word) || NAME_PARTICLES.has(word.toLowerCase());
  return /^\p{Lu}/u.test(words[0]!) && words.every(capitalised);
}

/** A block of the text in order: a term with its definitions, or a paragraph that is none. */
type Block = { term: Term } | { paragraph: string[] };

function readBlocks(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let term: Term | null = null;
  let paragraph: string[] | null = null;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (blank(line)) {
      paragraph = null;
      continue;
    }
    const definition = DEFINITION.exec(line);
    if (definition && term) {
      term.facts.push(definition[1]!.trim());
      continue;
    }
    // An indented line carries on the definition above it: one fact stays on one line.
    if (term && term.facts.length > 0 && CONTINUATION.test(line)) {
      term.facts[term.facts.length - 1] += ` ${line.trim()}`;
      continue;
    }
    if (termAt(lines, index)) {
      term = { name: termName(line), facts: [] };
      paragraph = null;
      blocks.push({ term });
      continue;
    }
    term = null;
    if (/^\s*#/.test(line)) {
      paragraph = null;
      continue;
    }
    if (paragraph === null) {
      paragraph = [];
      blocks.push({ paragraph });
    }
    paragraph.push(line);
  }
  return blocks;
}

/**
 * The entries of a list of people or places written as a definition list (Pandoc's `Term` line,
 * then `: definition` lines), one card per term headed by it, each definition a bullet of its own.
 * A paragraph of a name alone among the terms (or just before the first) is a term without a
 * definition; other paragraphs, and terms that label a trait (`Eyes`, `Notes`), come back as
 * `rest`. No entries when no term has a definition, or when most terms label traits (the fields
 * of one card).
 */
export function definitionEntries(lines: readonly string[]): DefinitionEntries {
  const blocks = readBlocks(lines);
  const terms = blocks.filter((block): block is { term: Term } => 'term' in block).map((block) => block.term);
  const labels = terms.filter((term) => isFieldLabel(term.name)).length;
  if (terms.length === 0 || labels * 2 >= terms.length) return { entries: [], rest: [] };
  // The list starts at its first term, or at the names alone just before it.
  let start = blocks.findIndex((block) => 'term' in block);
  while (start > 0 && loneNameBlock(blocks[start - 1]!)) start -= 1;
  const entries: TextSection[] = [];
  const rest: string[] = [];
  const keep = (text: readonly string[]) => rest.push(...(rest.length > 0 ? [''] : []), ...text);
  blocks.forEach((block, index) => {
    if ('paragraph' in block) {
      if (index >= start && loneNameBlock(block)) entries.push(entry(termName(block.paragraph[0]!), []));
      else keep(block.paragraph);
      return;
    }
    const { name, facts } = block.term;
    if (isFieldLabel(name)) keep(facts.map((fact) => `${name}: ${fact}`));
    else entries.push(entry(name, facts));
  });
  return { entries, rest };
}

function loneNameBlock(block: Block): boolean {
  return 'paragraph' in block && block.paragraph.length === 1 && loneName(block.paragraph[0]!);
}

function entry(name: string, facts: readonly string[]): TextSection {
  const bullets = facts.map((fact) => `- ${fact}`);
  return { heading: name, lines: [`# ${name}`, ...(bullets.length > 0 ? ['', ...bullets] : [])] };
}
