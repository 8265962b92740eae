/**
 * How surprising each letter pair is in English words, learnt from about a million words of
 * nineteenth-century fiction (word types seen at least twice). Row: the first letter (`^` for the
 * start of a word); column: the second letter, a–z, then `$` for the end of a word. Each digit is
 * -log2 P(second | first), rounded, in hex (0 common … f unheard of). Keyboard mash is full of pairs
 * at 9 and above ("fj", "kd", "sj"); words almost never are.
 */
const ROWS: readonly string[] = [
  '4434545547754664843456598af', // ^
  'b545a7584b6353b5c3436569686', // a
  '35c93cc847c2993cc3574abc6c5', // b
  '3c6b3dd34d44db2d84844ddd6b5', // c
  '5aa6287a3ab5775be55a689e7e1', // d
  '485356787a945386833596767b3', // e
  '3ccc33ac3cc4aa3cc4753cac6c5', // f
  '4bda3b544dd4855bd4585dad7d1', // g
  '38a927da3dd7783aa5645b7d6d3', // h
  '5645465b8c845246954495d9e78', // i
  '399929995999992999992999997', // j
  '68ab27983ba4847bb8398b7b6b2', // k
  '3986289c3e838848e955579e3c3', // l
  '34dd28da3dd84733da5a5dbd6d4', // m
  '59443628486786598943778a7a3', // n
  '665576696a644245a3553548796', // o
  '39dd2ad53da39934d3555dad8d5', // p
  '999999999999999999990999998', // q
  '376527693d766547b544579d5e3', // r
  '5a5a48944d7677558a435d7e7c2', // s
  '4a6c28b42de5884ae4455e8e5a3', // t
  '5555565d5d934375b334d9d9a98', // u
  '3ccc1ccc2ccccc4ccacc7acc7c7', // v
  '289637a43c85943ac5499ccc794', // w
  '4a3a38a53aa58a627aa355847a3', // x
  '69a858985cc76866c758bc8ccc0', // y
  '479919793994994999997979434', // z
];

const LETTERS = '^abcdefghijklmnopqrstuvwxyz$';

/** The surprise (0–15) of the pair `first` → `second`; `^` and `$` mark a word's edges. Unknown characters are 15. */
export function bigramSurprise(first: string, second: string): number {
  const row = ROWS[LETTERS.indexOf(first)];
  const column = LETTERS.indexOf(second) - 1;
  if (row === undefined || column < 0 || column >= row.length) return 15;
  return Number.parseInt(row[column]!, 16);
}
