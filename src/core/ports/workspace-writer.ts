/**
 * The manuscript as tasks change it. Every path goes through the same rules as reads (no `..`,
 * no absolute paths, nothing under `.control-room/`, no links leading out), writes are atomic
 * (readers see the old or the new bytes, never half), and only `Story/` and `Compendium/` files
 * can be written. Failures throw `ControlRoomError` with a VFS code.
 */
export interface WorkspaceWriter {
  /** The bytes of a manuscript file, or null when there is no such file. */
  readBytes(path: string): Promise<Uint8Array | null>;
  /** Creates or replaces a file (creating missing folders) atomically. */
  write(path: string, bytes: Uint8Array): Promise<void>;
  /** Removes a file; throws `path_not_found` when there is none. */
  delete(path: string): Promise<void>;
}
