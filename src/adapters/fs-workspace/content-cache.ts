import { sameSignature, type ChangeSignature } from './change-signature.js';

/** What a read of a file produces that is worth keeping: the decoded text and the hash of its bytes. */
export interface CachedContent {
  text: string;
  sha256: string;
  size: number;
}

/** The default bound: enough for a long novel several times over, small beside a server's memory. */
export const DEFAULT_CONTENT_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Decoded text of recently read files, keyed by real path and valid only for the exact change
 * signature (inode, size, mtime, ctime) the file had when it was read. Any write to a file moves
 * its mtime and ctime, and an editor's save-by-rename gives it a new inode, so a changed file never
 * matches; callers store only settled signatures (`settledBefore`) so two writes inside one
 * timestamp grain cannot hide. Least recently used entries go first once `maxBytes` is exceeded.
 */
export class ContentCache {
  private readonly entries = new Map<string, { signature: ChangeSignature; content: CachedContent }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number = DEFAULT_CONTENT_CACHE_BYTES) {}

  /** The content read earlier when the file still has the same signature. */
  get(diskPath: string, signature: ChangeSignature): CachedContent | undefined {
    const entry = this.entries.get(diskPath);
    if (!entry) return undefined;
    this.remove(diskPath);
    if (!sameSignature(entry.signature, signature)) return undefined;
    this.entries.set(diskPath, entry);
    this.bytes += entry.content.size;
    return entry.content;
  }

  /** Keeps a file's content for its signature; files larger than a quarter of the bound are not kept. */
  put(diskPath: string, signature: ChangeSignature, content: CachedContent): void {
    this.remove(diskPath);
    if (this.maxBytes <= 0 || content.size > this.maxBytes / 4) return;
    this.entries.set(diskPath, { signature, content });
    this.bytes += content.size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.content.size;
    }
  }

  /** Bytes of file content currently held. */
  get heldBytes(): number {
    return this.bytes;
  }

  private remove(diskPath: string): void {
    const entry = this.entries.get(diskPath);
    if (!entry) return;
    this.entries.delete(diskPath);
    this.bytes -= entry.content.size;
  }
}
