import type { CharacterCard } from '../cards.js';
import type { Gender } from '../name-forms.js';
import type { NameIndex } from '../name-index.js';
import { isQuoted, sentenceAt } from '../prose.js';
import { startsSentence, type FileProse } from '../scene-prose.js';
import { characterOf, resolveSubject, type SubjectContext } from './resolve-subject.js';

/** What the prose teaches about people: the nicknames it uses and the pronouns it gives them. */
export interface LearnedNames {
  /** Nicknames by card path, with where each was learned. */
  nicknames: Map<string, Array<{ form: string; path: string; line: number }>>;
  /** Gender by card path, from the pronouns that follow the name. */
  genders: Map<string, Gender>;
}

const NICK = "(\\p{Lu}[\\p{Ll}'’]{2,}(?:-\\p{Lu}?[\\p{Ll}]+)?)";
// "Birdie, the old man still called her", "Birdie, everyone called him", "Birdie, as Tobin called her".
const NICK_THEN_CALLED = new RegExp(`${NICK},?\\s+(?:as\\s+)?(?:the\\s+[\\p{L}-]+(?:\\s+[\\p{L}-]+)?|everyone|everybody|people|they|he|she|his\\s+[\\p{L}]+|her\\s+[\\p{L}]+|the\\s+village|the\\s+town|\\p{Lu}[\\p{L}]+)\\s+(?:still\\s+|always\\s+|had\\s+always\\s+|used\\s+to\\s+|would\\s+|sometimes\\s+|only\\s+|often\\s+)?(?:called|calls|call|named)\\s+(her|him)\\b`, 'gu');
// "everyone called her Birdie", "known as Birdie", "nicknamed Birdie", "whom the village called Birdie".
const CALLED_THEN_NICK = new RegExp(`\\b(?:called|calls|call|nicknamed|named)\\s+(her|him)\\s+${NICK}`, 'gu');
const KNOWN_AS = new RegExp(`\\b(?:known|better\\s+known|called|nicknamed)(?:\\s+(?:to\\s+[\\p{L}\\s]{1,30}?|by\\s+[\\p{L}\\s]{1,30}?))?\\s+as\\s+['"“‘]?${NICK}`, 'gu');
// "Bridget Fenn, whom everyone called Birdie", "Bridget, who the village knew as Birdie": the name before owns it.
const WHOM_CALLED = new RegExp(`,\\s+(?:whom|who)\\s+(?:[\\p{L}'’]+\\s+){0,4}?(?:called|calls|call|knew\\s+as|knows\\s+as|nicknamed)\\s+['"“‘]?${NICK}`, 'gu');
// "To the lads on the quay Norbert was always Nobby.", "To her sisters she was simply Bee.": the name ends the sentence.
const TO_THEM_WAS = new RegExp(`\\bTo\\s+[^.,;!?"“”]{1,40}?,?\\s+(he|she|\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)?)\\s+(?:was|is|had\\s+(?:always\\s+)?been|would\\s+always\\s+be)\\s+(?:always\\s+|just\\s+|simply\\s+|only\\s+|forever\\s+|plain\\s+)?${NICK}(?=\\s*[.;!?]|\\s*$)`, 'gu');
// "Theodora on every form she has ever signed, and Bear to anyone who has wintered with her",
// "Elizabeth to the parish, Tibby to us": the name for some, then the nickname for others.
const NAME_THEN_NICK_TO = new RegExp(`(\\p{Lu}[\\p{L}'’-]+)\\s+(?:on|in|to|for)\\s+[^,;.!?“”"]{1,50},\\s+(?:and\\s+|but\\s+)?${NICK}\\s+to\\s+(?:anyone|anybody|everyone|everybody|all|us|them|the\\s|her\\s|his\\s|their\\s|those|friends|family)`, 'gu');
// `Bridget "Birdie" Fenn`: a nickname in quotes between first name and surname.
const QUOTED_MIDDLE = new RegExp(`(\\p{Lu}[\\p{L}'’-]+)\\s+["“‘']${NICK}["”’']\\s+(\\p{Lu}[\\p{L}'’-]+)`, 'gu');
const NOT_NICKNAMES = /^(?:Love|Dear|Darling|Sweetheart|Honey|Pet|Mum|Mam|Mom|Mummy|Dad|Daddy|Sir|Madam|Ma'am|Miss|Missus|Mister|Boss|Chief|Lad|Lass|Girl|Boy|Son|Doctor|Doc|Nurse|Gran|Granny|Grandma|Grandpa|Sister|Brother|Father|Mother|Auntie|Aunt|Uncle|Captain|Sergeant|Officer|Constable|Madame|Monsieur|Nobody|Somebody|Everyone|Home|Back|Again|Still|Always)$/;

// A sentence's opening words before its subject: "On the morning of the sale Maura gets up at five",
// "After the dishes, Maura walks down". No name among them, no clause of its own.
const OPENER = /^[\s“"‘'(—–-]*(?:On|In|At|After|Before|By|Then|Later|Next|Now|Soon|Once|Still|So|And|But|That|This|All|Every|Each|Outside|Inside|Early|Late|Halfway|Above|Below|Across|Along|Under)\b[^,;:"“”.!?\p{Lu}]{0,50}?(?:,\s*|\s+)$/u;
// In the subject's own sentence, a pronoun that can only be the subject's: a possessive "his" or
// "her" ("does her hair", not "gave her a cake", "kept her waiting" or "looks at her."), or
// "himself"/"herself".
const OWN_PRONOUN = /\b(?:his|herself|himself|her(?!\s*[,.;:!?”"’)]|\s+(?:a|an|the|some|this|that|these|those|one|two|what|how|why|to|and|as|but|or|in|on|at|from|with|for|than|again|back|up|down|off|out|away|over|now|then|so|too|once|into|onto|about|round|around|\p{L}+ing)\b))\b/iu;
// The sentence after it, opening with the same person: "Ilse laughed. She…".
const NEXT_SUBJECT = /^[\s“"‘'(—–-]*(She|He)\b/;

// A clause's subject after its joining word: "…, and Frank Moran has just opened his mouth".
const JOINED = /(?:^|[,;—–]\s*|\s)(?:and|but|then|so|when|while|as|until|before|after|because|where|though|although)\s+$/;

/**
 * True when a mention is the subject of its sentence or clause: it opens the sentence (after an
 * opener like "On Sunday" too) or follows a joining word, and a verb follows it.
 */
function asSubject(mention: FileProse['mentions'][number]): boolean {
  if (startsSentence(mention.paragraph, mention.match.start)) return true;
  const sentence = sentenceAt(mention.paragraph, mention.match.start);
  const before = mention.paragraph.text.slice(sentence.start, mention.match.start);
  return (OPENER.test(before) || JOINED.test(before)) && /^\s+\p{Ll}/u.test(mention.paragraph.text.slice(mention.match.end));
}

/**
 * Pronouns that follow a name that is a subject, counted per card: "Maura gets up at five and does
 * her hair" counts twice, "Ilse laughed. She…" once (the next sentence may be someone else's: in a
 * chapter told from Maura's side, "Keaveney takes them through it. She watches…" is Maura).
 */
function voteGenders(proses: readonly FileProse[], votes: Map<string, { female: number; male: number }>): void {
  for (const prose of proses) {
    for (const mention of prose.mentions) {
      if (mention.quoted || mention.match.possessive) continue;
      const card = characterOf(mention);
      if (card === null || !asSubject(mention)) continue;
      const sentence = sentenceAt(mention.paragraph, mention.match.start);
      const next = mention.paragraph.sentences.find((span) => span.start >= sentence.end);
      // Up to any speech the sentence runs into: what is said there is someone else's.
      const own = mention.paragraph.text.slice(mention.match.end, sentence.end).split(/[“"]/)[0]!;
      const possessive = OWN_PRONOUN.exec(own);
      // Else a "he" or "she" later in the sentence ("Ottilie was at the window when she saw…"), or
      // opening the next one: each may be someone else's, so they weigh less.
      const subject = /\b(?:she|he)\b/i.exec(own);
      const inSentence = possessive !== null && (subject === null || possessive.index < subject.index) ? possessive : subject;
      const following = inSentence === null && next !== undefined ? NEXT_SUBJECT.exec(mention.paragraph.text.slice(next.start, next.end)) : null;
      const pronoun = inSentence?.[0] ?? following?.[1];
      const upTo = inSentence === null ? (next?.start ?? sentence.end) : mention.match.end + inSentence.index;
      if (pronoun === undefined) continue;
      // Another person named in between makes the vote void.
      const other = prose.mentions.some((between) => between !== mention && between.paragraph === mention.paragraph && between.match.start > mention.match.start && between.match.start < upTo && characterOf(between) !== card);
      if (other || /\b\p{Lu}\p{Ll}+\s+(?:said|asked|was|had)\b/u.test(mention.paragraph.text.slice(mention.match.end, upTo))) continue;
      const weight = inSentence !== null && inSentence === possessive ? 2 : 1;
      const tally = votes.get(card.path) ?? { female: 0, male: 0 };
      if (/^(?:she|her|herself)$/i.test(pronoun)) tally.female += weight;
      else tally.male += weight;
      votes.set(card.path, tally);
    }
  }
}

/**
 * Learns from the text what cards leave out: each character's gender (stated on the card, else by
 * the pronouns that follow the name in the manuscript) and nicknames the prose itself gives
 * ("Birdie, the old man still called her", "everyone called him Sonny", `Bridget "Birdie" Fenn`,
 * "Bridget Fenn, whom everyone called Birdie", "To the lads on the quay he was always Nobby",
 * "Theodora on every form, and Bear to anyone who has wintered with her",
 * "known in the village as Birdie"). A nickname needs a person to belong to; endearments and titles
 * ("love", "Doctor") are never nicknames.
 */
export function learnNames(proses: readonly FileProse[], characters: readonly CharacterCard[], names: NameIndex, pointOfView: (prose: FileProse) => CharacterCard | null, ownerOf: (prose: FileProse) => CharacterCard | null = () => null): LearnedNames {
  const votes = new Map<string, { female: number; male: number }>();
  voteGenders(proses, votes);
  const genders = new Map<string, Gender>();
  for (const card of characters) {
    const tally = votes.get(card.path) ?? { female: 0, male: 0 };
    const learned: Gender = tally.female >= 3 && tally.female >= tally.male * 2 ? 'female' : tally.male >= 3 && tally.male >= tally.female * 2 ? 'male' : null;
    genders.set(card.path, card.gender ?? learned);
  }
  const genderOf = (card: CharacterCard): Gender => genders.get(card.path) ?? card.gender;
  const nicknames = new Map<string, Array<{ form: string; path: string; line: number }>>();
  const add = (card: CharacterCard | null, form: string, path: string, line: number): void => {
    if (card === null || NOT_NICKNAMES.test(form) || names.entitiesFor(form).some((entity) => entity.card !== card)) return;
    // A form already known is learned again only when it was weak (`Pip` of Philippa): the prose has now said it is a name.
    if (names.entitiesFor(form).length > 0 && !names.isWeakForm(form)) return;
    const list = nicknames.get(card.path) ?? [];
    if (!list.some((entry) => entry.form === form)) list.push({ form, path, line });
    nicknames.set(card.path, list);
  };
  for (const prose of proses) {
    const context: SubjectContext = { prose, pointOfView: pointOfView(prose), genderOf };
    // On a character's own card, a nickname without another name is the card's.
    const owner = ownerOf(prose);
    const whose = (found: CharacterCard | null): CharacterCard | null => found ?? owner;
    prose.paragraphs.forEach((paragraph, paragraphIndex) => {
      const lineAt = (offset: number): number => {
        let index = 0;
        while (index + 1 < paragraph.lineStarts.length && paragraph.lineStarts[index + 1]! <= offset) index += 1;
        return paragraph.startLine + index;
      };
      for (const match of paragraph.text.matchAll(NICK_THEN_CALLED)) {
        if (isQuoted(paragraph, match.index)) continue;
        const pronounAt = match.index + match[0].length - match[2]!.length;
        add(whose(resolveSubject(context, paragraphIndex, pronounAt, match[2]!)?.card ?? null), match[1]!, prose.source.path, lineAt(match.index));
      }
      for (const match of paragraph.text.matchAll(CALLED_THEN_NICK)) {
        if (isQuoted(paragraph, match.index)) continue;
        add(whose(resolveSubject(context, paragraphIndex, match.index, match[1]!)?.card ?? null), match[2]!, prose.source.path, lineAt(match.index));
      }
      for (const match of paragraph.text.matchAll(KNOWN_AS)) {
        if (isQuoted(paragraph, match.index)) continue;
        add(whose(resolveSubject(context, paragraphIndex, match.index, null)?.card ?? null), match[1]!, prose.source.path, lineAt(match.index));
      }
      for (const match of paragraph.text.matchAll(WHOM_CALLED)) {
        if (isQuoted(paragraph, match.index)) continue;
        const named = prose.mentions.find((mention) => mention.paragraph === paragraph && mention.match.end === match.index);
        add(named ? characterOf(named) : null, match[1]!, prose.source.path, lineAt(match.index));
      }
      for (const match of paragraph.text.matchAll(TO_THEM_WAS)) {
        if (isQuoted(paragraph, match.index)) continue;
        const ownerAt = match.index + match[0].lastIndexOf(match[1]!, match[0].length - match[2]!.length);
        const named = prose.mentions.find((mention) => mention.paragraph === paragraph && mention.match.start === ownerAt);
        const card = /^(?:he|she)$/.test(match[1]!) ? (resolveSubject(context, paragraphIndex, ownerAt, match[1]!)?.card ?? null) : named ? characterOf(named) : null;
        add(card, match[2]!, prose.source.path, lineAt(match.index));
      }
      for (const match of paragraph.text.matchAll(NAME_THEN_NICK_TO)) {
        if (isQuoted(paragraph, match.index)) continue;
        const named = prose.mentions.find((mention) => mention.paragraph === paragraph && mention.match.start === match.index);
        add(named ? characterOf(named) : null, match[2]!, prose.source.path, lineAt(match.index));
      }
      for (const match of paragraph.text.matchAll(QUOTED_MIDDLE)) {
        const full = names.entitiesFor(`${match[1]} ${match[3]}`).filter((entity) => entity.kind === 'character');
        if (full.length === 1) add(full[0]!.card as CharacterCard, match[2]!, prose.source.path, lineAt(match.index));
      }
    });
  }
  return { nicknames, genders };
}
