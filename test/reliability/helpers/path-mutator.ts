/**
 * Hostile paths for the path fuzz (issue 8): traversal stitched from pieces and separators in every
 * spelling, real workspace paths with one twist (climbing out and back, encoded or look-alike
 * separators, case, invisible characters, links that leave the workspace), and junk. Seeded, so a
 * run repeats from its seed.
 */
import { HOSTILE_CHARACTERS, SeededRandom } from './text-mutator.js';

/** Paths that exist in the fuzzed workspace: files, folders, and planted links (some leave it). */
export interface PathTargets {
  files: readonly string[];
  folders: readonly string[];
  links: readonly string[];
}

const PIECES = [
  '..', '.', '...', '....', '%2e%2e', '%2E%2E', '%252e%252e', '%25252e%25252e', '%c0%ae%c0%ae', '..%00', '.%2e', '%2e.', '\uff0e\uff0e', '\u2024\u2024',
  '..\u200b', '\u202e..', '. .', '.control-room', '.Control-Room', '.CONTROL-ROOM', '%2econtrol-room', '.control-room\u200b', '~', '~root',
  'Story', 'Scenes', 'Compendium', 'etc', 'passwd', 'audit', 'secret.key', 'canon', '', '\u0000', 'C:', 'con', 'nul', 'Canon.md',
];
const SEPARATORS = ['/', '/', '/', '\\', '%2f', '%2F', '%5c', '%252f', '\uff0f', '\u2215', '\u2044', '//', '/./', '\\\\', '\u0000/'];
const PREFIXES = ['', '', '', '/', './', '../', 'C:', 'c:\\', 'C:/', '\\\\?\\', '\\\\server\\share\\', 'file://', 'file:///', '~/', 'Story/', 'Canon.md/', '%2f', '/proc/self/root/', 'Story/Scenes/'];
const LETTERS = 'abcxyzSCN-_.0123456789 ';

/** Traversal stitched from pieces and separators, behind an optional prefix. */
function stitched(random: SeededRandom): string {
  let path = random.pick(PREFIXES);
  const parts = 1 + random.int(8);
  for (let part = 0; part < parts; part += 1) path += (part === 0 ? '' : random.pick(SEPARATORS)) + random.pick(PIECES);
  return path;
}

const fullWidth = (character: string): string => (character >= '!' && character <= '~' ? String.fromCharCode(character.charCodeAt(0) + 0xfee0) : character);

/** A real path with one twist; some twists keep it readable, most must be refused or not found. */
function twisted(path: string, random: SeededRandom): string {
  const slash = path.indexOf('/');
  const first = slash < 0 ? path : path.slice(0, slash);
  const at = random.int(path.length + 1);
  switch (random.int(24)) {
    case 0: return `./${path}`;
    case 1: return `${path}/`;
    case 2: return path.replace('/', random.pick(['//', '/./', '/././/']));
    case 3: return `${first}/../${path}`;
    case 4: return `${path}${random.pick(['/..', '/../..', '/../../..', '/../../../etc/passwd'])}`;
    case 5: return path.replace(/\//g, '\\');
    case 6: return `/${path}`;
    case 7: return path.replace('/', random.pick(['%2f', '%2F', '%252f', '\uff0f', '\u2215']));
    case 8: return path.replace('.', random.pick(['%2e', '\uff0e', '\u2024']));
    case 9: return random.chance(0.5) ? path.toUpperCase() : path.toLowerCase();
    case 10: return path.slice(0, at) + random.pick(['\u200b', '\u200d', '\ufeff', '\u202e', '\u2066', '\u00ad']) + path.slice(at);
    case 11: return path.slice(0, at) + fullWidth(path[at] ?? '') + path.slice(at + 1);
    case 12: return `${path}${random.pick([' ', '.', '\t', '::$DATA', '%20', '~'])}`;
    case 13: return `${path}${random.pick(['\u0000.png', '%00', '%00.md', '\u0000'])}`;
    case 14: return `${path}/${random.pick(['x', '.', '..', 'x.md', '.hidden'])}`;
    case 15: return path.slice(0, Math.max(1, at));
    case 16: return `${first}/.${path.slice(slash + 1)}`;
    case 17: return `${path.slice(0, slash + 1)}${'x'.repeat(random.pick([255, 256, 300]))}`;
    case 18: return `${path}/${'a/'.repeat(random.pick([500, 505, 510, 520]))}b.md`;
    case 19: return `${random.pick(['.control-room/', '.Control-Room/', '.control-room/../', './.control-room/'])}${path}`;
    case 20: return path.slice(0, at) + random.pick(HOSTILE_CHARACTERS) + path.slice(at);
    case 21: return `${path}${random.pick(['?x=1', '#top', ';x', '%23', '*', '?'])}`;
    case 22: return `${path.slice(0, slash + 1)}${random.pick(['./', '../', '%2e%2e/', '..%2f'])}${path.slice(slash + 1)}`;
    default: return path.normalize('NFKD');
  }
}

/** Random characters, hostile ones included. */
function junk(random: SeededRandom): string {
  let path = '';
  const length = random.int(40);
  for (let index = 0; index < length; index += 1) path += random.chance(0.2) ? random.pick(HOSTILE_CHARACTERS) : LETTERS[random.int(LETTERS.length)];
  return path;
}

/** One hostile path: stitched traversal, a real path twisted or as is, or junk; the label names the family. */
export function hostilePathFrom(random: SeededRandom, targets: PathTargets): { path: string; label: string } {
  const roll = random.int(20);
  if (roll < 7) return { path: stitched(random), label: 'stitched' };
  if (roll < 18) {
    const pool = random.chance(0.6) ? targets.files : random.chance(0.25) ? targets.folders : targets.links;
    const target = random.pick(pool);
    return roll < 16 ? { path: twisted(target, random), label: 'twisted' } : { path: target, label: 'real' };
  }
  return { path: junk(random), label: 'junk' };
}
