import type { CharacterCard } from './cards.js';
import { fullTitle, titleOf } from './name-forms.js';

// A nickname the card gives only in quotes: `Colonel Arthur "the Badger" Haverstock`, `called him "Tiger"`, `Known as: "Bun"`.
const NICKNAME_AFTER = /\b(?:call(?:s|ed|ing)?|known\s+as|nicknamed|dubbed)\s*:?\s+(?:(?:him|her|them)\s+)?(?:(?:only|just|simply|always)\s+)?(?:["“]([^"”\n]{2,30})["”]|['‘]([^'’\n]{2,30})['’](?![\p{L}]))/giu;
const QUOTED = /["“]([^"”\n]{2,30})["”]/gu;
// Titles every other person shares, which never name one person on their own.
const SHARED_TITLES = /^(?:Mr|Mrs|Ms|Miss|Mx|Old|Young|Little|Madame|Monsieur|Herr|Frau|Señor|Señora)\.?$/;

/** With a leading lower-case article, the form a sentence's first word takes too (`the Badger` → `The Badger`). */
function withCapital(form: string): string[] {
  return /^(?:the|a|an)\s/.test(form) ? [form, form[0]!.toUpperCase() + form.slice(1)] : [form];
}

const looksLikeName = (text: string): boolean => /\p{Lu}/u.test(text) && text.split(/\s+/).length <= 4 && !/[.!?,;]/.test(text);

/** Nicknames a character card gives in quotes: inside its name, or after "called", "known as", "nicknamed". */
export function quotedNicknames(card: CharacterCard): string[] {
  const found = new Set<string>();
  const nameLine = card.source.lines[card.name.line - 1] ?? '';
  for (const match of nameLine.matchAll(QUOTED)) if (looksLikeName(match[1]!.trim())) withCapital(match[1]!.trim()).forEach((form) => found.add(form));
  for (const line of card.source.lines) {
    for (const match of line.matchAll(NICKNAME_AFTER)) {
      const nickname = (match[1] ?? match[2]!).trim();
      if (looksLikeName(nickname)) withCapital(nickname).forEach((form) => found.add(form));
    }
  }
  return [...found];
}

// A byname: a name, alone or after a family title (`Nonna`, `Aunt Ro`, `Granny Nell`, `Big Jim`).
const BYNAME = "((?:(?:Aunt|Auntie|Uncle|Granny|Gran|Grandma|Grandpa|Nana|Nanna|Nan|Cousin|Old|Big|Little|Young|Mother|Father|Mama|Papa|Ma|Pa|Sister|Brother|Miss|Mister)\\s+)?\\p{Lu}[\\p{Ll}'’]+(?:-\\p{Lu}?\\p{Ll}+)?)(?![\\p{L}'’-])";
// "known to the family as Granny Nell", "known in the village as Aunt Ro", "known as Big Jim".
// "known to the whole parish, and to himself, as the Master": a byname may take "the".
const KNOWN_AS_BYNAME = new RegExp(`\\b(?:[Kk]nown|[Cc]alled)(?:\\s+(?:to|by|in|at|on|around|round|about|among|across|throughout)\\s+[\\p{L}'’ ,]{1,40}?)?,?\\s+as\\s+["“‘']?(the\\s+)?${BYNAME}`, 'gu');
// "the children call her Nonna", "everyone calls him Big Jim", "the men call him the Gaffer": the
// pronoun names the card's person.
const CALL_PRONOUN_BYNAME = new RegExp(`\\b(?:call|calls|called|calling)\\s+(her|him|them)\\s+["“‘']?(the\\s+)?${BYNAME}`, 'gu');
// "Aunt Ro to everyone", "She is Nonna to the grandchildren": a titled byname, or a name after "is"/"was".
const BYNAME_TO_ALL = new RegExp(`(?:^|(?<=[—–:(]\\s*)|\\b(?:is|was|just|simply|plain|always|only)\\s+)${BYNAME}\\s+to\\s+(?:everyone|everybody|all|us|them|the\\s+[\\p{Ll}]+(?:\\s+[\\p{Ll}]+)?|her\\s+[\\p{Ll}]+|his\\s+[\\p{Ll}]+|their\\s+[\\p{Ll}]+)\\b`, 'gu');
const FAMILY_TITLE = /^(?:Aunt|Auntie|Uncle|Granny|Gran|Grandma|Grandpa|Nana|Nanna|Nan|Cousin|Old|Big|Little|Young|Mother|Father|Mama|Papa|Ma|Pa|Sister|Brother|Miss|Mister)\s/;
// Someone else in the sentence before the byname: "her husband, known to all as Big Jim", "married Ned, Uncle Ned to everyone".
const SOMEONE_ELSE = /\b(?:brother|sister|mother|father|husband|wife|son|daughter|friend|aunt|uncle|cousin|niece|nephew|partner|married|marries|whose|neighbour|neighbor|lodger|employer|boss|fiancée?)\b/i;
const OTHERS_SAY_BYNAME = new RegExp(`\\b(?:everyone|everybody|people|others|the\\s+rest|the\\s+(?:town|village|men|women|crew|children|kids|family))(?:\\s+else)?\\s+(?:says|say|said)\\s+(the\\s+)?${BYNAME}`, 'gu');
const GIVEN_CALLED = new RegExp(`^\\s*(?:[-*+]\\s+)?(\\p{Lu}[\\p{Ll}'’]+),\\s+(?:called|known\\s+as|nicknamed)\\s+${BYNAME}\\s*[,;]`, 'u');
// Words of address that are never anyone's name.
const ENDEARMENTS = /^(?:Love|Dear|Darling|Sweetheart|Honey|Pet|Sir|Madam|Boss|Everyone|Nobody|Anything|Nothing|Known|Called|Nicknamed|Referred)$/;

/**
 * Bynames a character card gives its own person in its prose, quoted or not: "Aunt Ro to everyone",
 * "known to the family as Granny Nell", "the children call her Nonna". A byname said of someone else
 * in the same sentence ("her husband, known to all as Big Jim", "she calls him Pops") is not the card's.
 */
export function statedBynames(card: CharacterCard): string[] {
  const found = new Set<string>();
  const ownPronoun = (pronoun: string): boolean => pronoun === 'them' || card.gender === null || (pronoun === 'her') === (card.gender === 'female');
  const keep = (form: string): void => {
    if (!ENDEARMENTS.test(form)) found.add(form);
  };
  for (const line of card.source.lines.slice(card.bodyStart - 1)) {
    for (const sentence of line.split(/(?<=[.!?;])\s+/)) {
      const clauseBefore = (at: number): string => sentence.slice(0, at);
      // "known to the family as Granny Nell", "everyone else says the Harbourmaster".
      for (const match of [...sentence.matchAll(KNOWN_AS_BYNAME), ...sentence.matchAll(OTHERS_SAY_BYNAME)]) {
        if (SOMEONE_ELSE.test(clauseBefore(match.index))) continue;
        if (match[1] === undefined) keep(match[2]!);
        else if (!ENDEARMENTS.test(match[2]!)) withCapital(`the ${match[2]!}`).forEach((form) => found.add(form));
      }
      for (const match of sentence.matchAll(CALL_PRONOUN_BYNAME)) {
        // "She calls him Pops": the card's person naming someone else.
        if (!ownPronoun(match[1]!) || /\b(?:she|he)\s+$/i.test(clauseBefore(match.index))) continue;
        if (match[2] === undefined) keep(match[3]!);
        else if (!ENDEARMENTS.test(match[3]!)) withCapital(`the ${match[3]!}`).forEach((form) => found.add(form));
      }
      for (const match of sentence.matchAll(BYNAME_TO_ALL)) {
        const byname = match[1]!;
        const plainStart = match[0].startsWith(byname);
        // A plain name opening a sentence is a byname only when the sentence says no more: "Dinny to everyone."
        const alone = /^\s*(?:[.;,)—–]|$)/.test(sentence.slice(match.index + match[0].length));
        if (plainStart && !FAMILY_TITLE.test(byname) && !alone) continue;
        if (!SOMEONE_ELSE.test(clauseBefore(match.index))) keep(byname);
      }
      // "Tamsin, called Tam, is Daniel's sister": the card's own given name, then what it is shortened to.
      const given = GIVEN_CALLED.exec(sentence);
      if (given && card.name.value.split(/\s+/).includes(given[1]!)) keep(given[2]!);
      // "Dad." alone: what the narrator calls the card's person.
      const kin = KIN_ALONE.exec(sentence);
      if (kin) found.add(kin[1]!);
      const alone = kin ? null : QUOTED_ALONE.exec(sentence);
      if (alone) (/^the\s/i.test(alone[1]!) ? withCapital(alone[1]!.replace(/^The/, 'the')) : [alone[1]!]).forEach(keep);
    }
  }
  return [...found];
}

