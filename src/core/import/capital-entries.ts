import type { ImportKind } from '../../protocol/imports.js';
import { parseNumberWord } from '../manuscript/numbers.js';
import { capitalName, type CapitalName } from './capital-names.js';
import { groupKind } from './grouped-notes.js';
import { isFieldLabel } from './split-entries.js';
import type { TextSection } from './split-sections.js';

/** The entries of a list whose paragraphs open with a name in capitals, and the text that is none. */
export interface CapitalEntries {
  entries: TextSection[];
  /** Paragraphs that open with no name and do not go on about the entry before them. */
  rest: string[];
}

// A lead that gathers the names after it: `Minor: SERGEANT KINSELLA, …`, `Also mentioned: …`.
const GROUP_LABEL = /^([^:\n]{1,40}):\s+/;
const LABEL_WORDS = /\b(?:minor|others?|also|mentioned|supporting|secondary|background|extras?|walk-?ons?|bit\s+parts?|rest|briefly|characters?|people|cast|places|locations|settings)\b/i;
// A paragraph that opens with a pronoun goes on about the entry before it.
const PRONOUN_LEAD = /^(?:he|she|they|his|her|their|it|its|him|them)\b/i;
// Where one sentence ends and the next may open with another name.
const SENTENCE_END = /[.;!?]["”’)]?\s+/g;
// Notes right after a person's name: `(b. 29 Aug 1893)`, `, born March 1922,`, `(1889-1931)`, `(d. 1931)`, `, seventeen,`.
const DATE_NOTE = /^\s*(?:\(\s*|,\s*)(b\.|born|d\.|died)\s*(?:on\s+|in\s+)?([^();,]*?\d{3,4}[^();,]*?)(?=\s*[);,]|\.\s|\.?$)/i;
const LIFESPAN = /^\s*\(\s*(?:b\.\s*)?(\d{3,4})\s*[-–—]\s*(\d{3,4})\s*\)/;
const BARE_AGE = /^\s*(?:,\s*|\(\s*)(?:aged\s+)?(\d{1,3}|[a-z]+(?:-[a-z]+)?)(?:\s+years\s+old)?\s*(?=[,;)]|\.(?:\s|$))/i;

/**
 * Paragraphs of a text: runs of lines between blank lines, each bullet one of its own (without its
 * mark); headings end a paragraph and are left out.
 */
function paragraphs(lines: readonly string[]): string[] {
  const found: string[] = [];
  let current: string[] = [];
  const close = () => {
    if (current.length > 0) found.push(current.join('\n'));
    current = [];
  };
  for (const line of lines) {
    const bullet = /^\s*[-*+]\s+(?=\S)/.exec(line);
    if (line.trim() === '' || /^#/.test(line) || bullet) close();
    if (line.trim() !== '' && !/^#/.test(line)) current.push(line.slice(bullet?.[0].length ?? 0).trim());
  }
  close();
  return found;
}

/** The facts a person's entry states right after the name, as card fields: birth, death, age. */
function noteFields(afterName: string): string[] {
  const lifespan = LIFESPAN.exec(afterName);
  if (lifespan) return [`- Born: ${lifespan[1]}`, `- Died: ${lifespan[2]}`];
  const dated = DATE_NOTE.exec(afterName);
  if (dated) return [`- ${/^b/i.test(dated[1]!) ? 'Born' : 'Died'}: ${dated[2]!.trim()}`];
  const age = BARE_AGE.exec(afterName);
  const years = age ? (/^\d+$/.test(age[1]!) ? Number(age[1]) : parseNumberWord(age[1]!)) : null;
  return years !== null && years > 0 && years < 120 ? [`- Age: ${years}`] : [];
}

/** One entry: the name as its heading, its nickname and notes as fields, then the writer's own words. */
function entrySection(text: string, name: CapitalName, kind: ImportKind): TextSection {
  const fields = [...(name.nickname === null ? [] : [`- Aliases: ${name.nickname}`]), ...(kind === 'character' ? noteFields(text.slice(name.end)) : [])];
  return { heading: name.name, lines: [`# ${name.name}`, '', ...fields, ...(fields.length > 0 ? [''] : []), ...text.split('\n')] };
}

/** The name an entry opens with; a trait's label in capitals (`BORN: 1917`, `EYES.`) is none. */
function entryName(text: string, kind: ImportKind): CapitalName | null {
  const name = capitalName(text, kind);
  return name === null || isFieldLabel(name.name) ? null : name;
}

/**
 * Where the entries of one paragraph start: at its opening name, after a gathering label
 * (`Minor: SERGEANT KINSELLA, heavy. DR SHEARER, young GP.`), and at each sentence that opens with
 * a name in capitals of two words or more (of any length after a label).
 */
function entryStarts(text: string, kind: ImportKind): { bodyStart: number; starts: Array<{ at: number; name: CapitalName }> } {
  const label = GROUP_LABEL.exec(text);
  const labelled = label !== null && LABEL_WORDS.test(label[1]!) && entryName(text.slice(label[0].length), kind) !== null;
  const bodyStart = labelled ? label[0].length : 0;
  const starts: Array<{ at: number; name: CapitalName }> = [];
  const first = entryName(text.slice(bodyStart), kind);
  if (first) starts.push({ at: bodyStart, name: first });
  for (const end of text.slice(bodyStart).matchAll(SENTENCE_END)) {
    const at = bodyStart + end.index + end[0].length;
    const name = entryName(text.slice(at), kind);
    if (name && (labelled || name.name.split(' ').length >= 2)) starts.push({ at, name });
  }
  return { bodyStart, starts };
}

/** An entry being read: its card so far, its name, and whether its paragraph is that name alone. */
interface OpenEntry {
  section: TextSection;
  name: CapitalName;
  /** A paragraph of the name alone (`ARTHUR LOWRY` on a line of its own), not yet followed by its text. */
  alone: boolean;
}

/** True when a text is its opening name and nothing more but a stop. */
function onlyName(text: string, name: CapitalName): boolean {
  return text.slice(name.end).replace(/[.:,;\s]/g, '') === '';
}

/**
 * A list of people or places written as paragraphs that open with a name in capitals, as a plain
 * notes file keeps them: `MARGARET "PEG" OLLERTON (b. 29 Aug 1893). Landlady.`, `DURNFORD'S.
 * Pawnbroker on Scotland Road.` One entry per such paragraph, or per sentence of a paragraph that
 * names several; a paragraph opening with a pronoun goes on about the entry before it, and so does
 * any paragraph after a name standing alone. What else there is comes back as `rest`.
 */
export function capitalLeadEntries(lines: readonly string[], kind: ImportKind): CapitalEntries {
  const entries: OpenEntry[] = [];
  const rest: string[] = [];
  for (const paragraph of paragraphs(lines)) {
    const { bodyStart, starts } = entryStarts(paragraph, kind);
    const lead = paragraph.slice(bodyStart, starts[0]?.at ?? paragraph.length).trim();
    const last = entries[entries.length - 1];
    if (lead !== '' && last && (PRONOUN_LEAD.test(lead) || last.alone)) {
      last.section.lines.push('', ...lead.split('\n'));
      last.alone = false;
    } else if (lead !== '') rest.push(...(rest.length > 0 ? [''] : []), ...lead.split('\n'));
    starts.forEach((start, index) => {
      const text = paragraph.slice(start.at, starts[index + 1]?.at ?? paragraph.length).trim();
      const alone = starts.length === 1 && start.at === 0 && onlyName(text, start.name);
      entries.push({ section: entrySection(text, start.name, kind), name: start.name, alone });
    });
  }
  // A name alone that nothing follows is a heading (`CHARACTERS`), not an entry.
  const kept = entries.filter((entry) => !(entry.alone && groupKind(entry.name.name) !== null));
  return { entries: kept.map((entry) => entry.section), rest };
}
