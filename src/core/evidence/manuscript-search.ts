import { isWordCode } from './fold-text.js';
import { locateFolded, matchesAt, toFileMatch, type FileMatch, type IndexedFile } from './indexed-file.js';

/** Where a quote was found when searching the whole manuscript. */
export interface ManuscriptMatch {
  path: string;
  match: FileMatch;
}

/** Words shorter than this are not indexed: they are the commonest ones, never the rarest of a quote. */
const MIN_INDEXED_WORD = 4;

/**
 * Calls `visit` with a 30-bit hash and the offset of each indexed word (a run of letters and
 * digits) of folded text. Hashing in the scan avoids a string per word; a collision only adds a
 * candidate, which `matchesAt` then rejects.
 */
function forEachWord(text: string, visit: (hash: number, offset: number) => void): void {
  let start = -1;
  let hash = 0;
  for (let index = 0; index <= text.length; index += 1) {
    const code = index < text.length ? text.charCodeAt(index) : 0;
    if (isWordCode(code)) {
      if (start < 0) {
        start = index;
        hash = 0x811c9dc5;
      }
      hash = Math.imul(hash ^ code, 0x01000193);
    } else if (start >= 0) {
      if (index - start >= MIN_INDEXED_WORD) visit(hash & 0x3fffffff, start);
      start = -1;
    }
  }
}

/**
 * A word index over every file of a manuscript, so "where is this quote?" costs a few map lookups
 * instead of a scan of every file. Quotes match on word boundaries (see `matchesAt`), so every word
 * of a quote is a whole word of the file, and its rarest word pins the candidates.
 *
 * Files are kept in slots. Replacing a file retires its slot (its postings are skipped from then
 * on) and appends the new version, so a change re-indexes only that file; the postings are
 * compacted once retired ones outnumber live ones.
 */
export class ManuscriptSearch {
  private slots: Array<IndexedFile | null> = [];
  private tokenCounts: number[] = [];
  private readonly slotOf = new Map<string, number>();
  /**
   * Postings of the files added together by `build`: word hash → where its flat pairs of (slot,
   * folded offset) start in `packed`, and how many numbers they take. One typed array for a whole
   * manuscript holds them in a fraction of the memory of a list per word.
   */
  private packedAt = new Map<number, number>();
  private packedLength = new Map<number, number>();
  private packed = new Int32Array(0);
  /** Word hash → flat pairs of (slot, folded offset) of files added one at a time since. */
  private postings = new Map<number, number[]>();
  private livePostings = 0;
  private retiredPostings = 0;

  /** Adds a file, or replaces the indexed version of the same path. */
  put(file: IndexedFile): void {
    const existing = this.slotOf.get(file.path);
    if (existing !== undefined) {
      if (this.slots[existing] === file) return;
      this.retire(existing);
    }
    this.append(file);
    if (this.retiredPostings > this.livePostings) this.compact();
  }

  /**
   * Indexes many files at once (a whole manuscript), in place of everything indexed before: their
   * words are counted first, then laid out in one typed array.
   */
  build(files: readonly IndexedFile[]): void {
    this.slots = [...files];
    this.tokenCounts = [];
    this.slotOf.clear();
    this.postings = new Map();
    this.retiredPostings = 0;
    const counts = new Map<number, number>();
    files.forEach((file, slot) => {
      this.slotOf.set(file.path, slot);
      let count = 0;
      forEachWord(file.folded.text, (hash) => {
        counts.set(hash, (counts.get(hash) ?? 0) + 2);
        count += 1;
      });
      this.tokenCounts.push(count);
    });
    this.livePostings = this.tokenCounts.reduce((total, count) => total + count, 0);
    this.packedAt = new Map();
    this.packedLength = new Map();
    let next = 0;
    for (const [hash, length] of counts) {
      this.packedAt.set(hash, next);
      next += length;
    }
    this.packed = new Int32Array(next);
    files.forEach((file, slot) => {
      forEachWord(file.folded.text, (hash, offset) => {
        const at = this.packedAt.get(hash)! + (this.packedLength.get(hash) ?? 0);
        this.packed[at] = slot;
        this.packed[at + 1] = offset;
        this.packedLength.set(hash, at + 2 - this.packedAt.get(hash)!);
      });
    });
  }

