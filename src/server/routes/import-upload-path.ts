/**
 * The path an upload gives a file (a folder picker sends `Vault/Notes/Ilse.md`) is written under a
 * staging folder, so it must name a place inside it on every platform, however it is spelled.
 */

/** Longest path accepted, in characters; deeper than any real vault or Scrivener project. */
const MAX_PATH_LENGTH = 1024;
const MAX_DEPTH = 64;
/** Most file systems allow 255 bytes per name. */
const MAX_SEGMENT_BYTES = 255;

/** Characters Windows cannot store in a name (`:` would also open an alternate data stream). */
const WINDOWS_RESERVED = /[<>:"|?*]/;
/** Names Windows gives to devices, with or without an extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
const CONTROL = /[\u0000-\u001f\u007f]/;

const encoder = new TextEncoder();

/** A segment with its %-escapes undone, so `%2e%2e` is judged as `..`; the text itself when it is not an escape. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Why one segment cannot be a file or folder name, or null. */
function segmentProblem(segment: string, windows: boolean): string | null {
  if (segment === '') return 'it has an empty part (a doubled or trailing "/")';
  const plain = decoded(segment);
  // Windows drops trailing dots and spaces, so ". ." and "..." end up as "." or "..".
  if (/^[. ]+$/.test(plain)) return `"${segment}" names a folder by dots`;
  if (plain.includes('/') || plain.includes('\\')) return `"${segment}" hides a path separator`;
  // `C:..` inside a path is a drive-relative path on Windows, wherever the upload is unpacked later.
  if (/^[a-z]:/i.test(plain)) return `"${segment}" names a drive`;
  if (CONTROL.test(plain)) return 'it has a NUL or control character';
  if (encoder.encode(segment).length > MAX_SEGMENT_BYTES) return `a name in it is longer than ${MAX_SEGMENT_BYTES} bytes`;
  if (windows && (WINDOWS_RESERVED.test(segment) || WINDOWS_DEVICE.test(segment) || /[. ]$/.test(segment))) {
    return `"${segment}" is not a name this computer can store`;
  }
  return null;
}

/**
 * Why an uploaded file's path cannot be staged, or null when it can: it must be relative, `/`
 * separated, without `.`/`..` parts (escaped or not), backslashes, drive letters, NUL or control
 * characters, and within length and depth limits. Never throws.
 */
export function uploadPathProblem(path: unknown, options: { windows?: boolean } = {}): string | null {
  if (typeof path !== 'string' || path === '') return 'it is empty';
  if (path.length > MAX_PATH_LENGTH) return `it is longer than ${MAX_PATH_LENGTH} characters`;
  if (CONTROL.test(path)) return 'it has a NUL or control character';
  if (path.includes('\\')) return 'it uses "\\"; paths are separated by "/"';
  if (path.startsWith('/')) return 'it is absolute';
  if (/^[a-z]:/i.test(path)) return 'it names a drive';
  const segments = path.split('/');
  if (segments.length > MAX_DEPTH) return `it is more than ${MAX_DEPTH} folders deep`;
  for (const segment of segments) {
    const problem = segmentProblem(segment, options.windows ?? false);
    if (problem !== null) return problem;
  }
  return null;
}
