/** Which pronouns a character takes; null when unclear. */
export type Gender = 'female' | 'male' | null;

/** Titles that come before a name (`Dr. Colm Reddaway`, `Sergeant Pryce`, `Aunt Birdie`). */
const TITLES = [
  'Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Doctor', 'Prof', 'Professor', 'Sgt', 'Sergeant', 'Captain', 'Capt', 'Inspector', 'Constable',
  'Detective', 'DI', 'DS', 'PC', 'Father', 'Mother', 'Sister', 'Brother', 'Aunt', 'Auntie', 'Uncle', 'Lady', 'Lord', 'Sir', 'Dame',
  'Reverend', 'Rev', 'Judge', 'Nurse', 'Granny', 'Grandma', 'Grandpa', 'Grandad', 'Old', 'Young', 'Little', 'Major', 'Colonel',
  'Lieutenant', 'Lt', 'General', 'Admiral', 'Chief', 'Officer', 'Madame', 'Monsieur', 'Herr', 'Frau', 'Señor', 'Señora',
  'Commander', 'Cmdr', 'Cdr', 'Brigadier', 'Commodore', 'Corporal', 'Cpl', 'Col', 'Gen', 'Maj', 'Adm', 'Insp', 'Supt', 'Superintendent', 'Cousin',
];
// A title's short and long spellings name the same rank: `Cmdr. Voss` is `Commander Voss`.
const TITLE_SPELLINGS: Record<string, string> = {
  Cmdr: 'Commander', Cdr: 'Commander', Capt: 'Captain', Sgt: 'Sergeant', Lt: 'Lieutenant', Col: 'Colonel', Gen: 'General', Adm: 'Admiral',
  Prof: 'Professor', Dr: 'Doctor', Insp: 'Inspector', Supt: 'Superintendent', Rev: 'Reverend', Maj: 'Major', Cpl: 'Corporal',
};

/** The long spelling of a title (`Cmdr.` → `Commander`), or the title itself without its full stop. */
export function fullTitle(title: string): string {
  const bare = title.replace(/\.$/, '');
  return TITLE_SPELLINGS[bare] ?? bare;
}
const TITLE = new RegExp(`^(?:${TITLES.join('|')})\\.?$`);
const FEMALE_TITLES = /^(?:Mrs|Ms|Miss|Mother|Sister|Aunt|Auntie|Lady|Dame|Granny|Grandma|Madame|Frau|Señora)\.?$/;
const MALE_TITLES = /^(?:Mr|Father|Brother|Uncle|Lord|Sir|Grandpa|Grandad|Monsieur|Herr|Señor)\.?$/;
const PARTICLES = /^(?:van|von|de|da|del|della|di|du|la|le|ter|ten|bin|ibn|al|mac|o)$/i;
// First names and surnames that are also everyday words: they count as a name only where a sentence
// cannot have put the capital there (`Will`, `Rose`, `Hope`, `Price`, `Bell`).
const COMMON_WORDS = new Set(
  (
    'Will May June April August Rose Grace Hope Faith Joy Mark Bill Pat Sue Frank Art Drew Jack Rob Nick Ray Dawn Summer Autumn Iris ' +
    'Holly Ivy Lily Daisy Violet Hazel Amber Ruby Pearl Olive Angel Sky Brook Heath Dale Glen Wood Stone Hill Marsh Fox Young Black ' +
    'White Brown Green Gray Grey Long Short Little King Price Rich Bell Cook Baker Miller Hunter Carter Mason Fisher Shepherd Page ' +
    'Lane Ward Hall Wells Banks Church Chase Cliff Cross Dean Field Ford Frost Gold Hart Ivory Lamb Law Moss North Park Pond Reed Rice ' +
    'Rock Rush Sharp Snow Strong Swift West Wild Winter Wise Bay Sandy Rusty Honey Lucky Sunny Chip Red ' +
    'Bob Peg Dot Pip Nan Kit Dick Ginger Dolly'
  ).split(' '),
);

// An article before a title or a byname (`The Reverend Thomas Ashby`, `the Tackler`) is never a name of its own.
const ARTICLE = /^(?:the|a|an)$/i;

/** The words of a name, without a leading article. */
function nameWords(name: string): string[] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.length > 1 && ARTICLE.test(words[0]!) ? words.slice(1) : words;
}

/** The title a name starts with, if any (`Dr.` of `Dr. Colm Reddaway`, `Reverend` of `The Reverend Ashby`). */
export function titleOf(name: string): string | null {
  const first = nameWords(name)[0] ?? '';
  return TITLE.test(first) ? first : null;
}

/** Gender a title says (`Mrs` → female, `Uncle` → male); null for `Dr`, `Sergeant`. */
export function genderOfTitle(title: string | null): Gender {
  if (title === null) return null;
  if (FEMALE_TITLES.test(title)) return 'female';
  if (MALE_TITLES.test(title)) return 'male';
  return null;
}

/** True for a form that is also an everyday word, matched only away from a sentence's start. */
export function isCommonWordForm(form: string): boolean {
  return !form.includes(' ') && COMMON_WORDS.has(form);
}

/** The given name of a person's name, without title or article (`Thomas` of `Dr. Thomas Reddaway`); null for a bare title. */
export function givenNameOf(name: string): string | null {
  const words = nameWords(name);
  const bare = titleOf(name) === null ? words : words.slice(1);
  const first = bare[0]?.replace(/\.$/, '') ?? '';
  return /^\p{Lu}\p{Ll}+$/u.test(first) ? first : null;
}

/**
 * The ways prose names a person, derived from the card's name the way readers do: the full name,
 * the name without its title, the first name, the surname (with its particle, `van Dijk`), and
 * title + surname (`Dr Reddaway`, `Sergeant Pryce`; `Mrs`/`Miss`/`Ms` or `Mr` as the gender allows).
 */
export function derivedNameForms(name: string, gender: Gender): string[] {
  const forms = new Set<string>([name.trim().split(/\s+/).filter(Boolean).join(' ')]);
  const words = nameWords(name);
  const title = titleOf(name);
  const bare = title === null ? words : words.slice(1);
  forms.add(words.join(' '));
  if (bare.length === 0) return [...forms];
  forms.add(bare.join(' '));
  if (bare.length >= 2) {
    const particleAt = bare.findIndex((word, index) => index > 0 && PARTICLES.test(word));
    const surname = particleAt > 0 ? bare.slice(particleAt).join(' ') : bare[bare.length - 1]!;
    const first = bare[0]!;
    if (/^\p{Lu}/u.test(first) && first.replace(/\.$/, '').length > 1) forms.add(first);
    if (/^\p{Lu}/u.test(surname.replace(/^\p{Ll}+\s+/u, '')) && surname.length > 1) {
      forms.add(surname);
      if (bare.length >= 3) forms.add(`${first} ${surname}`);
      const titles = title !== null ? [title.replace(/\.$/, ''), `${title.replace(/\.$/, '')}.`, fullTitle(title)] : [];
      if (gender !== 'male') titles.push('Mrs', 'Mrs.', 'Miss', 'Ms', 'Ms.');
      if (gender !== 'female') titles.push('Mr', 'Mr.');
      for (const prefix of new Set(titles)) forms.add(`${prefix} ${surname}`);
    }
  } else if (title !== null) {
    forms.add(`${title.replace(/\.$/, '')} ${bare[0]}`);
  }
  return [...forms];
}
