/**
 * Other spellings of the same word that a writer's book may use, for absence claims: British and
 * American (`colour` ↔ `color`, `realise` ↔ `realize`, `analyse` ↔ `analyze`, `centre` ↔ `center`,
 * `grey` ↔ `gray`, `travel` → `travell-`). Claiming "colour" is absent is false when the book
 * says "color".
 *
 * Each rule needs a stem long enough that the other spelling is not a different common word
 * (`four` is not `for`, `tour` is not `tor`).
 */
export function spellingVariants(word: string): string[] {
  const variants = new Set<string>();
  // colour ↔ color, harbour ↔ harbor, honour ↔ honor (the stem before the ending: three letters or more).
  if (/^[a-z]{3,}our$/.test(word)) variants.add(`${word.slice(0, -3)}or`);
  else if (/^[a-z]{3,}or$/.test(word)) variants.add(`${word.slice(0, -2)}our`);
  // realise ↔ realize, analyse ↔ analyze (long words only: "wise", "noise", "raise" stay as they are).
  if (word.length >= 6 && /[iy]s$/.test(word.slice(0, -1)) && word.endsWith('e')) variants.add(`${word.slice(0, -2)}ze`);
  if (word.length >= 6 && /[iy]z$/.test(word.slice(0, -1)) && word.endsWith('e')) variants.add(`${word.slice(0, -2)}se`);
  // centre ↔ center, theatre ↔ theater, fibre ↔ fiber, sombre ↔ somber.
  if (/^[a-z]{3,}[tb]re$/.test(word)) variants.add(`${word.slice(0, -2)}er`);
  else if (/^[a-z]{3,}[tb]er$/.test(word) && /(?:nt|at|et|it|ib|mb)er$/.test(word)) variants.add(`${word.slice(0, -2)}re`);
  if (word === 'grey') variants.add('gray');
  if (word === 'gray') variants.add('grey');
  // travel → travelled, travelling (British doubling before a suffix); traveled is found as it is.
  if (/[^aeiou][aeiou]l$/.test(word) && word.length >= 5) variants.add(`${word}l`);
  return [...variants];
}
