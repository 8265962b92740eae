const IRREGULAR: Record<string, string> = { men: 'man', women: 'woman', feet: 'foot', people: 'person', children: 'child', teeth: 'tooth' };

/**
 * A crude, deterministic stem for matching nouns across singular and plural (`steps`/`step`,
 * `stairs`/`stair`, `men`/`man`). Good enough for comparing a fact's nouns with a scene's; not a
 * general stemmer.
 */
export function stemWord(word: string): string {
  const lower = word.toLowerCase().replace(/['’]s$/, '').replace(/['’]/g, '');
  if (lower in IRREGULAR) return IRREGULAR[lower]!;
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.length > 4 && /(?:ch|sh|x|ss)es$/.test(lower)) return lower.slice(0, -2);
  if (lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss')) return lower.slice(0, -1);
  return lower;
}

/** The stems of every word of a text (hyphenated words split). */
export function stemsOf(text: string): Set<string> {
  const stems = new Set<string>();
  for (const match of text.matchAll(/\p{L}+(?:['’]\p{L}+)?/gu)) stems.add(stemWord(match[0]));
  return stems;
}
