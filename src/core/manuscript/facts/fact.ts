import type { CharacterCard } from '../cards.js';
import type { AgeBound } from './age-phrases.js';
import type { SubjectLink } from './resolve-subject.js';

/**
 * One statement about a character: `(entity, attribute, value, file#line)`. Facts come from cards
 * written in any style and from the prose; the checks compare facts of one entity and attribute.
 */
export interface Fact {
  card: CharacterCard;
  /** `eyes`, `hair`, `handedness`, `birthplace`, `mark:scar:cheek`, … */
  attribute: string;
  /** The values compared (hue families, `left`/`right`, a place). */
  values: string[];
  /** The words as written, e.g. `green eyes`, `Eye colour: hazel`. */
  text: string;
  /** The value as written, e.g. `green`, `hazel`. */
  valueText: string;
  path: string;
  line: number;
  source: 'card' | 'prose';
  /** False when the owner was only guessed (a far pronoun, the point of view). */
  certain: boolean;
  link: SubjectLink | 'card';
  /** The chapter's place in reading order (0 for cards). */
  position: number;
}

/** A statement of a character's age, or of when they were born. */
export interface AgeFact {
  card: CharacterCard;
  kind: 'age' | 'born';
  /** The age stated (for `age`). */
  age: number | null;
  /** Whether the age is the age itself or a bound ("not yet seventeen", "nearly forty"). */
  bound: AgeBound;
  /** The moment a past age was at ("when I signed, in the January of 2181"); null for now. */
  moment: { year: number | null; month: number | null; day: number | null } | null;
  /** The date of birth, as far as stated (for `born`). */
  born: { year: number | null; month: number | null; day: number | null } | null;
  /** For "turned thirty-six last spring": the months the birthday fell in. */
  birthdayMonths: number[] | null;
  /**
   * True when a past age is told as a memory ("I was seven that November", a past tense in a chapter
   * told in the present, beside "had drowned"): a younger age then is no contradiction.
   */
  recalled?: boolean;
  text: string;
  path: string;
  line: number;
  source: 'card' | 'prose';
  certain: boolean;
  position: number;
}
