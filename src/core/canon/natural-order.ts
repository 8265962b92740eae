/**
 * A locale-free "natural" ordering (`Scene 2` before `Scene 10`), so the compiled index sorts the
 * same way on every machine: `localeCompare` depends on the ICU data the runtime ships with.
 */

const RUNS = /\d+|\D+/g;

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares two strings: digit runs by number, other runs case-insensitively, then exactly. */
export function compareNatural(a: string, b: string): number {
  const left = a.match(RUNS) ?? [];
  const right = b.match(RUNS) ?? [];
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const x = left[index]!;
    const y = right[index]!;
    const xDigits = /^\d/.test(x);
    const yDigits = /^\d/.test(y);
    if (xDigits && yDigits) {
      const byValue = x.replace(/^0+/, '').length - y.replace(/^0+/, '').length || compareCodePoints(x.replace(/^0+/, ''), y.replace(/^0+/, ''));
      if (byValue !== 0) return byValue;
      continue;
    }
    const byText = compareCodePoints(x.toLowerCase(), y.toLowerCase());
    if (byText !== 0) return byText;
  }
  return left.length - right.length || compareCodePoints(a, b);
}
