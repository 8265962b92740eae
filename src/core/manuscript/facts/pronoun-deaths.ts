import { isQuoted, lineOf, sentenceAt } from '../prose.js';
import type { Death } from './deaths.js';
import type { CharacterCard } from '../cards.js';
import { characterOf, resolveSubject, type SubjectContext } from './resolve-subject.js';

// "He was dead.", "she had died in the night", "he had stopped breathing", "found him dead", "they buried her"
// (or, told in the present, "they bury her").
const PRONOUN_DIES = [
  /\b(he|she)\s+(?:was|is|lay|had\s+been)\s+(?:already\s+|quite\s+|stone[\s-]+|clearly\s+|certainly\s+)?dead\b(?![\s-]*(?:tired|set|end|on|still|certain|serious|weight|calm|silence|drunk|asleep|right|wrong|to|against|keen|lucky|beat))/giu,
  /\b(he|she)\s+(?:had\s+)?(?:died|drowned|breathed\s+(?:her|his)\s+last|stopped\s+breathing)\b(?!\s+(?:a\s+little|inside|laughing|of\s+(?:shame|embarrassment|boredom|laughter)))/giu,
  /\bfound\s+(him|her)\s+(?:already\s+)?dead\b/giu,
  /\b(?:buried|bury|buries)\s+(him|her)\b(?!\s+(?:face|head|hands?|nose|in\s+(?:a|the|her|his)\s+(?:book|work|pillow|arms|hands?|paper)))/giu,
  /\b(?:laid|lay|lays)\s+(him|her)\s+(?:to\s+rest|in\s+(?:the\s+ground|(?:his|her|the)\s+grave))\b/giu,
];
// A death only wished, feared, supposed, asked about or denied.
const NOT_DEATH = /\b(?:if|unless|whether|nearly|almost|half|not|n't|never|thought|believed|feared|assumed|supposed|rumou?red|pretend(?:s|ed)?|as\s+if|as\s+though|wish(?:ed)?|hope[sd]?|could|would|might|may|afraid|must\s+have|dream(?:t|ed)?)\b/i;

const FEMALE = /^(?:she|her)$/i;

/** True when no other character the pronoun could mean is named in this paragraph or the one before. */
function alone(context: SubjectContext, paragraphIndex: number, card: CharacterCard, pronoun: string): boolean {
  const gender = FEMALE.test(pronoun) ? 'female' : 'male';
  const near = context.prose.mentions.filter((mention) => mention.paragraphIndex === paragraphIndex || mention.paragraphIndex === paragraphIndex - 1);
  return near.map(characterOf).every((other) => other === null || other === card || (context.genderOf(other) !== null && context.genderOf(other) !== gender));
}

const BURIAL = /^(?:buried|bury|buries|laid|lay|lays)\b/i;
/** Paragraphs a burial's "him" or "her" may reach back over to the one person it can mean. */
const BURIAL_REACH = 4;

/**
 * The one character of the pronoun's gender named in this paragraph or the few before it (a funeral
 * chapter speaks of its dead as "him" for paragraphs on end), or null when none or several are.
 */
function onlyOneNamed(context: SubjectContext, paragraphIndex: number, pronoun: string): CharacterCard | null {
  const gender = FEMALE.test(pronoun) ? 'female' : 'male';
  const near = context.prose.mentions.filter((mention) => mention.paragraphIndex <= paragraphIndex && mention.paragraphIndex >= paragraphIndex - BURIAL_REACH);
  // Someone whose gender is not known could be meant too.
  const cards = new Set(near.map(characterOf).filter((card): card is CharacterCard => card !== null && (context.genderOf(card) ?? gender) === gender));
  return cards.size === 1 ? [...cards][0]! : null;
}

/**
 * Deaths the narration tells with a pronoun ("He was dead.", "they buried her on the Friday"), each
 * tied to its character only when the resolver is sure who is meant, or the character is the only
 * one the pronoun fits named in this paragraph and the one before; speech and questions are left out.
 */
export function pronounDeaths(context: SubjectContext, position: number): Death[] {
  const deaths: Death[] = [];
  context.prose.paragraphs.forEach((paragraph, paragraphIndex) => {
    for (const pattern of PRONOUN_DIES) {
      for (const match of paragraph.text.matchAll(pattern)) {
        const at = match.index + new RegExp(`\\b${match[1]}\\b`, 'i').exec(match[0])!.index;
        if (isQuoted(paragraph, at)) continue;
        const sentence = sentenceAt(paragraph, at);
        const clause = paragraph.text.slice(sentence.start, sentence.end);
        if (/\?\s*$/.test(clause.trim()) || NOT_DEATH.test(paragraph.text.slice(sentence.start, match.index + match[0].length))) continue;
        const subject = resolveSubject(context, paragraphIndex, at, match[1]!.toLowerCase());
        const sure = subject !== null && (subject.link === 'pronoun' || subject.link === 'named') && (subject.certain || alone(context, paragraphIndex, subject.card, match[1]!));
        // A burial ("they bury him") may reach further back, to the one person the pronoun can mean.
        const card = sure ? subject!.card : BURIAL.test(match[0].replace(/^\W+/, '')) ? onlyOneNamed(context, paragraphIndex, match[1]!) : null;
        if (card === null) continue;
        deaths.push({ card, path: context.prose.source.path, line: lineOf(paragraph, at), text: clause.trim(), position });
      }
    }
  });
  return deaths;
}