  /** Drops a file that no longer exists. */
  remove(path: string): void {
    const slot = this.slotOf.get(path);
    if (slot === undefined) return;
    this.retire(slot);
    this.slotOf.delete(path);
  }

  /** The indexed files, by path. */
  paths(): string[] {
    return [...this.slotOf.keys()];
  }

  /** The indexed version of `path`, if any. */
  file(path: string): IndexedFile | undefined {
    const slot = this.slotOf.get(path);
    return slot === undefined ? undefined : (this.slots[slot] ?? undefined);
  }

  /** Up to `limit` files holding the folded `fragments` in order, first match in each. */
  find(fragments: readonly string[], limit = 1): ManuscriptMatch[] {
    const found: ManuscriptMatch[] = [];
    const visit = (slot: number): boolean => {
      const file = this.slots[slot];
      if (!file) return false;
      const span = locateFolded(file.folded.text, fragments);
      if (span) found.push({ path: file.path, match: toFileMatch(file, span) });
      return found.length >= limit;
    };
    const anchor = this.rarestWord(fragments);
    if (anchor === null) {
      // No word long enough to look up ("and so I"): scan every file.
      for (let slot = 0; slot < this.slots.length; slot += 1) if (visit(slot)) break;
      return found;
    }
    const fragment = fragments[anchor.fragment] ?? '';
    const single = fragments.length === 1;
    let lastSlot = -1;
    for (let index = 0; index < anchor.postings.length; index += 2) {
      const slot = anchor.postings[index] ?? -1;
      // Postings of one slot are consecutive and in text order: the first hit in a slot is its earliest.
      if (slot === lastSlot) continue;
      const file = this.slots[slot];
      const at = (anchor.postings[index + 1] ?? 0) - anchor.offset;
      if (!file || !matchesAt(file.folded.text, fragment, at)) continue;
      lastSlot = slot;
      if (single) {
        found.push({ path: file.path, match: toFileMatch(file, { start: at, end: at + fragment.length }) });
        if (found.length >= limit) break;
      } else if (visit(slot)) {
        break;
      }
    }
    return found;
  }

  /** The postings of a word: those of `build`, then those added since (a slot's are all in one). */
  private postingsOf(hash: number): ArrayLike<number> {
    const start = this.packedAt.get(hash);
    const packed = start === undefined ? null : this.packed.subarray(start, start + this.packedLength.get(hash)!);
    const added = this.postings.get(hash);
    if (added === undefined) return packed ?? [];
    return packed === null ? added : [...packed, ...added];
  }

  private rarestWord(fragments: readonly string[]): { fragment: number; offset: number; postings: ArrayLike<number> } | null {
    let best: { fragment: number; offset: number; postings: ArrayLike<number> } | null = null;
    fragments.forEach((fragment, index) => {
      forEachWord(fragment, (hash, offset) => {
        const postings = this.postingsOf(hash);
        if (best === null || postings.length < best.postings.length) best = { fragment: index, offset, postings };
      });
    });
    return best;
  }

  private append(file: IndexedFile): void {
    const slot = this.slots.length;
    this.slots.push(file);
    this.slotOf.set(file.path, slot);
    let count = 0;
    forEachWord(file.folded.text, (hash, offset) => {
      const list = this.postings.get(hash);
      if (list) list.push(slot, offset);
      else this.postings.set(hash, [slot, offset]);
      count += 1;
    });
    this.tokenCounts.push(count);
    this.livePostings += count;
  }

  private retire(slot: number): void {
    if (this.slots[slot] === null) return;
    this.slots[slot] = null;
    const count = this.tokenCounts[slot] ?? 0;
    this.livePostings -= count;
    this.retiredPostings += count;
  }

  private compact(): void {
    this.build(this.slots.filter((file): file is IndexedFile => file !== null && this.slotOf.get(file.path) !== undefined));
  }
}
