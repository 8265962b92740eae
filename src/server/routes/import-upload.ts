import { ControlRoomError } from '../../protocol/index.js';
import { uploadPathProblem } from './import-upload-path.js';

/** How much one upload may carry. */
export interface ImportUploadLimits {
  /** Bytes of all files together. */
  maxBytes: number;
  maxFiles: number;
}

export const DEFAULT_IMPORT_UPLOAD_LIMITS: ImportUploadLimits = { maxBytes: 128 * 1024 * 1024, maxFiles: 5000 };

/** One file of an upload, by its path inside the upload's folder (`/` separated). */
export interface UploadedFile {
  path: string;
  content: Blob;
}

/**
 * A checked upload: a `.docx` on its own, or a folder (a vault, a folder of chapters, a `.scriv`
 * package) named `name`, with every file's path inside it.
 */
export interface ImportUpload {
  kind: 'docx' | 'folder';
  /** The file's or the folder's name: what the import is known by, so importing it again updates it. */
  name: string;
  files: UploadedFile[];
  bytes: number;
}

/** The folder name used when the files share no top folder and the form gives none. */
const DEFAULT_FOLDER_NAME = 'Upload';

function invalid(message: string): ControlRoomError {
  return new ControlRoomError('import_upload_invalid', message);
}

/** The files of the form, paired with their paths (`path` and `file` fields in the same order). */
function pairs(form: FormData): UploadedFile[] {
  const paths = form.getAll('path');
  const files = form.getAll('file');
  if (files.length === 0) throw invalid('Nothing to import: the form has no "file" fields. Choose a .docx or a folder.');
  const blobs: Blob[] = [];
  for (const file of files) {
    if (typeof file === 'string') throw invalid('Every "file" field must be a file, not text.');
    blobs.push(file as unknown as Blob);
  }
  if (paths.length !== files.length) {
    throw invalid(`The form has ${files.length} "file" fields and ${paths.length} "path" fields; send one path before each file.`);
  }
  if (paths.some((path) => typeof path !== 'string')) throw invalid('Every "path" field must be text, not a file.');
  return blobs.map((content, index) => ({ path: paths[index] as string, content }));
}

/** The key two paths collide on: the same name in any letter case or Unicode form. */
function collisionKey(path: string): string {
  return path.normalize('NFC').toLowerCase();
}

/** Refuses two files at one path, and a file where another file's folder must be. */
function checkCollisions(files: readonly UploadedFile[]): void {
  const seen = new Map<string, string>();
  const folders = new Map<string, string>();
  for (const { path } of files) {
    const key = collisionKey(path);
    if (seen.has(key)) throw invalid(`Two files have the path "${path}"${seen.get(key) === path ? '' : ` ("${seen.get(key)}")`}; each path may come once.`);
    seen.set(key, path);
    const parts = key.split('/');
    for (let depth = 1; depth < parts.length; depth += 1) folders.set(parts.slice(0, depth).join('/'), path);
  }
  for (const [key, path] of seen) {
    if (folders.has(key)) throw invalid(`"${path}" is sent as a file, but "${folders.get(key)}" needs it to be a folder.`);
  }
}

/** A `.docx` on its own is a document; anything else is a folder, named by the files' shared top folder. */
function shape(files: UploadedFile[], givenName: string | null): Pick<ImportUpload, 'kind' | 'name' | 'files'> {
  const [first] = files;
  if (files.length === 1 && first && !first.path.includes('/')) {
    if (first.path.toLowerCase().endsWith('.docx')) return { kind: 'docx', name: first.path, files };
    return { kind: 'folder', name: givenName ?? first.path.replace(/\.[^.]*$/, ''), files };
  }
  const tops = new Set(files.map((file) => file.path.split('/')[0]));
  const [top] = tops;
  if (tops.size === 1 && top !== undefined && files.every((file) => file.path.includes('/'))) {
    return { kind: 'folder', name: top, files: files.map((file) => ({ ...file, path: file.path.slice(top.length + 1) })) };
  }
  return { kind: 'folder', name: givenName ?? DEFAULT_FOLDER_NAME, files };
}

/**
 * Reads and checks an upload form before anything is written: the file count, each path (see
 * {@link uploadPathProblem}), collisions, then the total size. Throws the precise error.
 */
export function readImportUpload(form: FormData, limits: ImportUploadLimits, options: { windows?: boolean } = {}): ImportUpload {
  const fileCount = form.getAll('file').length;
  if (fileCount > limits.maxFiles) {
    throw new ControlRoomError('import_upload_too_many_files', `The upload has ${fileCount} files; at most ${limits.maxFiles} can be imported at once.`);
  }
  const files = pairs(form);
  for (const file of files) {
    const problem = uploadPathProblem(file.path, options);
    if (problem !== null) throw new ControlRoomError('import_upload_path_invalid', `Refused the path ${JSON.stringify(file.path.slice(0, 200))}: ${problem}. Nothing was imported.`);
  }
  checkCollisions(files);
  const bytes = files.reduce((sum, file) => sum + file.content.size, 0);
  if (bytes > limits.maxBytes) {
    throw new ControlRoomError('import_upload_too_large', `The upload holds ${bytes} bytes; at most ${limits.maxBytes} can be imported at once.`);
  }
  const nameField = form.get('name');
  const givenName = typeof nameField === 'string' && nameField !== '' ? nameField : null;
  if (givenName !== null && (givenName.includes('/') || uploadPathProblem(givenName, options) !== null)) {
    throw new ControlRoomError('import_upload_path_invalid', `Refused the name ${JSON.stringify(givenName.slice(0, 200))}: it must be one plain file or folder name.`);
  }
  return { ...shape(files, givenName), bytes };
}
