import nlp from 'compromise';
import type { CharacterCard } from '../cards.js';
import { findSpeakerTags } from '../checks/speaker-tags.js';
import type { Finding } from '../finding.js';
import type { Located } from '../labelled-line.js';
import { parseNumberWord } from '../numbers.js';
import { sentenceAt } from '../prose.js';
import { sceneNameParts, type SceneFile } from '../scene-file.js';
import type { FileProse, Mention } from '../scene-prose.js';
import { characterOf } from './resolve-subject.js';
import { pastForm, toldInPresent } from './tense.js';

/** When and where a character dies: the statement, and the chapter (by reading position) if known. */
export interface Death {
  card: CharacterCard;
  /** The line that says so (a card field or sentence, or the prose where it happens). */
  path: string;
  line: number;
  text: string;
  /** Reading position of the chapter of the death; 0 when it happened before the story. */
  position: number | null;
}

const DEAD_STATUS = /\b(?:dead|deceased|dies|died|killed|drowns|drowned|murdered|late|passed\s+away|perished|executed|hanged|lost\s+(?:overboard|at\s+sea))\b/i;
// "chapter 3", "ch. 4", "ch4", "Chapter Three", "scene 2" (never the "ch" of "chapel" or the "scene" of "scenery").
const CHAPTER_REF = /\b(?:chapter|ch\.?|scene|scn)(?:\s*[-#]\s*|\s+|(?<=\.)\s*|(?=\d))(\d+|[a-z]+(?:-[a-z]+)?)\b/i;
const DEATH_SENTENCE = /\b(?:dies|died|killed|drowns|drowned|murdered|shot|stabbed|hanged|lost\s+(?:overboard|at\s+sea)|falls\s+to\s+(?:her|his)\s+death|fell\s+to\s+(?:her|his)\s+death|is\s+dead|was\s+dead|death)\b/i;
// A death only wished, feared, supposed or denied: "If Tresk died…", "She thought Tresk was dead".
const NOT_DEATH = /\b(?:if|unless|whether|nearly|almost|half|not|n't|never|thought|believed|feared|assumed|supposed|rumou?red|pretend(?:s|ed)?|as\s+if|as\s+though|wish(?:ed)?|hope[sd]?|could\s+have|would\s+have|might|may|afraid)\b/i;

// Another's death told on the card: "the winter her father drowned", "after his wife died", "whose son was killed".
const OTHERS_DEATH = /\b(?:her|his|their|whose|my)\s+(?:[\p{Ll}-]+\s+)?(?:father|mother|husband|wife|son|daughter|brother|sister|parents|uncle|aunt|grandfather|grandmother|friend|partner|fianc[eé]e?|baby|child|children|da|dad|mam|mum|ma|pa)\b[^.;]{0,20}?\b(?:had\s+)?(?:dies|died|drowned|drowns|was\s+killed|were\s+killed|killed|was\s+lost|perished|passed\s+away|death)\b/iu;

/** True when the one who dies is named and is not the card's person: "after Robert drowned he taught Nell". */
function namedOtherDies(card: CharacterCard, sentence: string): boolean {
  const own = new Set([card.name.value, ...card.aliases.map((alias) => alias.value)].flatMap((name) => name.split(/\s+/)));
  const dying = /\b(?:after|when|since|before|until|till|the\s+(?:year|winter|summer|spring|autumn|day|night))\s+(\p{Lu}[\p{Ll}'’-]+)\s+(?:had\s+)?(?:died|drowned|was\s+killed|was\s+lost|perished)\b/u.exec(sentence);
  if (dying !== null && !own.has(dying[1]!)) return true;
  // "…and a Caernarfon boy, Robert Hughes, who was killed in Italy": the one before "who" dies.
  const relative = /\b((?:\p{Lu}[\p{Ll}'’-]+\s+){0,2}\p{Lu}[\p{Ll}'’-]+|[\p{Ll}]+),\s+who\s+(?:had\s+)?(?:been\s+|was\s+|were\s+)?(?:died|dies|drowned|killed|lost|perished|murdered|shot|hanged)\b/u.exec(sentence);
  if (relative === null || DEATH_SENTENCE.test(sentence.slice(0, relative.index))) return false;
  const who = relative[1]!;
  // A full name is the card's only when it is the card's name or alias; one word, when it is a word of them.
  const fullNames = new Set([card.name.value, ...card.aliases.map((alias) => alias.value)]);
  return who.includes(' ') ? !fullNames.has(who) : !own.has(who);
}

/** False when a death sentence opens with a pronoun the card's person does not take ("He drowned" on her card). */
function pronounFits(card: CharacterCard, sentence: string): boolean {
  const pronoun = /^(?:[-*+]\s+)?(?:\*\*)?(She|He)\b/.exec(sentence)?.[1];
  if (pronoun === undefined || card.gender === null) return true;
  return (pronoun === 'She') === (card.gender === 'female');
}

/** The chapter a reference names: a scene file, `chapter 3`, `Chapter Three`, or a chapter's title. */
export function chapterPosition(reference: string, scenes: readonly SceneFile[]): number | null {
  const value = reference.trim();
  const stem = value.replace(/\.md$/i, '').split('/').pop()!.toLowerCase();
  const byFile = scenes.find((scene) => scene.fileStem.toLowerCase() === stem);
  if (byFile) return byFile.position;
  const chapter = CHAPTER_REF.exec(value);
  const number = chapter ? (/^\d+$/.test(chapter[1]!) ? Number(chapter[1]) : parseNumberWord(chapter[1]!)) : sceneNameParts(value).fileNumber;
  if (number !== null) {
    const numbered = scenes.filter((scene) => scene.sceneNumber?.value === number);
    if (numbered.length === 1) return numbered[0]!.position;
    return number >= 1 && number <= scenes.length && scenes.every((scene) => scene.sceneNumber === null) ? number : null;
  }
  const titled = scenes.filter((scene) => scene.title && value.toLowerCase().includes(scene.title.value.toLowerCase()) && scene.title.value.length > 3);
  return titled.length === 1 ? titled[0]!.position : null;
}

const BEAT_DEATH = /\b(?:dies|died|drowns|drowned|is\s+killed|was\s+killed|is\s+murdered|was\s+murdered|(?:is|was|found|lies|lay)\s+dead|dead)\b/i;

/**
 * The character an outline entry's line has die ("he drowns", "finds Emil dead", "The Colonel is
 * found dead"): per clause with a death word, the character named right before the word, else (for
 * "he"/"she") the last one named earlier in the entry.
 */
export function beatDeaths(prose: FileProse): Array<{ card: CharacterCard; line: number; text: string }> {
  const found: Array<{ card: CharacterCard; line: number; text: string }> = [];
  for (const paragraph of prose.paragraphs) {
    const mentions = prose.mentions.filter((mention) => mention.paragraph === paragraph && !mention.quoted && characterOf(mention) !== null);
    for (const clause of paragraph.text.matchAll(/[^.;!?]+/g)) {
      const text = clause[0];
      const death = BEAT_DEATH.exec(text);
      if (death === null || NOT_DEATH.test(text)) continue;
      const start = clause.index;
      const at = start + death.index;
      // The one who dies is named next to the word: "Emil dead", "The Colonel is found dead".
      const named = mentions.filter((mention) => mention.match.start >= start && mention.match.end <= at && /^[\s,]*(?:(?:is|was|were|found|lies|lay|now|already|being|been|has|had|later)\s+){0,3}$/i.test(paragraph.text.slice(mention.match.end, at))).at(-1);
      const pronoun = /\b(?:he|she)\s+$/i.test(paragraph.text.slice(start, at)) ? mentions.filter((mention) => mention.match.end <= start).at(-1) : undefined;
      const owner = named ?? pronoun;
      if (owner) found.push({ card: characterOf(owner)!, line: owner.line, text: text.trim() });
    }
  }
  return found;
}

/** The outline clauses with a death word that name one of the card's names (for a card that states a death but not its chapter). */
export function namedInDeathClause(card: CharacterCard, text: string): boolean {
  const words = [card.name.value, ...card.name.value.split(/\s+/), ...card.aliases.map((alias) => alias.value)].filter((word) => word.length >= 3 && !/^(?:the|dr\.?|mr\.?|mrs\.?|miss|ms\.?)$/i.test(word));
  return [...text.matchAll(/[^.;!?]+/g)].some((clause) => BEAT_DEATH.test(clause[0]) && !NOT_DEATH.test(clause[0]) && words.some((word) => new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(clause[0])));
}

// A death told with its day: "Dies: Thursday 8 November", "on the night of the storm".
const DATED_DEATH = /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|night|morning|evening|storm)\b|\d{1,2}(?:st|nd|rd|th)?\s+[A-Z][a-z]+/i;

/**
 * What a card says of a death, in any style: `status: dead`, `Died: chapter 3`, `died_in:
 * SCN-06-…`, `Status: Deceased (ch. 3)`, or a sentence ("Died on the stair in chapter 3.").
 */
export function cardDeath(card: CharacterCard, scenes: readonly SceneFile[]): Death | null {
  const fields: Array<Located<string> | null> = [card.diedIn, card.fields.get('died') ?? null, card.status];
  let statement: Located<string> | null = null;
  let position: number | null = null;
  let undated = false;
  for (const field of fields) {
    if (field === null) continue;
    if (field === card.status && !DEAD_STATUS.test(field.value)) continue;
    statement ??= field;
    position ??= chapterPosition(field.value, scenes);
  }
  // Sentences of the card about its own person: "She died on the stair in chapter 3.", "Dies in ch. 3".
  const own = new RegExp(`^(?:[-*+]\\s+)?(?:\\*\\*)?(?:She|He|They|Died|Dies|Killed|Drowned|Drowns|Murdered|Shot|Hanged|Perished|Perishes|Lost\\s+(?:overboard|at\\s+sea)|Dead|Deceased|${card.name.value.split(/\s+/).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`);
  for (let line = card.bodyStart; line <= card.source.lines.length && position === null; line += 1) {
    // A field's label is no part of what it says ("- Notes: mine captain; dies in ch. 6"), and a
    // note's clauses run on after semicolons.
    const text = card.source.lines[line - 1]!.replace(/^\s*(?:[-*+]\s+)?(?:\*\*|__)?[\p{L} ]{2,20}(?:\*\*|__)?:\s*(?=\S)/u, '');
    // "(ch. 4)" is one reference, not the end of a sentence.
    const parts = text.split(/(?<=[.!?;])(?<!\b(?:[Cc]h|[Cc]hap|[Nn]o|[Vv]ol|[Pp]p?)\.)\s+/).map((part) => part.trim().replace(/^\p{Ll}/u, (first) => first.toUpperCase()));
    const sentences = parts.filter((part) => DEATH_SENTENCE.test(part) && own.test(part) && !NOT_DEATH.test(part) && !OTHERS_DEATH.test(part) && pronounFits(card, part) && !namedOtherDies(card, part));
    const sentence = sentences.find((part) => CHAPTER_REF.test(part));
    // A death the card states without its chapter ("Drowns off the point on the night of the
    // storm") is placed later, by the outline or the page.
    if (sentence === undefined) {
      // A later sentence that dates the death ("Died Thursday 1st October 1998") tells more than an
      // earlier one that does not ("Died aged 51").
      const dated = sentences.find((part) => DATED_DEATH.test(part));
      const better = statement !== null && undated && !DATED_DEATH.test(statement.value) && dated !== undefined;
      if (sentences[0] !== undefined && (statement === null || better)) {
        statement = { value: (better ? dated : sentences[0])!.trim(), line };
        undated = true;
      }
      continue;
    }
    if (undated) statement = null;
    undated = false;
    statement ??= { value: sentence.trim(), line };
    position = chapterPosition(CHAPTER_REF.exec(sentence)![0], scenes);
  }
  if (statement === null) return null;
  // A field that dates the death within the story (`Dies: Thursday 8 November`) is placed later too.
  if (position === null && !undated && statement !== card.status && DATED_DEATH.test(statement.value)) undated = true;
  if (undated) return { card, path: card.path, line: statement.line, text: statement.value, position: null };
  // The card's own words for the death, as one line: `status: dead, died_in: SCN-06-the-tide-steps`.
  const parts = [card.status && DEAD_STATUS.test(card.status.value) ? `status: ${card.status.value}` : null, card.diedIn ? `died_in: ${card.diedIn.value}` : null, card.fields.get('died') ? `died: ${card.fields.get('died')!.value}` : null].filter((part) => part !== null);
  const text = statement === card.status || statement === card.diedIn || statement === card.fields.get('died') ? parts.join(', ') : statement.value;
  return { card, path: card.path, line: statement.line, text, position: position ?? 0 };
}

const DIES_AFTER = /^\s+(?:(?:was|lay|is|had\s+been|was\s+found)\s+(?:already\s+|quite\s+|stone[\s-]+|now\s+)?dead(?![\s-]*(?:tired|set|end|on\s+(?:time|target|cue|arrival\s+at\s+the\s+party|the\s+(?:money|nose|mark|dot|button|hour|beat))\b|still|certain|serious|weight|calm|silence|drunk|asleep|right|wrong|to|against|keen|lucky|beat))|(?:had\s+)?(?:died|dies|drowned|drowns)|was\s+(?:killed|murdered|shot\s+dead|found\s+dead|drowned|hanged|executed)|breathed\s+(?:her|his)\s+last|stopped\s+breathing)\b/i;
// (A burial told in the present, too: "They bury Hector Lennie on the Tuesday".)
const KILLED_BEFORE = /\b(?:killed|murdered|drowned|strangled|stabbed|shot\s+dead|executed|buried|bury|buries)\s+$/i;
// "found Tresk dead", "left Tresk for dead" is no death.
const FOUND_BEFORE = /\bfound\s+$/i;
const DEAD_AFTER = /^\s+(?:already\s+|quite\s+)?dead\b/i;
const DEATH_OF = /\b(?:the\s+death\s+of|the\s+body\s+of|the\s+corpse\s+of|the\s+funeral\s+of)\s+$/i;
const POSSESSIVE_DEATH = /^['’]s\s+(?:dead\s+body|corpse|funeral|death|grave|coffin|lifeless\s+body)\b/i;

/** Deaths that happen on the page: "Tresk was dead.", "Tresk died", "killed Tresk", "Tresk's funeral". */
export function proseDeaths(prose: FileProse, position: number): Death[] {
  const deaths: Death[] = [];
  for (const mention of prose.mentions) {
    if (mention.quoted) continue;
    const card = characterOf(mention);
    if (card === null) continue;
    const text = mention.paragraph.text;
    const after = text.slice(mention.match.end, mention.match.end + 60);
    const before = text.slice(Math.max(0, mention.match.start - 40), mention.match.start);
    const dies = DIES_AFTER.test(after) || (FOUND_BEFORE.test(before) && DEAD_AFTER.test(after)) || KILLED_BEFORE.test(before) || DEATH_OF.test(before) || POSSESSIVE_DEATH.test(text.slice(mention.match.end));
    if (!dies) continue;
    const sentence = sentenceAt(mention.paragraph, mention.match.start);
    const clause = text.slice(sentence.start, sentence.end);
    if (NOT_DEATH.test(text.slice(sentence.start, mention.match.start)) || /\b(?:if|unless|would|might|could|almost|nearly|not|n't)\b/i.test(after.split(/[.;!?]/)[0] ?? '')) continue;
    // A burial still to come ("they will bury Ivo on Friday", "are to bury him") has not happened yet.
    if (/\b(?:will|shall|'ll|’ll|going\s+to|to)\s+(?:bury|buries)\s+$/i.test(before)) continue;
    if (/\?\s*$/.test(clause.trim())) continue;
    deaths.push({ card, path: prose.source.path, line: mention.line, text: clause.trim(), position });
  }
  return deaths;
}

const ACTIONS = [
  'said', 'says', 'asked', 'asks', 'went', 'goes', 'came', 'comes', 'took', 'takes', 'stood', 'stands', 'sat', 'sits', 'got', 'gets', 'gave', 'gives',
  'held', 'holds', 'ran', 'runs', 'put', 'puts', 'told', 'tells', 'laughed', 'laughs', 'looked', 'looks', 'turned', 'turns', 'climbed', 'climbs',
  'walked', 'walks', 'lifted', 'lifts', 'poured', 'pours', 'drank', 'drinks', 'ate', 'eats', 'smiled', 'smiles', 'nodded', 'nods', 'shrugged',
  'shrugs', 'grinned', 'grins', 'frowned', 'frowns', 'sighed', 'sighs', 'opened', 'opens', 'closed', 'closes', 'pushed', 'pushes', 'pulled',
  'pulls', 'picked', 'picks', 'set', 'sets', 'led', 'leads', 'left', 'brought', 'brings', 'handed', 'hands', 'stepped', 'steps', 'waited', 'waits',
  'watched', 'watches', 'answered', 'answers', 'called', 'calls', 'shouted', 'shouts', 'whispered', 'whispers', 'muttered', 'mutters', 'glanced',
  'glances', 'stared', 'stares', 'winked', 'winks', 'coughed', 'coughs', 'lit', 'lights', 'drove', 'drives', 'knelt', 'kneels', 'leaned',
  'leant', 'leans', 'waved', 'waves', 'pointed', 'points', 'reached', 'reaches', 'rowed', 'rows', 'tied', 'ties', 'unlocked', 'unlocks', 'locked',
  'locks', 'knocked', 'knocks', 'wrote', 'writes', 'read', 'reads', 'rode', 'rides', 'rose', 'rises', 'shook', 'shakes', 'spoke', 'speaks',
  'threw', 'throws', 'woke', 'wakes', 'grabbed', 'grabs', 'caught', 'catches', 'carried', 'carries', 'entered', 'enters', 'arrived', 'arrives',
  'appeared', 'appears', 'replied', 'replies', 'added', 'adds', 'snapped', 'snaps', 'cried', 'cries', 'began', 'begins', 'drew', 'draws',
  'dropped', 'drops', 'filled', 'fills', 'paid', 'pays', 'rang', 'rings', 'sang', 'sings', 'struck', 'strikes', 'wiped', 'wipes', 'folded',
  'folds', 'rubbed', 'rubs', 'scratched', 'scratches', 'slammed', 'slams', 'swore', 'swears', 'touched', 'touches', 'kissed', 'kisses',
  'tapped', 'taps', 'nudged', 'nudges', 'signed', 'signs', 'spat', 'spits', 'grunted', 'grunts', 'tipped', 'tips', 'thumped', 'thumps',
  'beckoned', 'beckons', 'hurried', 'hurries', 'strode', 'strides', 'limped', 'limps', 'crossed', 'crosses', 'sniffed', 'sniffs', 'peered', 'peers',
];
// Being somewhere is acting too: "Gully was at the end of the bar", "The Badger was at the table".
// ("The Captain is in the elm box" is where the dead lie, not where they stand.)
const ACTION = new RegExp(`^(?:\\s+(?:\\p{L}+ly))?\\s+(${ACTIONS.join('|')}|(?:was|is)\\s+(?:still\\s+)?(?!(?:dying|lying|being|missing|resting|sleeping|nothing|something|everything|going\\s+to)\\b)\\p{Ll}{2,}ing\\b|(?:was|is)\\s+(?:at|in|on|by|behind)\\s+(?:the|his|her)\\b(?!\\s+(?:[\\p{L}-]+\\s+)?(?:box|ground|earth|churchyard|cemetery|grave|coffin|casket|urn|morgue|mortuary|vault|tomb)\\b))`, 'iu');
// Seen or heard doing it, the verb bare after the name: "I watch the Professor come across the
// lounge", "we heard Tresk laugh in the yard" — unless it can never be ("I'll never see Tresk walk").
const PERCEIVED = /\b(?:watch|watches|watched|see|sees|saw|hear|hears|heard|notice|notices|noticed|spot|spots|spotted)\s+$/i;
const CANNOT_BE = /\b(?:never|not|no\s+longer|won['’]t|can['’]t|couldn['’]t|will|['’]ll)\b/i;
const BARE_ACTIONS = [
  'come', 'go', 'walk', 'sit', 'stand', 'take', 'turn', 'look', 'climb', 'cross', 'shuffle', 'step', 'lift', 'raise', 'pour', 'drink', 'eat',
  'laugh', 'smile', 'nod', 'wave', 'open', 'close', 'push', 'pull', 'pick', 'lean', 'kneel', 'reach', 'enter', 'leave', 'get', 'run', 'put',
  'light', 'wipe', 'shake', 'knock', 'unlock', 'lock', 'cough', 'sigh', 'grin', 'shrug', 'stare', 'glance', 'pay', 'drive', 'ride', 'row',
  'rise', 'hold', 'carry', 'write', 'read', 'sing', 'speak', 'talk', 'shout', 'call', 'whisper', 'limp', 'stroll', 'hurry', 'slip', 'stride',
];
const BARE_ACTION = new RegExp(`^\\s+(${BARE_ACTIONS.join('|')})\\b`, 'i');
// Cues that the dead are remembered, dreamt, pictured or read, not present: anywhere in the sentence
// ("used to" too, but not in a likeness: "he looked up the way he used to look at a sum").
const MEMORY = /\b(?:remember(?:ed|s|ing)?|recall(?:ed|s)?|memor(?:y|ies)|(?<!(?:the\s+way|as|like)\s+(?:he|she|they|I|we)\s+)used\s+to|years\s+(?:ago|before|earlier)|back\s+then|in\s+those\s+days|dream(?:t|ed|s)?|ghost|spirit|photo(?:graph)?|portrait|picture|painting|letter|diary|journal|grave|funeral|coffin|buried|before\s+(?:he|she)\s+died|when\s+(?:he|she)\s+was\s+alive|imagin(?:ed|es|ing)|as\s+(?:if|though)\s+(?:he|she|they|him|her)\b|had\s+(?:said|told|been|done))\b/i;
// The dead heard or seen through a recording, anywhere in the sentence: "the recording of Tresk", "in
// the video Tresk laughs", "Tresk's voice on the tape" (not a tape measure or sticky tape).
const RECORDING = /\b(?:recordings?|recorded|pre-recorded|footage|videos?|video-?tapes?|voicemails?|voice\s*mails?|answer(?:ing\s+machine|phone)|playback|played\s+back|replay(?:s|ed|ing)?|rewound|rewind|holograms?|holographic|cassettes?|dictaphone|reel-to-reel|home\s+movies?|(?:the|a|an|that|this|old|his|her|their)\s+tapes?(?!\s+measure)(?:\s+recorder)?)\b/i;
// Right by the name, a screen shows the dead rather than the room holding them: "said Tresk on the screen".
const ON_SCREEN = /^(?:['’]s\s+(?:voice|face|image|words|figure))?\s*,?\s*(?:on|in|from|across)\s+(?:the|a|an|his|her|my|their|that|this)\s+(?:[\p{L}-]+\s+)?(?:screens?|monitors?|displays?|televisions?|tv|telly|viewscreen|playback|film|clip|feed)\b/iu;
// Cues that only make the dead's act supposed or asked about when they come before it: "whether Tresk
// came in", "she would see Tresk pour the tea" — not "Tresk came in and asked whether she would eat".
const SUPPOSED = /\b(?:what\s+time|whether|asks?\s+(?:me\s+|him\s+|her\s+)?(?:what|when|how|if)|asked\s+(?:me\s+|him\s+|her\s+)?(?:what|when|how|if)|once|would|if|wish(?:ed)?|hoped?)\b/i;
const FLASHBACK_OPENING = /^(?:\w+\s+){0,3}(?:years|months|weeks)\s+(?:earlier|before|ago)\b|^(?:In|That)\s+(?:the\s+)?(?:summer|winter|spring|autumn|year)\s+(?:of\s+)?\d{4}|^Before\b/i;

/**
 * The dead speaking or acting, by any of their names: a dialogue tag (`said Tresk`, `Birdie
 * asked`) or a name followed by an action in narration (`Tresk poured the tea`), in a chapter after
 * the one where they died. Remembered, dreamt, pictured or quoted — or a chapter that opens years
 * earlier — is not acting. Errors when the death's chapter is known; warnings for a death before the
 * story, since such characters often return in memories.
 */
export function deadCharacterFindings(deaths: ReadonlyMap<string, Death>, chapters: ReadonlyArray<{ scene: SceneFile; prose: FileProse }>): Finding[] {
  const findings: Finding[] = [];
  for (const { scene, prose } of chapters) {
    if (FLASHBACK_OPENING.test(prose.paragraphs[0]?.text.trimStart() ?? '')) continue;
    // In a chapter told in the present, the dead doing something in the past is remembered: "Leng told her once".
    const present = toldInPresent(prose.paragraphs);
    const recalled = (verb: string): boolean => present && pastForm(verb);
    const later = (card: CharacterCard): Death | null => {
      const death = deaths.get(card.path);
      return death && death.position !== null && scene.position > death.position ? death : null;
    };
    const reported = new Set<Mention>();
    const report = (mention: Mention, death: Death, kind: 'dead_character_speaks' | 'dead_character_acts', what: string): void => {
      reported.add(mention);
      const before = death.position === 0;
      findings.push({
        kind,
        severity: before ? 'warning' : 'error',
        message: `${death.card.name.value} ${kind === 'dead_character_speaks' ? 'speaks' : 'acts'} here (${what}), but ${before ? 'is dead before the story begins' : `died in an earlier chapter`}: "${death.text}".`,
        path: scene.path,
        line: mention.line,
        quote: '',
        canon: { path: death.path, line: death.line, value: death.text },
      });
    };
    for (const tag of findSpeakerTags(prose)) {
      const card = characterOf(tag.mention);
      const death = card ? later(card) : null;
      if (death && !remembered(tag.mention) && !tag.tag.split(/\s+/).some(recalled)) report(tag.mention, death, 'dead_character_speaks', `"${tag.tag}"`);
    }
    for (const mention of prose.mentions) {
      if (mention.quoted || reported.has(mention)) continue;
      const card = characterOf(mention);
      const death = card ? later(card) : null;
      if (!death || remembered(mention) || MEMORY.test(previousSentenceText(mention)) || RECORDING.test(previousSentenceText(mention))) continue;
      const action = mention.match.possessive ? null : (ACTION.exec(mention.paragraph.text.slice(mention.match.end, mention.match.end + 40)) ?? perceivedAction(mention) ?? taggedAction(mention));
      const then = action ? null : pronounActs(mention, card!);
      // (The whole word after the name: "puts" is no "put".)
      const verb = /^\s*(?:\p{L}+ly\s+)?(\p{L}+)/u.exec(mention.paragraph.text.slice(mention.match.end))?.[1] ?? '';
      if (action && recalled(verb)) continue;
      if (action) report(mention, death, 'dead_character_acts', `"${mention.match.text}${action[0]}"`);
      else if (then !== null) report(mention, death, 'dead_character_acts', `"${then}"`);
    }
  }
  return findings;
}

/**
 * True when the character speaks (a tag) or acts (named, then an action) after `line` in this prose:
 * a pronoun read as their death just before cannot have meant them.
 */
export function actsOnPageAfter(prose: FileProse, card: CharacterCard, line: number): boolean {
  if (findSpeakerTags(prose).some((tag) => tag.line > line && characterOf(tag.mention) === card)) return true;
  return prose.mentions.some((mention) => mention.line > line && !mention.quoted && !mention.match.possessive && characterOf(mention) === card && ACTION.test(mention.paragraph.text.slice(mention.match.end, mention.match.end + 40)));
}

// Verbs of a state, a feeling or a life summed up ("Earl loved that horse", "Quayle lies in St
// Brigid's"): what the dead may still be said to do.
const STILL = new Set([
  'is', 'was', 'has', 'had', 'lies', 'lay', 'lain', 'rests', 'rested', 'remains', 'remained', 'sleeps', 'slept', 'died', 'dies', 'lived', 'lives',
  'loved', 'loves', 'liked', 'likes', 'hated', 'hates', 'knew', 'knows', 'believed', 'believes', 'wanted', 'wants', 'thought', 'thinks', 'meant',
  'means', 'deserved', 'deserves', 'owned', 'owns', 'built', 'left', 'seemed', 'seems', 'belonged', 'belongs', 'never', 'always',
]);

/**
 * A verb of doing right after the name (or after an adverb), as the tagger reads it in the name's
 * place — "Earl swings the pasture gate", "Horace complained that…" — for actions no list names.
 * Helpers, modals and verbs of a state (`STILL`) are not actions; nor is a verb that ends the sentence,
 * nor one whose name does not open its clause (a report: "everyone knew that Owen collected glass").
 */
function taggedAction(mention: Mention): RegExpExecArray | null {
  // Only a name that opens its clause acts: "that Owen collected sea glass" reports a habit.
  const opening = mention.paragraph.text.slice(sentenceAt(mention.paragraph, mention.match.start).start, mention.match.start);
  if (!/^\s*(?:["“‘']\s*)?$|(?:[,;:—–]|\b(?:and|then|but))\s*$/i.test(opening)) return null;
  const rest = mention.paragraph.text.slice(mention.match.end, mention.match.end + 60);
  const words = /^(\s+(?:\p{L}+ly\s+)?)(\p{L}+)(?=\s+\S)/u.exec(rest);
  if (!words || STILL.has(words[2]!.toLowerCase())) return null;
  const term = (nlp(`He${rest}`).terms().json() as Array<{ text: string; terms: Array<{ tags: string[] }> }>).find((item, index) => index > 0 && item.text.replace(/\W+$/, '').toLowerCase() === words[2]!.toLowerCase());
  const tags = term?.terms[0]?.tags ?? [];
  const helper = tags.some((tag) => tag === 'Auxiliary' || tag === 'Modal' || tag === 'Copula' || tag === 'Gerund');
  // After one person's name a verb in the present ends in -s ("swings"): a bare one ("see Amos cross")
  // is no act of his, only one seen or supposed (`perceivedAction` reads those).
  const tagged = tags.includes('Verb') && (tags.includes('PastTense') || (tags.includes('PresentTense') && /s$/i.test(words[2]!)));
  // A word the tagger does not know as a verb still is one in "Amos hauls the gate": a name, then a
  // word in -s or -ed, then what it acts on.
  const shaped = /^\p{Ll}+(?:s|ed)$/u.test(words[2]!) && /^\s+(?:the|a|an|his|her|its|their|my|our|your|this|that|these|those|him|them|it|up|down|out|off|open|back)\b/i.test(rest.slice(words[0].length));
  if (helper || !(tagged || shaped)) return null;
  const found = Object.assign([`${words[1]}${words[2]}`, words[2]!], { index: 0, input: rest }) as RegExpExecArray;
  return found;
}

/** The bare verb after a name the narrator sees or hears doing it ("watch the Professor come"), or null. */
function perceivedAction(mention: Mention): RegExpExecArray | null {
  const before = mention.paragraph.text.slice(sentenceAt(mention.paragraph, mention.match.start).start, mention.match.start);
  if (!PERCEIVED.test(before) || CANNOT_BE.test(before)) return null;
  return BARE_ACTION.exec(mention.paragraph.text.slice(mention.match.end, mention.match.end + 20));
}

/** True when the sentence remembers the dead, plays them back from a recording, or supposes their act before it happens. */
function remembered(mention: Mention): boolean {
  const sentence = sentenceAt(mention.paragraph, mention.match.start);
  const text = sentenceText(mention);
  return MEMORY.test(text) || RECORDING.test(text) || ON_SCREEN.test(mention.paragraph.text.slice(mention.match.end, sentence.end)) || SUPPOSED.test(mention.paragraph.text.slice(sentence.start, mention.match.start));
}

// A person other than the one named stands between the name and the pronoun: "Tresk's brother came in, and he sat".
const SOMEONE_ELSE = /\b(?:brother|sister|mother|father|son|daughter|wife|husband|widow|friend|man|woman|boy|girl|dog|horse)\b/i;

/**
 * The dead named in passing and then acting as `he`/`she` in the same sentence: "Sorensen's truck is
 * at the curb, and he leans across and rolls the window down". The pronoun must fit the character,
 * with no other person named between.
 */
function pronounActs(mention: Mention, card: CharacterCard): string | null {
  const sentence = sentenceAt(mention.paragraph, mention.match.start);
  const rest = mention.paragraph.text.slice(mention.match.end, sentence.end);
  const pronoun = card.gender === 'female' ? 'she' : card.gender === 'male' ? 'he' : null;
  if (pronoun === null) return null;
  const match = new RegExp(`\\b${pronoun}(?:\\s+\\p{L}+ly)?\\s+(?:${ACTIONS.join('|')})\\b`, 'iu').exec(rest);
  if (match === null) return null;
  const between = rest.slice(0, match.index);
  if (SOMEONE_ELSE.test(between) || /["“”]/.test(between) || /\b\p{Lu}\p{Ll}+\b/u.test(between.replace(/^['’]s\b/, ''))) return null;
  // The pronoun already stood for someone before the name ("he talks about the Captain, … when he
  // says"), or opens a clause about the past ("the notebook, where he left it"): not the dead acting.
  if (new RegExp(`\\b${pronoun}\\b`, 'i').test(mention.paragraph.text.slice(sentence.start, mention.match.start))) return null;
  if (!/(?:,|;|\band|\bthen)\s*$/i.test(between)) return null;
  return `${mention.match.text}${rest.slice(0, match.index + match[0].length)}`.replace(/\s+/g, ' ');
}

function sentenceText(mention: Mention): string {
  const sentence = sentenceAt(mention.paragraph, mention.match.start);
  return mention.paragraph.text.slice(sentence.start, sentence.end);
}

function previousSentenceText(mention: Mention): string {
  const sentence = sentenceAt(mention.paragraph, mention.match.start);
  const previous = mention.paragraph.sentences.filter((span) => span.end <= sentence.start).pop();
  return previous ? mention.paragraph.text.slice(previous.start, previous.end) : '';
}