const KIN_ALONE = /^\s*(?:[-*+]\s+)?["“]?(Dad|Daddy|Da|Pa|Papa|Mum|Mummy|Mam|Mammy|Ma|Mama|Mom|Gran|Granny|Grandad|Granddad|Grandpa|Grandma|Nan|Nana|Nanna)["”]?\.?\s*$/;
// `"Davy".`, `“Wee Jim.”` alone as a sentence of the card: what its person is called.
const QUOTED_ALONE = /^\s*(?:[-*+]\s+)?["“]((?:the\s+)?\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,2})\.?["”]\.?\s*$/u;

// Ranks and offices a card may give its person in words: "the station commander", "called the Brigadier".
const RANKS = 'chairman|chairwoman|director|warden|foreman|overseer|purser|sheriff|constable|coroner|schoolmaster|commander|brigadier|captain|colonel|major|general|admiral|commodore|sergeant|lieutenant|inspector|superintendent|professor|reverend|skipper|governor|mayor|judge|matron|headmaster|headmistress|abbot|abbess|bishop|vicar';
// Said of the card's person: "Notes: station commander", "He is the brigadier", "the cousins call him the Brigadier".
const RANK_STATED = new RegExp(`(?:\\b(?:is|was|became|serves\\s+as|served\\s+as|as|call(?:s|ed)?\\s+(?:him|her)|known\\s+as|nicknamed)\\s+(?:the\\s+|a\\s+|an\\s+)?(?:[\\p{Ll}'’-]+\\s+){0,2}|(?:^|:\\s*)(?:the\\s+)?(?:[\\p{Ll}'’-]+\\s+)?)(${RANKS})\\b(?!['’]s|\\s+of\\s+(?:his|her|my)\\b|\\s+(?:practitioner|store|stores|dealer|merchant|labourer|laborer|servant|manager|hospital|election|strike)\\b)`, 'giu');
// The rank belongs to someone else: "her brother is a captain", "married the vicar", "the captain's daughter".
const OTHER_PERSON = /\b(?:brother|sister|mother|father|husband|wife|son|daughter|friend|aunt|uncle|cousin|niece|nephew|partner|married|marries|serves\s+under|under|for|with|to|by|from|former|ex-|deputy|assistant|vice|not|never)\b[^.;:]*$/i;

