import { normalName } from './capital-names.js';
import { groupKind } from './grouped-notes.js';
import type { TextSection } from './split-sections.js';

// A table column or bullet that names the entity of its row: `| Name |`, `| Character |`, `| Place |`.
const NAME_COLUMN = /^(?:names?|full[\s_-]*name|characters?|who|persons?|people|places?|locations?|settings?|where|crew(?:[\s_-]*member)?)$/i;
// Labels that describe a trait, never an entity: `- Eyes: grey` is a field of a card, not a card.
const FIELD_LABEL =
  /^(?:eyes?|eye[\s_-]*colou?r|hair|hair[\s_-]*colou?r|age|born|birthday|dob|date[\s_-]*of[\s_-]*birth|died|death|gender|sex|pronouns|occupation|job|role|height|build|hand|handedness|status|nicknames?|aliases|aka|family|notes?|type|kind|location|population|region|county|country|distance|rooms|floors|description|appearance|personality|first[\s_-]*appears?|pov|when|where|date|day|summary)$/i;

/** True for a label of a trait (`Eyes`, `Born`, `Notes`), which names no entity. */
export function isFieldLabel(text: string): boolean {
  return FIELD_LABEL.test(text.trim());
}

function cells(line: string): string[] | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|')) return null;
  return trimmed.replace(/^\||\|$/g, '').split('|').map((cell) => cell.replace(/\*\*|__/g, '').trim());
}

const isRule = (row: readonly string[]): boolean => row.every((cell) => /^:?-{2,}:?$/.test(cell));

/**
 * A table with one entity to a column (`|  | Maura Gill | Tadhg Gill |`, then `| Eyes | Grey | Brown |`
 * rows): each column a section `# <Name>` with `- <Row label>: <value>` fields. Empty unless the
 * header's first cell is blank or a name label and at least two rows are labelled as traits.
 */
function columnEntries(lines: readonly string[], start: number, header: readonly string[]): TextSection[] {
  if (!(header[0] === '' || NAME_COLUMN.test(header[0]!)) || header.slice(1).some((cell) => cell === '' || FIELD_LABEL.test(cell))) return [];
  const rows: string[][] = [];
  for (let index = start + 2; index < lines.length; index += 1) {
    const row = cells(lines[index]!);
    if (!row) break;
    rows.push(row);
  }
  if (rows.filter((row) => FIELD_LABEL.test(row[0] ?? '')).length < 2) return [];
  return header.slice(1).map((name, column) => {
    const heading = normalName(name);
    const fields = rows.filter((row) => (row[0] ?? '') !== '' && (row[column + 1] ?? '') !== '').map((row) => `- ${row[0]}: ${row[column + 1]}`);
    return { heading, lines: [`# ${heading}`, '', ...fields] };
  });
}

/**
 * The rows of the first Markdown table that lists entities — its first column, or a column headed
 * `Name`/`Character`/`Place`, holds a name — each as a section `# <Name>` with `- <Column>: <value>`
 * fields. Empty when the text has no such table (a `Trait | Value` table is a card, not a list).
 */
export function tableEntries(lines: readonly string[]): TextSection[] {
  for (let start = 0; start + 2 < lines.length; start += 1) {
    const header = cells(lines[start]!);
    const rule = cells(lines[start + 1]!);
    if (!header || !rule || !isRule(rule) || header.length < 2) continue;
    const across = columnEntries(lines, start, header);
    if (across.length > 0) return across;
    const labelled = header.filter((cell) => FIELD_LABEL.test(cell)).length;
    let nameColumn = header.findIndex((cell) => NAME_COLUMN.test(cell));
    if (nameColumn < 0 && labelled >= 2 && !FIELD_LABEL.test(header[0]!)) nameColumn = 0;
    if (nameColumn < 0) continue;
    const entries: TextSection[] = [];
    for (let index = start + 2; index < lines.length; index += 1) {
      const row = cells(lines[index]!);
      if (!row) break;
      const name = row[nameColumn]?.replace(/\[\[([^\]|]*)(?:\|[^\]]*)?\]\]/g, '$1').trim() ?? '';
      if (name === '' || isRule(row)) continue;
      const fields = header
        .map((label, column) => (column === nameColumn || (row[column] ?? '') === '' ? null : `- ${label}: ${row[column]}`))
        .filter((field): field is string => field !== null);
      entries.push({ heading: name, lines: [`# ${name}`, '', ...fields] });
    }
    if (entries.length >= 1) return entries;
  }
  return [];
}

