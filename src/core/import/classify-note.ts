import type { ImportKind } from '../../protocol/imports.js';
import { parseFrontMatter, textField, listField } from '../manuscript/front-matter.js';
import { parseLabelledLine } from '../manuscript/labelled-line.js';
import type { SourceDocument } from './source-document.js';
import { chapterHeading } from './split-sections.js';

/** What a source item is, and the evidence for it, for the report. */
export interface Classification {
  kind: ImportKind;
  reason: string;
}

// Folder names writers use, by what they hold. The innermost folder that says something wins, so
// `Notes/Characters/Mara.md` is a character and `Draft/Part 2/03.md` a chapter.
const FOLDER_KINDS: ReadonlyArray<[RegExp, ImportKind]> = [
  [/^(?:characters?|people|persons?|cast|dramatis[\s_-]*personae|who(?:'s| is) who|character[\s_-]*(?:notes|sheets|profiles))$/i, 'character'],
  [/^(?:places?|locations?|settings?|locales?|geography|maps?|world[\s_-]*places)$/i, 'place'],
  [/^(?:outlines?|plot(?:ting)?|structure|synopsis|beats?|beat[\s_-]*sheets?|planning|plan)$/i, 'outline'],
  [/^(?:manuscript|drafts?|chapters?|scenes?|story|book|novel|prose|text|the[\s_-]*book|(?:part|book|act|volume)[\s_-]*(?:\d+|[ivx]+|one|two|three|four|five|six|seven|eight|nine|ten))$/i, 'chapter'],
  [/^(?:notes?|research|lore|world|world[\s_-]*building|background|history|timelines?|bible|series[\s_-]*bible|reference|ideas|misc|objects|items|glossary|canon|facts|front[\s_-]*matter|back[\s_-]*matter)$/i, 'lore'],
];
const OUTLINE_NAME = /outline|^(?:plan|the[\s_-]*plan|book[\s_-]*plan|novel[\s_-]*plan|synopsis|beat[\s_-]*sheet|beats|chapter[\s_-]*(?:plan|list|summaries|by[\s_-]*chapter)|plot(?:[\s_-]*(?:plan|summary))?|treatment|structure)$/i;
const CHARACTER_LABELS = new Set([
  'eyes', 'eye colour', 'eye color', 'hair', 'hair colour', 'hair color', 'age', 'born', 'birthday', 'date of birth', 'dob',
  'gender', 'sex', 'pronouns', 'occupation', 'job', 'role', 'height', 'handedness', 'dominant hand', 'status', 'died', 'death',
  'nickname', 'nicknames', 'aliases', 'also known as', 'aka', 'family', 'personality', 'appearance', 'build', 'nationality',
]);
const PLACE_LABELS = new Set(['type', 'kind', 'location', 'population', 'region', 'county', 'country', 'distance', 'climate', 'district', 'founded', 'rooms', 'floors']);
const CHARACTER_TAGS = /^(?:characters?|person|people|cast|npc|protagonist|antagonist)$/i;
const PLACE_TAGS = /^(?:places?|locations?|settings?)$/i;
// (A table row that opens with a number, `| 3 | Thu 8 Mar 2187 | …`, is an entry too.)
const OUTLINE_LINE = /^\s*(?:(?:#{1,4}\s*)?(?:chapter|ch\.?|scene)\s+(?:\d+|[ivxlc]+|[a-z]+(?:-[a-z]+)?)\b|\d+[.)]\s+\S|\|\s*(?:ch(?:apter)?\.?|#|no\.?|scene)\s*\||\|\s*\d{1,3}\s*\|)/i;

const LOOSE_NOTES = /^(?:ideas|scraps|snippets|fragments|cuttings|offcuts|outtakes|deleted[\s_-]*scenes?|cut[\s_-]*scenes?|parking[\s_-]*lot|questions|to[\s_-]*do|todo|misc|miscellany|brainstorm(?:ing)?)$/i;

function stem(name: string): string {
  return name.replace(/^(?:\d+[\s._-]*)+/, '').trim();
}

/** The innermost folder name that says what its items are. */
function folderKind(folders: readonly string[]): Classification | null {
  for (const folder of [...folders].reverse()) {
    // A number that orders the folders (`02 Characters`, `01 - Draft`) says nothing of what they hold.
    const bare = folder.trim().replace(/^(?:\d+[\s._-]*)+/, '');
    for (const [pattern, kind] of FOLDER_KINDS) {
      if (pattern.test(bare)) return { kind, reason: `folder "${folder}"` };
    }
  }
  return null;
}

/** Counts what the text looks like: prose, labelled traits, bullets, outline lines. */
function contentSignals(text: string) {
  const lines = text.split('\n');
  const frontMatter = parseFrontMatter('note', lines);
  const body = lines.slice(frontMatter.bodyStart - 1);
  // Tags in the text itself (`#character`, `#place/town`) count as much as front matter tags.
  const bodyTags = [...body.join('\n').matchAll(/(?:^|\s)#([\p{L}][\p{L}\d_-]*)/gu)].map((match) => match[1]!);
  const tags = [...listField(frontMatter.data, 'tags'), textField(frontMatter.data, 'type') ?? '', textField(frontMatter.data, 'category') ?? '', ...bodyTags].map((tag) => tag.replace(/^#/, ''));
  const keys = Object.keys(frontMatter.data).map((key) => key.toLowerCase().replace(/[_-]+/g, ' '));
  const labels = body.map((line) => parseLabelledLine(line)?.label).filter((label): label is string => label !== undefined);
  const nonEmpty = body.filter((line) => line.trim() !== '');
  const words = body.join(' ').split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
  return {
    tags,
    characterLabels: [...new Set([...keys, ...labels].filter((label) => CHARACTER_LABELS.has(label)))],
    placeLabels: [...new Set([...keys, ...labels].filter((label) => PLACE_LABELS.has(label)))],
    bullets: nonEmpty.filter((line) => /^\s*(?:[-*+]|\d+[.)])\s/.test(line)).length,
    outlineLines: nonEmpty.filter((line) => OUTLINE_LINE.test(line)).length,
    chapterHeadings: nonEmpty.filter((line) => chapterHeading(line) !== null).length,
    dialogue: (body.join('\n').match(/["“][^"”\n]{2,}["”]/g) ?? []).length,
    paragraphs: nonEmpty.filter((line) => line.trim().split(/\s+/).length >= 25).length,
    lines: nonEmpty.length,
    words,
  };
}

/**
 * What a source item is: the format's own word first (a Scrivener Draft document is a chapter),
 * then the folder names it sits in, then its file name, then its content — labelled traits (`Eyes:`,
 * `Age:`) make a character, `Population:` a place, "Chapter 3" lines or a numbered list an outline,
 * long paragraphs and dialogue a chapter, anything else a lore note.
 */
export function classifyNote(document: SourceDocument): Classification {
  if (document.hint !== null) return { kind: document.hint, reason: 'its place in the source' };
  const name = stem(document.name);
  const signals = contentSignals(document.text);
  if (OUTLINE_NAME.test(name) || OUTLINE_NAME.test(document.name)) return { kind: 'outline', reason: `its name "${document.name}"` };
  // "Ideas", "Scraps", "Deleted scenes": the writer's loose notes, wherever they are kept.
  if (LOOSE_NOTES.test(name)) return { kind: 'lore', reason: `its name "${document.name}" (loose notes)` };
  const folder = folderKind(document.folders);
  // A planning folder holds the outline, and the notes around it ("Ideas.md"): only outline lines make an outline.
  const byFolder = folder?.kind === 'outline' && signals.outlineLines < 2 ? null : folder;
  if (byFolder && byFolder.kind !== 'lore') return byFolder;
  if (signals.tags.some((tag) => CHARACTER_TAGS.test(tag))) return { kind: 'character', reason: 'its tags' };
  if (signals.tags.some((tag) => PLACE_TAGS.test(tag))) return { kind: 'place', reason: 'its tags' };
  if (signals.characterLabels.length >= 2 && signals.characterLabels.length >= signals.placeLabels.length) {
    return { kind: 'character', reason: `labelled traits (${signals.characterLabels.slice(0, 4).join(', ')})` };
  }
  if (signals.placeLabels.length >= 2) return { kind: 'place', reason: `labelled facts (${signals.placeLabels.slice(0, 4).join(', ')})` };
  if (byFolder) return byFolder;
  // Several chapters of prose in one text: a whole novel (or part of one), not an outline of it.
  if (signals.chapterHeadings >= 2 && (signals.paragraphs >= 2 * signals.chapterHeadings || signals.dialogue >= signals.chapterHeadings) && signals.words >= 120 * signals.chapterHeadings) {
    return { kind: 'chapter', reason: `${signals.chapterHeadings} chapters of prose (${signals.words} words)` };
  }
  if (signals.outlineLines >= 3 && signals.outlineLines * 2 >= signals.lines - signals.outlineLines) {
    return { kind: 'outline', reason: `${signals.outlineLines} chapter or numbered entries` };
  }
  const prose = signals.paragraphs >= 3 || (signals.words >= 300 && signals.bullets * 3 < signals.lines) || (signals.dialogue >= 2 && signals.words >= 120);
  if (prose || signals.chapterHeadings === 1) return { kind: 'chapter', reason: `prose (${signals.words} words${signals.dialogue > 0 ? ', dialogue' : ''})` };
  return { kind: 'lore', reason: 'a note without chapter prose' };
}
