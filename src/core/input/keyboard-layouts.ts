/**
 * Letter keys of the common keyboard layouts, row by row (top, home, bottom), each row shifted as
 * on a real keyboard so that keys diagonally next to each other are close in the grid.
 */
const LAYOUTS: ReadonlyArray<readonly [string, string, string]> = [
  ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'], // QWERTY
  ['azertyuiop', 'qsdfghjklm', 'wxcvbn'], // AZERTY
  ['qwertzuiop', 'asdfghjkl', 'yxcvbnm'], // QWERTZ
  ['pyfgcrl', 'aoeuidhtns', 'qjkxbmwvz'], // Dvorak (letters only)
];

/** Row offsets in key widths, as keys are staggered. */
const ROW_SHIFT = [0, 0.25, 0.75];

type Position = { row: number; column: number };

const POSITIONS: ReadonlyArray<ReadonlyMap<string, Position>> = LAYOUTS.map((rows) => {
  const map = new Map<string, Position>();
  rows.forEach((keys, row) => [...keys].forEach((key, index) => map.set(key, { row, column: index + ROW_SHIFT[row]! })));
  return map;
});

/** True when the letters walk along one keyboard row, one key at a time in one direction ("asdf", "poiu"). */
export function walksOneRow(letters: string): boolean {
  return POSITIONS.some((layout) => {
    let direction = 0;
    for (let index = 1; index < letters.length; index += 1) {
      const a = layout.get(letters[index - 1]!);
      const b = layout.get(letters[index]!);
      if (!a || !b || a.row !== b.row) return false;
      const step = b.column - a.column;
      if (Math.abs(step) !== 1 || (direction !== 0 && Math.sign(step) !== direction)) return false;
      direction = Math.sign(step);
    }
    return letters.length > 1;
  });
}
