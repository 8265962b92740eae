/**
 * Numbers as fiction writes them: digits (`131`, `1,200`) and words (`a hundred and thirty-one`,
 * `ninety`, `forty-first`). Deterministic and small on purpose: a checker must give the same
 * answer every run.
 */

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const ORDINAL_UNITS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17, eighteenth: 18, nineteenth: 19,
};
const ORDINAL_TENS: Record<string, number> = { twentieth: 20, thirtieth: 30, fortieth: 40, fiftieth: 50, sixtieth: 60, seventieth: 70, eightieth: 80, ninetieth: 90 };
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000 };

/** A number found in text, with its character span. */
export interface NumberMention {
  value: number;
  start: number;
  end: number;
  text: string;
  ordinal: boolean;
}

/** Value of one word or hyphenated pair (`seven`, `thirty-one`, `sixth`, `forty-first`, `12`); null otherwise. */
export function parseNumberWord(word: string): number | null {
  const lower = word.toLowerCase();
  if (/^\d+$/.test(lower)) return Number(lower);
  if (lower in UNITS) return UNITS[lower]!;
  if (lower in TENS) return TENS[lower]!;
  if (lower in ORDINAL_UNITS) return ORDINAL_UNITS[lower]!;
  if (lower in ORDINAL_TENS) return ORDINAL_TENS[lower]!;
  const pair = /^([a-z]+)-([a-z]+)$/.exec(lower);
  if (pair && pair[1]! in TENS) {
    const rest = UNITS[pair[2]!] ?? ORDINAL_UNITS[pair[2]!];
    if (rest !== undefined && rest > 0 && rest < 10) return TENS[pair[1]!]! + rest;
  }
  return null;
}

function isOrdinalWord(word: string): boolean {
  const last = word.toLowerCase().split('-').pop()!;
  return last in ORDINAL_UNITS || last in ORDINAL_TENS;
}

const TOKEN = /[A-Za-z]+(?:-[A-Za-z]+)?|\d[\d,]*(?:\.\d+)?|[^\sA-Za-z\d]+|\s+/g;

/**
 * Every number in `text`. Word numbers are read as phrases (`a hundred and thirty-one` → 131);
 * digits inside clock times or decimals (`22.20`, `10:45`) are not counts and are skipped.
 */
export function findNumbers(text: string): NumberMention[] {
  const tokens = [...text.matchAll(TOKEN)].map((match) => ({ text: match[0], start: match.index }));
  const found: NumberMention[] = [];
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index]!;
    if (/^\d/.test(token.text)) {
      const after = tokens[index + 1]?.text ?? '';
      const before = tokens[index - 1]?.text ?? '';
      const isTime = /[.:]/.test(token.text) || /^[:.]$/.test(after) && /^\d/.test(tokens[index + 2]?.text ?? '') || /^[:.]$/.test(before);
      if (!isTime) {
        const digits = token.text.replace(/,$/, '');
        found.push({ value: Number(digits.replace(/,/g, '')), start: token.start, end: token.start + digits.length, text: digits, ordinal: false });
      }
      index += 1;
      continue;
    }
    const phrase = /^[A-Za-z]/.test(token.text) ? readWordNumber(tokens, index) : null;
    if (phrase === null) {
      index += 1;
      continue;
    }
    const first = tokens[phrase.firstIndex]!;
    const last = tokens[phrase.lastIndex]!;
    found.push({ value: phrase.value, start: first.start, end: last.start + last.text.length, text: text.slice(first.start, last.start + last.text.length), ordinal: phrase.ordinal });
    index = phrase.lastIndex + 1;
  }
  return found;
}

interface WordPhrase {
  value: number;
  firstIndex: number;
  lastIndex: number;
  ordinal: boolean;
}

/** Reads `[a|one] hundred [and] thirty-one` starting at token `start`; null when no number starts there. */
function readWordNumber(tokens: readonly { text: string }[], start: number): WordPhrase | null {
  let total = 0;
  let current = 0;
  let lastIndex = -1;
  let ordinal = false;
  let index = start;
  const word = (at: number): string => (tokens[at]?.text ?? '').toLowerCase();
  // "a hundred": the article counts as one only right before a scale word.
  if (word(index) === 'a' && /^\s+$/.test(word(index + 1)) && word(index + 2) in SCALES) {
    current = 1;
    index += 2;
  } else if (word(index) === 'the' && word(index + 2) === 'hundred' && word(index + 4) === 'and' && parseNumberWord(word(index + 6)) !== null) {
    // "the hundred and twenty rungs": one hundred, said with "the".
    current = 1;
    index += 2;
  }
  while (index < tokens.length) {
    const text = word(index);
    const value = parseNumberWord(text);
    if (value !== null && !/^\d/.test(text) && !(lastIndex >= 0 && current % 100 !== 0 && current % 10 !== 0)) {
      current += value;
      lastIndex = index;
      ordinal = isOrdinalWord(text);
      if (ordinal) break;
    } else if (text in SCALES && (current > 0 || lastIndex < 0 && start !== index)) {
      current = Math.max(current, 1) * SCALES[text]!;
      if (text === 'thousand') {
        total += current;
        current = 0;
      }
      lastIndex = index;
    } else if (text === 'and' && lastIndex >= 0 && (current >= 100 || total >= 1000) && parseNumberWord(word(index + 2)) !== null) {
      // "a hundred and twelve": the "and" joins only when a number follows it.
    } else if (!/^\s+$/.test(text)) {
      break;
    }
    index += 1;
  }
  if (lastIndex < 0) return null;
  return { value: total + current, firstIndex: start, lastIndex, ordinal };
}