// `- **Name** — description`, `- **Name**: description`, `* Name: description`, `- Name — description`.
const BOLD_ENTRY = /^\s*[-*+]\s+(?:\*\*|__)([^*_]{2,60}?)(?:\*\*|__)\s*(?:[:—–,.-]\s*)?(.*)$/;
const PLAIN_ENTRY = /^\s*[-*+]\s+([\p{Lu}][\p{L}'’. -]{1,60}?)\s*(?::|\s[—–-])\s*(\S.*)$/u;

/**
 * A list of entities written as bullets, one entity a bullet: `- **Name** — description` always,
 * `- Name: description` only when `listed` (the note or its heading says it is a list of people or
 * places), and never a trait such as `- Eyes: grey`. Continuation lines stay with their bullet; a
 * name in capitals heads its card in title case. Empty unless at least two bullets are entities
 * and they are most of the bullets.
 */
export function bulletEntries(lines: readonly string[], listed: boolean): TextSection[] {
  const entries: TextSection[] = [];
  let bullets = 0;
  let current: TextSection | null = null;
  for (const line of lines) {
    if (/^\s*[-*+]\s+\S/.test(line) && !/^\s{2,}/.test(line)) {
      bullets += 1;
      const match = BOLD_ENTRY.exec(line) ?? (listed ? PLAIN_ENTRY.exec(line) : null);
      const name = match?.[1]?.trim().replace(/[:.]$/, '') ?? '';
      if (match && name !== '' && !FIELD_LABEL.test(name) && name.split(/\s+/).length <= 6) {
        const heading = normalName(name);
        current = { heading, lines: [`# ${heading}`, '', ...(match[2]!.trim() === '' ? [] : [match[2]!.trim()])] };
        entries.push(current);
      } else current = null;
    } else if (current && line.trim() !== '' && !/^#/.test(line)) {
      current.lines.push(line.trim().replace(/^[-*+]\s+/, '- '));
    } else if (/^#/.test(line)) current = null;
  }
  return entries.length >= 2 && entries.length * 2 > bullets ? entries : [];
}

// A paragraph that opens with its entity's name in bold: `**Dr. Miriam Achterberg** (Mim to her brother) is fifty-one…`.
const BOLD_LEAD = /^\s*(?:\*\*|__)([^*_]{2,60}?)(?:\*\*|__)\s*(?:[:—–,.-]\s*)?(.*)$/;

/**
 * A list of entities written as paragraphs that each open with a bold name (a story bible's
 * "Characters" section): one entry per such paragraph, with the lines after it up to the next,
 * headed in title case when the name is in capitals. Empty unless at least two paragraphs open so
 * and no trait label (`**Eyes:**`) is taken for a name.
 */
export function boldLeadEntries(lines: readonly string[]): TextSection[] {
  const entries: TextSection[] = [];
  let current: TextSection | null = null;
  let blank = true;
  for (const line of lines) {
    const match = blank ? BOLD_LEAD.exec(line) : null;
    const name = match?.[1]?.trim().replace(/[:.]$/, '') ?? '';
    if (match && name !== '' && !FIELD_LABEL.test(name) && name.split(/\s+/).length <= 6 && /^\p{Lu}/u.test(name)) {
      const heading = normalName(name);
      current = { heading, lines: [`# ${heading}`, '', `${name}${match[2]!.trim() === '' ? '' : ` ${match[2]!.trim()}`}`] };
      entries.push(current);
    } else if (/^#/.test(line)) current = null;
    else if (current && line.trim() !== '') current.lines.push(line);
    blank = line.trim() === '';
  }
  return entries.length >= 2 ? entries : [];
}

// A line that opens with its entity's name, perhaps an age or a note in brackets, then a dash or a
// colon: `Hannah Rigg (36) - The narrator. …`, `Scarrow Crag — Dark north-facing crag`.
const PLAIN_LEAD = /^\s*([\p{Lu}][\p{L}'’.-]*(?:\s+(?:of|the|de|van|von|la|le|du|[\p{Lu}][\p{L}'’.-]*)){0,5})\s*(?:\(([^()]{1,40})\))?\s*(?:[:—–]|\s-)\s+(\S.*)$/u;

/**
 * A list of entities written one to a line or a paragraph, each opening with its plain name and a
 * dash or a colon (a notes file called "characters" or "places", without headings): one entry per such line, the
 * lines after it up to the next joined to it. A bare number in brackets after a name is an age
 * (`Hannah Rigg (36) -`). Empty unless at least two lines open so and they are most of the
 * paragraphs, and no trait label (`Eyes:`) is taken for a name.
 */
export function plainLeadEntries(lines: readonly string[]): TextSection[] {
  // A text under a heading that is no list's name ("# Petra Lindqvist" over "Name: …", "Marks: …")
  // is one card, and a text with sections of its own is read by its headings.
  if (lines.some((line) => /^#{2,6}\s/.test(line) || (/^#\s/.test(line) && groupKind(line.replace(/^#\s+/, '')) === null))) return [];
  const entries: TextSection[] = [];
  let current: TextSection | null = null;
  let paragraphs = 0;
  let blank = true;
  for (const line of lines) {
    if (line.trim() === '') {
      blank = true;
      continue;
    }
    if (/^#/.test(line)) {
      current = null;
      blank = true;
      continue;
    }
    const match = PLAIN_LEAD.exec(line);
    const name = match?.[1]?.trim() ?? '';
    if (blank) paragraphs += 1;
    if (match && !FIELD_LABEL.test(name) && !/^(?:the|a|an|he|she|they|it|his|her|chapter|part)$/i.test(name)) {
      const age = match[2] !== undefined && /^\d{1,3}$/.test(match[2].trim()) ? [`- Age: ${match[2].trim()}`, ''] : [];
      current = { heading: normalName(name), lines: [`# ${normalName(name)}`, '', ...age, line.trim()] };
      entries.push(current);
      if (!blank) paragraphs += 1;
    } else if (current) current.lines.push(line.trim());
    blank = false;
  }
  return entries.length >= 2 && entries.length * 2 > paragraphs ? entries : [];
}

/**
 * Entries that each open with a `Name:` line at the margin, their other fields under it
 * (`Name: Brinnick Hut` then `    Description: …`, as a writing app lists places): one entry per
 * `Name:` line, its fields without their indent. Empty unless two or more lines open so.
 */
export function nameFieldEntries(lines: readonly string[]): TextSection[] {
  const starts = lines.map((line, index) => (/^Name:\s*\S/i.test(line) ? index : -1)).filter((index) => index >= 0);
  if (starts.length < 2 || lines.slice(0, starts[0]).some((line) => line.trim() !== '')) return [];
  return starts.map((start, index) => {
    const heading = lines[start]!.replace(/^Name:\s*/i, '').trim();
    const fields = lines.slice(start + 1, starts[index + 1] ?? lines.length).map((line) => line.trim()).filter((line) => line !== '');
    return { heading, lines: [`# ${heading}`, '', ...fields.map((line) => `- ${line}`)] };
  });
}
