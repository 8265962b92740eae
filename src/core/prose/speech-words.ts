import type { TaggedText } from './nlp-engine.js';

/** Lemmas of the verbs that make a speaker tag ("said Mara", "she whispered"). */
export const SPEECH_VERB_LEMMAS: ReadonlySet<string> = new Set([
  'say', 'ask', 'reply', 'answer', 'whisper', 'murmur', 'mutter', 'mumble', 'shout', 'yell', 'scream',
  'cry', 'call', 'snap', 'hiss', 'growl', 'bark', 'breathe', 'sigh', 'gasp', 'laugh', 'sob', 'add',
  'continue', 'begin', 'repeat', 'explain', 'insist', 'admit', 'agree', 'protest', 'demand', 'warn',
  'offer', 'suggest', 'announce', 'interrupt', 'retort', 'respond', 'exclaim', 'plead', 'beg', 'tell',
  'note', 'observe', 'remark', 'concede', 'declare', 'inquire', 'enquire', 'counter', 'prompt', 'urge',
]);

/** Personal pronouns that can be the speaker in a tag ("she said", "said he"). */
export const SPEAKER_PRONOUNS: ReadonlySet<string> = new Set(['i', 'he', 'she', 'they', 'we', 'you']);

// Courtesy titles and ranks that belong to the name they precede ("Mr. Hale", "Sergeant Pryce").
const TITLES = new Set(['mr.', 'mrs.', 'ms.', 'dr.', 'st.', 'mr', 'mrs', 'ms', 'dr', 'miss', 'sir', 'lady', 'lord', 'sgt.', 'capt.', 'rev.', 'prof.']);

/** True for a courtesy title or rank written before a name. */
export function isTitle(normal: string): boolean {
  return TITLES.has(normal);
}

/** True when the token starts with an upper-case letter. */
export function isCapitalized(value: string): boolean {
  const first = value.charAt(0);
  return first !== first.toLowerCase() && first === first.toUpperCase();
}

/** True when the token starts with a lower-case letter (so it cannot start a sentence). */
export function isLowerCase(value: string): boolean {
  const first = value.charAt(0);
  return first !== first.toUpperCase() && first === first.toLowerCase();
}

/** True when token `index` is part of a character's name: a capitalised proper noun or a title. */
export function isNameToken(tagged: TaggedText, index: number): boolean {
  const value = tagged.values[index] ?? '';
  if (tagged.types[index] !== 'word' || !isCapitalized(value)) return false;
  return tagged.pos[index] === 'PROPN' || isTitle(tagged.normals[index] ?? '');
}

/** True when token `index` is a verb of speech. */
export function isSpeechVerb(tagged: TaggedText, index: number): boolean {
  return tagged.pos[index] === 'VERB' && SPEECH_VERB_LEMMAS.has(tagged.lemmas[index] ?? '');
}
