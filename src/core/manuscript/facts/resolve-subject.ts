import type { CharacterCard } from '../cards.js';
import type { Gender } from '../name-forms.js';
import { isQuoted, sentenceAt, type Paragraph } from '../prose.js';
import type { FileProse, Mention } from '../scene-prose.js';

/**
 * How a fact in prose was tied to a character. Certain: `possessive` (`Ilse's green eyes`),
 * `named` (the one character named before it in its sentence), `pronoun` when the one fitting
 * character of the sentence or the one before is plain, `narrator` (first person with a known
 * point of view). Guesses: a `pronoun` reaching further back, and `point_of_view`.
 */
export type SubjectLink = 'possessive' | 'named' | 'pronoun' | 'narrator' | 'point_of_view';

/** Who a phrase is about, and how sure that is. */
export interface Subject {
  card: CharacterCard;
  link: SubjectLink;
  certain: boolean;
}

/** What a resolver knows of the chapter: its prose, its point-of-view character, everyone's gender. */
export interface SubjectContext {
  prose: FileProse;
  pointOfView: CharacterCard | null;
  genderOf: (card: CharacterCard) => Gender;
  /** True when the chapter is told in the first person: its narrator is `I`, never `she` or `he`. */
  firstPerson?: boolean;
}

const FEMALE = /^(?:she|her|hers|herself)$/i;
const MALE = /^(?:he|him|his|himself)$/i;
const FIRST_PERSON = /^(?:i|me|my|mine|myself)$/i;
// A capital counts: "His blue eyes followed the barge" opens its sentence; "I" is only ever a capital.
// The nearest pronoun wins: in "I can picture his grey eyes" the eyes are his.
const PRONOUN_NEAR = /^[\s\S]*\b([Hh]er|[Hh]is|[Ss]he|[Hh]e|[Mm]y|I)\b(?:\s+[\p{L}-]+){0,3}\s*$/u;
// Someone else owns the thing: "your eyes", "their mother's grey eyes", "the old man's hair".
const OTHER_OWNER = /(?:\b(?:your|their|our|its)\s+|\b(?:a|an|the|this|that)\s+(?:[\p{L}-]+\s+){0,2}|\p{L}+['’]s\s+)(?:[\p{L}-]+[\s-]+){0,2}$/u;

const PART_OF = /\b(?:a|an|the)\s+(?:strand|strands|lock|locks|wisp|wisps|curl|tuft|hank|fall|mass|shock|thatch|mop|tangle|lick|sweep|crop|halo|cloud)\s+of\s+(?:[\p{L}-]+[\s-]+){0,2}$/u;
// Words between a possessive and the trait that hand it to someone else: "Ilse's mother's eyes".
const NOT_OWNER = /^(?:had|has|was|were|is|are|mother|father|sister|brother|son|daughter|husband|wife|aunt|uncle|cousin|friend|dog|cat|horse|child|baby|boy|girl|man|woman|mum|mam|dad|gran|granny|grandmother|grandfather|niece|nephew|lover|partner|boss|own\s+mother)$/i;

/** True when the text after `X's` leads straight to the trait: `'s green`, `'s pale grey`. */
function ownsDirectly(between: string): boolean {
  const match = /^['’]s\s+((?:[\p{L}-]+\s+){0,2})$/u.exec(between);
  return match !== null && !match[1]!.trim().split(/\s+/).some((word) => NOT_OWNER.test(word));
}

/** The one character a mention names, or null when it names several or a place. */
export function characterOf(mention: Mention): CharacterCard | null {
  const characters = mention.match.entities.filter((entity) => entity.kind === 'character');
  return characters.length === 1 && mention.match.entities.length === 1 ? (characters[0]!.card as CharacterCard) : null;
}

function fits(context: SubjectContext, card: CharacterCard, pronoun: string | null): boolean {
  if (pronoun === null || FIRST_PERSON.test(pronoun)) return true;
  const gender = context.genderOf(card);
  if (gender === null) return true;
  return FEMALE.test(pronoun) ? gender === 'female' : MALE.test(pronoun) ? gender === 'male' : true;
}

/** Mentions of characters in the paragraph before `offset` (same quoting), nearest first. */
function earlierMentions(context: SubjectContext, paragraphIndex: number, offset: number, quoted: boolean): Mention[] {
  return context.prose.mentions
    .filter((mention) => mention.paragraphIndex === paragraphIndex && mention.match.start < offset && mention.quoted === quoted)
    .reverse();
}

/**
 * For the first sentence of a paragraph: the character mentions of the last sentence of the
 * paragraph before, when that paragraph is narration like this one (a line of dialogue between
 * breaks the chain). "Thomas Reed leaned on the gate.¶His eyes followed the barge."
 */
function lastSentenceBefore(context: SubjectContext, paragraphIndex: number, quoted: boolean): Mention[] {
  const previous = context.prose.paragraphs[paragraphIndex - 1];
  const last = previous?.sentences.at(-1);
  if (quoted || previous === undefined || last === undefined || previous.quotes.length > 0) return [];
  return context.prose.mentions.filter((mention) => mention.paragraphIndex === paragraphIndex - 1 && mention.match.start >= last.start && !mention.match.possessive);
}

/**
 * True when the mention's own sentence opens with a pronoun the later one also fits, and the mention
 * comes after it: "He went down the steps, the way Hywel had taught him" is not about Hywel, so a
 * later "he" goes on with the sentence's subject, not with the name inside it.
 */
function afterSubjectPronoun(context: SubjectContext, mention: Mention, pronoun: string): boolean {
  const paragraph = context.prose.paragraphs[mention.paragraphIndex];
  if (paragraph === undefined) return false;
  const span = sentenceAt(paragraph, mention.match.start);
  // A line of speech may open the sentence: "\u201cThen you're forgiven.\u201d He catches the rope Callum throws".
  const prefix = paragraph.text.slice(span.start, mention.match.start);
  const speech = mention.quoted ? 0 : (/^\s*["\u201c][^"\u201d]*["\u201d]\s*/.exec(prefix)?.[0].length ?? 0);
  const found = /^\W*(She|He)\b/.exec(prefix.slice(speech));
  // Said in speech ("\u201cHe told me.\u201d My uncle stops"), it is nobody's subject here.
  if (found === null || isQuoted(paragraph, span.start + speech + found[0].length - 1) !== mention.quoted) return false;
  return FEMALE.test(pronoun) ? found[1] === 'She' : MALE.test(pronoun) && found[1] === 'He';
}

const FAR_PARAGRAPHS = 6;
// Someone the sentence names without a name: "The foreman rolled up his sleeve", "an old woman with her stick".
const UNNAMED_PERSON = /\b(?:the|a|an|that|this|another)\s+(?:[\p{Ll}-]+\s+){0,2}(?:man|woman|men|women|boy|girl|lad|lass|child|stranger|foreman|doctor|vicar|priest|parson|driver|sailor|soldier|officer|constable|policeman|clerk|landlord|landlady|keeper|postman|postmistress|porter|nurse|maid|cook|butler|farmer|fisherman|gardener|guard|waiter|waitress|barman|barmaid|bartender|customer|visitor|widow|fellow|gentleman|lady|youth|teenager|nephew|niece|cousin|brother|sister|mother|father|husband|wife|son|daughter|engineer|minister|surveyor|teacher|schoolmaster|schoolmistress|shopkeeper|grocer|butcher|baker|miner|weaver|mechanic|skipper|pilot|solicitor|lawyer|magistrate|judge|curate|deacon|innkeeper|publican|labourer|laborer|smith|blacksmith|miller|shepherd|widower|spinster|detective|inspector|sergeant|newcomer|traveller|traveler|lodger|tenant|neighbour|neighbor|reporter|journalist|photographer|official|agent|overlooker|manager|servant|chauffeur|groom|surgeon|chemist|architect|builder|carpenter|mason|tailor|dressmaker|seamstress|speaker|preacher|chaplain|steward|stewardess|passenger|coroner|undertaker|sexton|verger|warden|prisoner|stranger|pedlar|carter|drover|deputy|sheriff|ranger|nun|monk|bishop|rector|\p{Ll}{3,}(?:man|woman|master|mistress))\b/iu;

/**
 * For `he`/`she` with nobody it fits in this paragraph or the one before (a line of dialogue between):
 * the one character it fits named in the narration of the few paragraphs before (a possessive
 * `the Colonel's` counts), when no other
 * character it fits is named there (in narration or speech) and the point of view is not one it fits.
 */
function farCharacter(context: SubjectContext, paragraphIndex: number, pronoun: string): CharacterCard | null {
  if (!FEMALE.test(pronoun) && !MALE.test(pronoun)) return null;
  const window = context.prose.mentions.filter((mention) => mention.paragraphIndex < paragraphIndex && mention.paragraphIndex >= paragraphIndex - FAR_PARAGRAPHS && !afterSubjectPronoun(context, mention, pronoun));
  const fitting = (mentions: readonly Mention[]) => new Set(mentions.map(characterOf).filter((card): card is CharacterCard => card !== null && context.genderOf(card) !== null && fits(context, card, pronoun)));
  const candidates = fitting(window.filter((mention) => !mention.quoted));
  if (candidates.size !== 1) return null;
  const [card] = [...candidates];
  const rivals = [...fitting(window)].filter((other) => other !== card);
  const pointOfViewFits = context.pointOfView !== null && context.pointOfView !== card && !context.firstPerson && fits(context, context.pointOfView, pronoun);
  return rivals.length === 0 && !pointOfViewFits ? card! : null;
}

/** True when another character the pronoun fits is named in the same sentence as `mention`. */
function sameSentenceRival(context: SubjectContext, mention: Mention, card: CharacterCard, pronoun: string): boolean {
  const paragraph = context.prose.paragraphs[mention.paragraphIndex]!;
  const span = sentenceAt(paragraph, mention.match.start);
  return context.prose.mentions.some((other) => {
    // A possessive ("Sedgemere read Dad's letter") names an owner, not someone the pronoun may mean.
    if (other.paragraphIndex !== mention.paragraphIndex || other.match.possessive || other.match.start < span.start || other.match.start >= span.end) return false;
    const rival = characterOf(other);
    return rival !== null && rival !== card && fits(context, rival, pronoun);
  });
}

// A sentence that opens with someone unnamed: "The Harbourmaster is …", "At eleven a young woman came up …".
const OPENS_UNNAMED = new RegExp(`^\\W*(?:(?:At|In|On|By|Later|Then|Next|Soon)\\b[^,.;]{0,30}?,?\\s+)?${UNNAMED_PERSON.source.slice(2)}`, 'iu');
// Words that open a sentence and are no one's name.
const SENTENCE_OPENERS = /^(?:The|A|An|It|This|That|There|Then|When|But|And|So|In|On|At|By|For|With|From|After|Before|Now|Later|Still|Yet|Once|If|As|While|Nobody|Somebody|Everyone|Everybody|Someone|No|Yes|Outside|Inside|Above|Below|Beyond|Behind|Today|Tonight|Tomorrow|Yesterday|Here|Even|Only|All|Both|Each|Every|Some|Most|Few|Many|Perhaps|Maybe|Sometimes|Somewhere|Mrs?|Miss|Ms|Dr|Mr|What|Why|How|Where|Who|Which)$/;

/**
 * True when the sentence before (this paragraph's, or the last of a narrated paragraph before) opens
 * with someone the cast does not hold: an unnamed "the harbourmaster", "a young woman", or a capital
 * name no card knows that the chapter uses as a name elsewhere ("Tam makes him sit down."), and names
 * no card at its start.
 */
function openedByStranger(context: SubjectContext, paragraphIndex: number, previous: { start: number; end: number } | undefined): boolean {
  const paragraph = previous ? context.prose.paragraphs[paragraphIndex]! : context.prose.paragraphs[paragraphIndex - 1];
  const span = previous ?? paragraph?.sentences.at(-1);
  if (paragraph === undefined || span === undefined || (previous === undefined && paragraph.quotes.length > 0)) return false;
  const text = paragraph.text.slice(span.start, span.end);
  const known = context.prose.mentions.some((mention) => mention.paragraph === paragraph && mention.match.start >= span.start && mention.match.start < span.start + 40 && characterOf(mention) !== null);
  if (known) return false;
  if (OPENS_UNNAMED.test(text)) return true;
  const name = /^\W*(\p{Lu}\p{Ll}+)\s+\p{Ll}/u.exec(text)?.[1];
  if (name === undefined || SENTENCE_OPENERS.test(name)) return false;
  // A name, not a word: written with its capital in the middle of a sentence somewhere in the chapter.
  return context.prose.paragraphs.some((other) => new RegExp(`[\\p{Ll},;]\\s+${name}\\b`, 'u').test(other.text));
}

/**
 * Decides whose trait a phrase in prose states, deterministically:
 * 1. a possessive name right before it (`Ilse Marten's green eyes`) — certain;
 * 2. a thing someone else owns (`your eyes`, `the old man's hair`) — nobody;
 * 3. the one character named earlier in the same sentence whom the pronoun fits — certain;
 * 4. `her`/`his`/`she`/`he` (`His` opening a sentence too): the nearest earlier character the
 *    pronoun fits (this paragraph, then the one before) — certain when it stands in the sentence
 *    before (the last of a narrated paragraph before counts) with no other character it could fit;
 *    nobody when there is one; a guess when it stands further back; `my`/`I` in narration: the
 *    point-of-view character — certain;
 * 5. `her`/`his`/`she`/`he` with no one in reach: the one character it fits named in the narration
 *    of the few paragraphs before, when no rival is — a guess;
 * 6. with a pronoun but no one else, the point-of-view character — a guess (never in a chapter told
 *    in the first person, where the narrator is `I`).
 * `pronoun` overrides the pronoun found right before the phrase.
 */
export function resolveSubject(context: SubjectContext, paragraphIndex: number, offset: number, pronounHint?: string | null): Subject | null {
  const paragraph: Paragraph = context.prose.paragraphs[paragraphIndex]!;
  const quoted = isQuoted(paragraph, offset);
  const sentence = sentenceAt(paragraph, offset);
  const before = paragraph.text.slice(sentence.start, offset);
  const inParagraph = earlierMentions(context, paragraphIndex, offset, quoted);
  const possessive = inParagraph.find((mention) => mention.match.possessive && ownsDirectly(paragraph.text.slice(mention.match.end, offset)));
  if (possessive) {
    const card = characterOf(possessive);
    return card ? { card, link: 'possessive', certain: true } : null;
  }
  const pronoun = pronounHint === undefined ? (PRONOUN_NEAR.exec(before)?.[1] ?? null) : pronounHint;
  // "pushed a strand of honey-coloured hair back": a strand of it is still the subject's own.
  if (pronoun === null && OTHER_OWNER.test(before) && !PART_OF.test(before)) return null;
  if (pronoun !== null && FIRST_PERSON.test(pronoun)) {
    if (quoted || context.pointOfView === null) return null;
    return { card: context.pointOfView, link: 'narrator', certain: true };
  }
  const inSentence = inParagraph.filter((mention) => mention.match.start >= sentence.start && !mention.match.possessive);
  const sentenceCards = [...new Set(inSentence.map(characterOf).filter((card): card is CharacterCard => card !== null && fits(context, card, pronoun)))];
  if (sentenceCards.length === 1) return { card: sentenceCards[0]!, link: 'named', certain: true };
  if (sentenceCards.length > 1 || pronoun === null) return null;
  if (sentenceCards.length === 0 && UNNAMED_PERSON.test(before)) return null;
  // Walk back for the nearest character the pronoun fits: this paragraph, then the one before.
  const previousSentence = paragraph.sentences.filter((span) => span.end <= sentence.start).pop();
  // "The Harbourmaster is the starter. He stands at the end of the pier with his white hair": the
  // sentence before is about someone with no card, and the pronoun goes on with them.
  if (!quoted && openedByStranger(context, paragraphIndex, previousSentence)) return null;
  const windowStart = previousSentence?.start ?? sentence.start;
  const lastBefore = previousSentence ? [] : lastSentenceBefore(context, paragraphIndex, quoted);
  const candidates = [
    ...inParagraph.filter((mention) => mention.match.start < sentence.start),
    ...context.prose.mentions.filter((mention) => mention.paragraphIndex === paragraphIndex - 1 && !mention.quoted).reverse(),
  ].filter((mention) => !mention.match.possessive);
  for (const mention of candidates) {
    const card = characterOf(mention);
    if (card === null || !fits(context, card, pronoun) || afterSubjectPronoun(context, mention, pronoun)) continue;
    const near = (mention.paragraphIndex === paragraphIndex && mention.match.start >= windowStart) || lastBefore.includes(mention);
    const rivals = [...inParagraph.filter((other) => other.match.start >= windowStart), ...lastBefore]
      .map(characterOf)
      .filter((other): other is CharacterCard => other !== null && other !== card && fits(context, other, pronoun));
    // Two people the pronoun fits, named in the sentence just before: which one is meant is a guess
    // not worth making ("Ada Quill and Nell Fry stood at the rail. Her hat blew off.").
    if (near && rivals.length > 0) return null;
    // Further back, two people it fits in one sentence ("Tom came in behind Dad") leave it open too.
    if (!near && sameSentenceRival(context, mention, card, pronoun)) return null;
    return { card, link: 'pronoun', certain: near };
  }
  const far = farCharacter(context, paragraphIndex, pronoun);
  if (far !== null) return { card: far, link: 'pronoun', certain: false };
  if (context.pointOfView && !context.firstPerson && fits(context, context.pointOfView, pronoun) && !quoted) return { card: context.pointOfView, link: 'point_of_view', certain: false };
  return null;
}