/** Ranks the card's own sentences give its person (`commander` → `Commander`). */
function statedRanks(card: CharacterCard): string[] {
  const found = new Set<string>();
  for (const line of card.source.lines.slice(card.bodyStart - 1)) {
    for (const sentence of line.split(/(?<=[.!?])\s+/)) {
      for (const match of sentence.matchAll(RANK_STATED)) {
        if (OTHER_PERSON.test(sentence.slice(0, match.index + match[0].length - match[1]!.length))) continue;
        found.add(match[1]![0]!.toUpperCase() + match[1]!.slice(1).toLowerCase());
      }
    }
  }
  return [...found];
}

/**
 * `the Colonel` for the one character whose name carries that title (`Colonel Lionel Haverstock`,
 * `Cmdr. Ada Voss` → `the Commander`) or whose card says they hold it ("the station commander", "the
 * cousins call him the Brigadier"), when no one else in the cast has it; titles everyone shares
 * (`Mr`, `Mrs`) never count.
 */
export function uniqueTitleForms(characters: readonly CharacterCard[]): Map<string, string[]> {
  const holders = new Map<string, CharacterCard[]>();
  for (const card of characters) {
    const named = titleOf(card.name.value);
    const titles = new Set([...(named ? [fullTitle(named)] : []), ...statedRanks(card), ...ownTitles(card)]);
    for (const title of titles) {
      if (SHARED_TITLES.test(title)) continue;
      holders.set(title, [...(holders.get(title) ?? []), card]);
    }
  }
  const forms = new Map<string, string[]>();
  for (const [title, cards] of holders) {
    if (cards.length !== 1) continue;
    const path = cards[0]!.path;
    // An office is written in lower case as often ("the doctor turned to her", "the vicar said").
    const lower = OFFICES.test(title) ? withCapital(`the ${title.toLowerCase()}`) : [];
    forms.set(path, [...(forms.get(path) ?? []), ...withCapital(`the ${title}`), ...lower]);
  }
  return forms;
}

// Offices whose holder the prose names in lower case: "the doctor", "the captain", "the vicar".
const OFFICES = /^(?:Chairman|Doctor|Reverend|Captain|Sergeant|Constable|Coroner|Foreman|Skipper|Vicar|Inspector|Professor|Schoolmaster|Headmaster|Headmistress|Matron|Warden|Sheriff|Mayor|Judge|Purser|Governor|Minister|Rector|Parson|Colonel|Major)$/;
// A card's person named with a title in its own text: "Dr Edwin Trevail. General practitioner to …".
const TITLED_IN_TEXT = /\b(Dr|Doctor|Rev|Revd|Reverend|Capt|Captain|Sgt|Sergeant|PC|Constable|Prof|Professor|Insp|Inspector)\.?\s+(\p{Lu}[\p{L}'’-]+)/gu;
const TITLE_WORDS: Record<string, string> = { Dr: 'Doctor', Doctor: 'Doctor', Rev: 'Reverend', Revd: 'Reverend', Reverend: 'Reverend', Capt: 'Captain', Captain: 'Captain', Sgt: 'Sergeant', Sergeant: 'Sergeant', PC: 'Constable', Constable: 'Constable', Prof: 'Professor', Professor: 'Professor', Insp: 'Inspector', Inspector: 'Inspector' };

/** Titles the card's own text gives its person before one of their names ("Dr Edwin Trevail"). */
function ownTitles(card: CharacterCard): string[] {
  const words = new Set(card.name.value.split(/\s+/).filter((word) => /^\p{Lu}/u.test(word)));
  const found = new Set<string>();
  for (const line of card.source.lines.slice(Math.max(0, card.bodyStart - 1))) {
    for (const match of line.matchAll(TITLED_IN_TEXT)) if (words.has(match[2]!)) found.add(TITLE_WORDS[match[1]!]!);
  }
  return [...found];
}
