import type { CharacterCard } from '../cards.js';
import { isQuoted, lineOf, sentenceAt, type Paragraph } from '../prose.js';
import type { FileProse } from '../scene-prose.js';
import { ageFieldValue, agePhrases, type AgePhrase } from './age-phrases.js';
import { parseDate, type PartialDate } from './calendar.js';
import { dialogueSpeakers } from './dialogue-speakers.js';
import { toldInPresent } from './tense.js';
import type { AgeFact, Fact } from './fact.js';
import { characterOf, resolveSubject, type Subject, type SubjectContext } from './resolve-subject.js';
import { cardTraitValues, hairChanged, hairDirtied, traitPhrases, type TraitPhrase } from './trait-phrases.js';

/** Facts and ages gathered from one file. */
export interface CollectedFacts {
  facts: Fact[];
  ages: AgeFact[];
}

const TRAIT_FIELDS = ['eyes', 'hair', 'handedness', 'birthplace'] as const;
// A hand field that says which hand is used: "left", "Right, but writes with the left", "left-handed".
const HAND_USED = /^\W*(?:left|right|both|either|ambidextrous)\b|\bhanded\b|\bsouthpaw\b|\bambidextrous\b|\b(?:writes|uses|signs|throws|bats)\b/i;
// Fields whose value is read whole for the marks it states ("Hands: lost the third and fourth fingers of his LEFT hand").
const MARK_FIELDS = ['scar', 'scars', 'marks', 'distinguishing marks', 'distinguishing features', 'features', 'appearance', 'hands', 'hand', 'fingers', 'injuries', 'injury', 'physical', 'physical description', 'body', 'build', 'gait', 'walk', 'legs', 'leg', 'health', 'wounds', 'disability'];
// On a card, a sentence about someone else: "Her brother Tobin has grey eyes", "Her mother's eyes".
const ABOUT_OTHER = /\b(?:brother|sister|mother|father|husband|wife|son|daughter|friend|aunt|uncle|cousin|niece|nephew|lover|partner|grandmother|grandfather|mum|dad)\b[^.;]{0,25}$/i;
// A person named just before the trait, who may have no card of their own: "Walter's eyes were blue",
// "Tom Birch had red hair". Pronouns and words that open sentences are no one's name.
const IS_THE_RELATIVE = /\b(?:is|was)\s+(?:(?:\p{Lu}[\p{L}’'-]*)['’]s\s+|(?:a|an|the|her|his|their)\s+)(?:[\p{Ll}-]+\s+){0,2}(?:brother|sister|mother|father|husband|wife|son|daughter|friend|aunt|uncle|cousin|niece|nephew|lover|partner|grandmother|grandfather)\b[^.;]{0,25}$/iu;
const NAMED_OWNER = /(?:(\p{Lu}[\p{L}’'-]*)['’]s\s+(?:[\p{L}-]+\s+){0,3}|^\s*(\p{Lu}[\p{L}’'-]*(?:\s+\p{Lu}[\p{L}’'-]*)?)\s+(?:has|had|is|was)\s+(?:[\p{L}-]+\s+){0,3})$/u;
// A card's sentences often open with a verb or an adverb ("Walks with a limp", "Usually has…").
const NOT_A_NAME = /^(?:she|he|they|it|i|we|you|her|his|their|everyone|everybody|nobody|someone|somebody|always|never|still|often|also|this|that|there|here|what|who|one|each|both|\p{L}+ly)$/iu;

// "When was she born? Sometime after the war.": an answer about the time, with no date to read, is no place.
const NOT_A_PLACE = /^(?:sometime|some\s+time|around|about|after|before|during|early|late|mid|circa|the|just|not|no|never|long|soon)\b/i;

function sameDate(a: PartialDate | null, b: PartialDate | null): boolean {
  return a?.year === b?.year && a?.month === b?.month && a?.day === b?.day;
}

/**
 * The facts a character card states, in any style: fields (`eyes: grey`, `- Eye colour: hazel`,
 * `| Hair | red |`, `Age: 34`, `Born: 3 May 1988`, `Dominant hand: left`, `Scar: left cheek`) and
 * the card's sentences about its person ("She has green eyes", "Left-handed.", "born in Leeds").
 */
export function cardFacts(card: CharacterCard, prose: FileProse): CollectedFacts {
  const facts: Fact[] = [];
  const ages: AgeFact[] = [];
  const base = { card, path: card.path, source: 'card' as const, certain: true, position: 0 };
  const fieldLines = new Set<number>();
  for (const attribute of TRAIT_FIELDS) {
    const field = card.fields.get(attribute);
    if (!field) continue;
    // "Hands: lost the third and fourth fingers of his LEFT hand" says what the hand lacks, not which
    // one is used: it is read for its marks below.
    if (attribute === 'handedness' && !HAND_USED.test(field.value)) continue;
    const values = attribute === 'birthplace' ? [field.value.replace(/[.,;].*$/, '').trim().toLowerCase()] : cardTraitValues(attribute, field.value);
    if (values.length === 0 || values[0] === '') continue;
    facts.push({ ...base, attribute, values, text: field.value, valueText: field.value, line: field.line, link: 'card' });
    fieldLines.add(field.line);
  }
  for (const key of [...MARK_FIELDS, 'handedness']) {
    const field = card.fields.get(key) ?? card.fields.get(key.replace(/ /g, '_'));
    if (key === 'handedness' && (field === undefined || HAND_USED.test(field.value))) continue;
    if (!field) continue;
    // "Anything physical? Left-handed; missing the tip of his left ring finger": every trait the field states,
    // and a bare place as a mark there ("Scar: left cheek").
    const stated = traitPhrases(field.value, 0, field.value.length, { card: true }).filter((phrase) => !ABOUT_OTHER.test(field.value.slice(0, phrase.start)));
    const label = /scar/i.test(key) ? 'scar' : 'mark';
    const placed = stated.some((phrase) => phrase.attribute.startsWith('mark:')) ? [] : traitPhrases(`${label} on the ${field.value}`).filter((phrase) => phrase.attribute.startsWith('mark:'));
    for (const phrase of [...stated, ...placed]) {
      facts.push({ ...base, attribute: phrase.attribute, values: phrase.values, text: field.value, valueText: phrase.valueText, line: field.line, link: 'card' });
    }
    fieldLines.add(field.line);
  }
  const age = card.age ? ageFieldValue(card.age.value) : null;
  if (card.age && age !== null) {
    ages.push({ ...base, kind: 'age', age, bound: 'exact', moment: null, born: null, birthdayMonths: null, text: card.age.value, line: card.age.line });
    fieldLines.add(card.age.line);
  }
  const born = card.fields.get('born');
  if (born) {
    const date = parseDate(born.value);
    if (date !== null) ages.push({ ...base, kind: 'born', age: null, bound: 'exact', moment: null, born: date, birthdayMonths: null, text: born.value, line: born.line });
    else if (!card.fields.has('birthplace') && /^\p{Lu}/u.test(born.value.trim()) && !NOT_A_PLACE.test(born.value.trim())) {
      facts.push({ ...base, attribute: 'birthplace', values: [born.value.replace(/[.,;].*$/, '').replace(/^in\s+/i, '').trim().toLowerCase()], text: born.value, valueText: born.value, line: born.line, link: 'card' });
    }
    fieldLines.add(born.line);
  }
  const ownNames = new Set([card.name, ...card.aliases].flatMap((name) => name.value.toLowerCase().split(/[^\p{L}’'-]+/u)).filter(Boolean));
  // Sentences of the card about its own person (not about a relative or another named person).
  prose.paragraphs.forEach((paragraph) => {
    for (const sentence of paragraph.sentences) {
      // A list of fields reads as one long sentence: a field's own line is skipped, not the sentence.
      const own = (start: number): boolean => {
        // An aside is no subject ("Marijke (Rieke to her brother) is fifty-two"), and the person a card
        // says its own person is ("Douwe is Marijke's younger brother, forty-seven") is no other.
        const before = paragraph.text.slice(sentence.start, start).replace(/\([^()]*\)/g, ' ');
        if (ABOUT_OTHER.test(before) && !IS_THE_RELATIVE.test(before)) return false;
        const named = NAMED_OWNER.exec(before);
        const words = (named?.[1] ?? named?.[2])?.toLowerCase().split(/\s+/) ?? [];
        if (words.length > 0 && !NOT_A_NAME.test(words[0]!) && !words.some((word) => ownNames.has(word))) return false;
        const others = prose.mentions.filter((mention) => mention.paragraph === paragraph && mention.match.start >= sentence.start && mention.match.start < start).map(characterOf);
        return others.every((other) => other === null || other === card);
      };
      for (const phrase of traitPhrases(paragraph.text, sentence.start, sentence.end, { card: true })) {
        if (fieldLines.has(lineOf(paragraph, phrase.start)) || !own(phrase.start) || /^(?:your|their|my)$/i.test(phrase.pronoun ?? '')) continue;
        facts.push({ ...base, attribute: phrase.attribute, values: phrase.values, text: phrase.text, valueText: phrase.valueText, line: lineOf(paragraph, phrase.start), link: 'card' });
      }
      for (const phrase of agePhrases(paragraph.text, sentence.start, sentence.end)) {
        if (fieldLines.has(lineOf(paragraph, phrase.start)) || !own(phrase.start)) continue;
        // The entry's "(b. 29 Aug 1893)" restated as a `Born:` field is one statement, not two.
        if (ages.some((other) => other.kind === phrase.kind && other.age === phrase.age && sameDate(other.born, phrase.born))) continue;
        ages.push({ ...base, kind: phrase.kind, age: phrase.age, bound: phrase.bound, moment: phrase.moment, born: phrase.born, birthdayMonths: phrase.birthdayMonths, text: phrase.text, line: lineOf(paragraph, phrase.start) });
      }
    }
  });
  return { facts, ages };
}

const OWNER_WORD = /\p{Lu}[\p{L}'’-]*$/u;

/** The owner of an age phrase whose own words name them (`Ilse was 34`), else by the resolver. */
function ageOwner(context: SubjectContext, paragraphIndex: number, phrase: AgePhrase): Subject | null {
  if (phrase.pronoun !== null) return resolveSubject(context, paragraphIndex, phrase.subjectAt, phrase.pronoun);
  const named = context.prose.mentions.find((mention) => mention.paragraphIndex === paragraphIndex && mention.match.end === phrase.subjectAt);
  if (named) {
    const card = characterOf(named);
    return card ? { card, link: 'named', certain: true } : null;
  }
  // "Buck, who is twenty-two": a name no card knows, inside the phrase, owns the age, not someone named before it.
  const owner = OWNER_WORD.exec(context.prose.paragraphs[paragraphIndex]!.text.slice(0, phrase.subjectAt));
  if (owner && owner.index >= phrase.start) return null;
  return resolveSubject(context, paragraphIndex, phrase.subjectAt, null);
}

const FIRST_PERSON = /^(?:i|my|me|mine)$/i;
// "I turned eighty-one", "I've had these grey eyes": the speaker's own words right before the phrase.
const SPEAKER_I = /\bI(?:['’]m|['’]ve|\s+am|\s+was|\s+have|\s+had)?(?:\s+\p{L}+){0,2}\s+$/u;
const PAST_SPEECH = /\b(?:was|were|had\s+been|had\s+(?:just\s+)?turned|would\s+be|will\s+be)\b/i;
// A hand used because the other cannot be: strapped, splinted, in a sling, blistered, "had to",
// "could not hold the pencil in her left hand".
const HAND_FORCED = /\b(?:strapped|splint(?:ed|s)?|bandaged|broken|plaster|in\s+a\s+cast|sling|injured|useless|had\s+to|forced\s+to|couldn['’]t\s+(?:use|hold|grip|close)|could\s+not\s+(?:use|hold|grip|close)|blister(?:ed|s)?|burnt|scalded|sprained|wrong\s+hand|other\s+hand|awkwardly|clumsy|clumsily)\b/i;
// "tell the Captain I'm fourteen", "say I'm sixteen": an age put in someone's mouth.
const AGE_CLAIMED = /\b(?:tell|say|swear|pretend|claim|reckon)\s+(?:\p{L}+\s+){0,3}$/iu;
const PRONOUN_BEFORE = /\b(my|her|his)\s+(?:[\p{L}-]+\s+){0,3}$/iu;

// "she looked at the red hair", "he stared at the grey eyes across the table": what one looks at,
// said with "the" and no possessive, is someone else's.
const LOOKS_AT = /\b(?:look(?:ed|s|ing)?|star(?:ed|es|ing)|gaz(?:ed|es|ing)|glanc(?:ed|es|ing)|peer(?:ed|s|ing)?|squint(?:ed|s|ing)?)\s+(?:up\s+|over\s+|down\s+|across\s+)?at\s+(?:the|that|those)\s+$|\b(?:saw|sees|watched|watches|noticed|notices|admired|admires|eyed|eyes)\s+(?:the|that|those)\s+$/i;

function looksAtAnother(before: string, text: string): boolean {
  // "watched the stump of my uncle's right finger" names whose it is.
  if (/\p{L}['’]s\s/u.test(text)) return false;
  const lead = /^(?:the|that|those)\s+/i.exec(text);
  return LOOKS_AT.test(lead ? `${before}${lead[0]}` : before);
}

// A likeness shows someone as they were: "the photograph of their wedding day, he with his hair as black as a crow's wing".
const LIKENESS = /\b(?:photo(?:graph)?s?|snapshots?|portraits?|(?:a|the|an|that|this|old|his|her|their)\s+(?:\p{L}+\s+)?pictures?|paintings?|likeness|daguerreotypes?|tintypes?|wedding\s+day|as\s+a\s+(?:boy|girl|child|young\s+(?:man|woman)))\b/iu;

// A year long gone named beside the likeness: "It's Granddad in 1962, at twenty-five".
const YEAR_GONE = /\b(?:in|of)\s+(?:the\s+(?:spring|summer|autumn|winter)\s+of\s+)?(?:1[5-9]|20)\d\d\b/i;

/**
 * True when a colour is said of a likeness or of long ago: in the sentence, or the one before it;
 * or in a paragraph that describes a likeness shown at the end of the one before ("on the easel a
 * photograph.¶ … It's Granddad in 1962 … His hair is black").
 */
function colourOfThePast(paragraphs: readonly Paragraph[], paragraphIndex: number, sentence: { start: number; end: number }, attribute: string): boolean {
  if (attribute !== 'hair' && attribute !== 'eyes') return false;
  const paragraph = paragraphs[paragraphIndex]!;
  if (LIKENESS.test(paragraph.text.slice(sentence.start, sentence.end)) || LIKENESS.test(sentenceBefore(paragraph, sentence))) return true;
  const previous = paragraphs[paragraphIndex - 1];
  const shown = previous !== undefined && previous.sentences.length > 0 && LIKENESS.test(previous.text.slice(previous.sentences.at(-1)!.start));
  return shown && YEAR_GONE.test(paragraph.text.slice(0, sentence.end)) && !/\bnow\b/i.test(paragraph.text.slice(sentence.start, sentence.end));
}

/** The text of the sentence after `sentence` in its paragraph ('' for the last). */
function sentenceAfter(paragraph: Paragraph, sentence: { end: number }): string {
  const after = paragraph.sentences.find((span) => span.start >= sentence.end);
  return after === undefined ? '' : paragraph.text.slice(after.start, after.end);
}

/** The text of the sentence before `sentence` in its paragraph ('' for the first). */
function sentenceBefore(paragraph: Paragraph, sentence: { start: number }): string {
  const before = paragraph.sentences.filter((span) => span.end <= sentence.start).pop();
  return before === undefined ? '' : paragraph.text.slice(before.start, before.end);
}

function traitOwner(context: SubjectContext, paragraphIndex: number, phrase: TraitPhrase): Subject | null {
  return resolveSubject(context, paragraphIndex, phrase.subjectAt, phrase.pronoun ?? undefined);
}

// A past age ("was seven", "had been ten") against the narration's tense.
const PAST_AGE = /\b(?:was|were|had\s+been)\b/i;
// The moment a memory names: "that November", "the winter Dad drowned", "back then", "when …".
const PAST_MOMENT = /\b(?:that|the)\s+(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|year|night|day|morning|christmas|easter)\b|\bback\s+then\b|\bat\s+the\s+time\b|\bin\s+those\s+days\b/i;
// A pluperfect tells of before the story: "Grandad had drowned in the flood".
const PLUPERFECT = /\bhad\s+(?:(?:just|already|once|long\s+since|never)\s+)?(?!to\b|been\s+(?:\p{L}+ing)\b)\p{Ll}+(?:ed|en|wn|ne|ht|lt|pt|st|ck|ld|ng|un|id)\b/iu;
/** True when a past age in narration is told as a memory: in a present-tense chapter, or beside a moment gone by. */
function recalledAge(paragraph: Paragraph, sentence: { start: number; end: number }, phrase: { text: string; start: number; birthdayMonths: number[] | null }, presentTense: boolean): boolean {
  const text = paragraph.text.slice(sentence.start, sentence.end);
  // The past tense must be the age's own ("I was seven"), not a clause after it ("… how much the evening was worth").
  const upToAge = paragraph.text.slice(sentence.start, Math.min(sentence.end, phrase.start + phrase.text.length + 15));
  if (!PAST_AGE.test(phrase.text) && !PAST_AGE.test(upToAge)) return false;
  if (/\bnow\b/i.test(text)) return false;
  // "He had turned fifty-four in March": a birthday of this year tells the age now, unless the sentence names another time.
  if (phrase.birthdayMonths !== null && !PAST_MOMENT.test(text)) return false;
  if (presentTense || PAST_MOMENT.test(text) || PLUPERFECT.test(text)) return true;
  return PLUPERFECT.test(sentenceBefore(paragraph, sentence));
}

/**
 * The facts a chapter's narration states about its people — eyes, hair, handedness, marks, place of
 * birth, ages and births — each tied to its owner by `resolveSubject`. In speech only what the
 * speaker says of themselves counts ("I turned eighty-one in May", "my eyes are grey"), bound to the
 * speaker of the line: what characters say of each other is not the narrator's word.
 */
export function proseFacts(context: SubjectContext, position: number): CollectedFacts {
  const { prose } = context;
  const facts: Fact[] = [];
  const ages: AgeFact[] = [];
  const speakers = dialogueSpeakers(context);
  const presentTense = toldInPresent(prose.paragraphs);
  prose.paragraphs.forEach((paragraph, paragraphIndex) => {
    // In speech, "I" and "my" are the speaker's own word about themselves.
    const speaker = (start: number, pronoun: string | null): Subject | null => {
      const found = speakers.get(paragraphIndex);
      if (!found || (pronoun !== null && !FIRST_PERSON.test(pronoun))) return null;
      if (pronoun === null && !SPEAKER_I.test(paragraph.text.slice(sentenceAt(paragraph, start).start, start))) return null;
      return { card: found.card, link: 'named', certain: found.certain };
    };
    for (const sentence of paragraph.sentences) {
      for (const phrase of traitPhrases(paragraph.text, sentence.start, sentence.end)) {
        if (looksAtAnother(paragraph.text.slice(sentence.start, phrase.start), phrase.text) || colourOfThePast(prose.paragraphs, paragraphIndex, sentence, phrase.attribute)) continue;
        // "Ma had put henna through her hair. … she was a redhead": the dye said in the sentence before.
        if (phrase.attribute === 'hair' && hairChanged(sentenceBefore(paragraph, sentence))) continue;
        // "his hair was white. It was not age; it was fly": what whitened it, said in the next sentence.
        if (phrase.attribute === 'hair' && hairDirtied(sentenceAfter(paragraph, sentence))) continue;
        // "Her right wrist was strapped, so she had to hold the pen in her left hand": the other hand, for now.
        if (phrase.attribute === 'handedness' && HAND_FORCED.test(paragraph.text.slice(sentence.start, sentence.end))) continue;
        const subject = isQuoted(paragraph, phrase.start) ? speaker(phrase.start, phrase.pronoun ?? PRONOUN_BEFORE.exec(paragraph.text.slice(sentence.start, phrase.start))?.[1] ?? null) : traitOwner(context, paragraphIndex, phrase);
        if (subject === null) continue;
        facts.push({ card: subject.card, attribute: phrase.attribute, values: phrase.values, text: phrase.text, valueText: phrase.valueText, path: prose.source.path, line: lineOf(paragraph, phrase.start), source: 'prose', certain: subject.certain, link: subject.link, position });
      }
      for (const phrase of agePhrases(paragraph.text, sentence.start, sentence.end)) {
        const quoted = isQuoted(paragraph, phrase.start);
        // Speech tells a present age in the present ("I'm sixty", "I turned sixty in May"); "I was sixteen" is then.
        if (quoted && PAST_SPEECH.test(phrase.text)) continue;
        // "Tell the Captain I'm fourteen": an age the speaker asks to be told is a claim, not a fact.
        if (quoted && AGE_CLAIMED.test(paragraph.text.slice(sentence.start, phrase.start))) continue;
        // In speech, a person the line itself names by the age ("Josiah Harland, sixty-one years of age",
        // "Walter's only sixty-one") is who it is said of: a character's word, so never certain.
        const namedInSpeech = quoted && phrase.pronoun === null ? context.prose.mentions.find((mention) => mention.paragraphIndex === paragraphIndex && mention.quoted && (mention.match.end === phrase.subjectAt || mention.match.end === phrase.start + phrase.text.indexOf(','))) : undefined;
        const spokenOf = namedInSpeech ? characterOf(namedInSpeech) : null;
        const subject = spokenOf ? { card: spokenOf, link: 'named' as const, certain: false } : quoted ? speaker(phrase.start, phrase.pronoun) : ageOwner(context, paragraphIndex, phrase);
        if (subject === null) continue;
        const recalled = !quoted && recalledAge(paragraph, sentence, phrase, presentTense);
        ages.push({ card: subject.card, kind: phrase.kind, age: phrase.age, bound: phrase.bound, moment: phrase.moment, born: phrase.born, birthdayMonths: phrase.birthdayMonths, recalled, text: phrase.text, path: prose.source.path, line: lineOf(paragraph, phrase.start), source: 'prose', certain: subject.certain, position });
      }
    }
  });
  return { facts, ages };
}
