/**
 * The import routes. An upload is a multipart form, so it is sent here rather than through `api`,
 * whose state changes are JSON: a `path` field before each `file`, and the app's own header, which
 * the server asks of every form.
 */
import { APP_REQUEST_HEADER, APP_REQUEST_HEADER_VALUE } from '../../../src/protocol/index.js';
import type { ImportJob } from '../../../src/protocol/imports.js';
import { authorization, errorFrom } from '../api/index.js';

/** One file to send, with its path inside the chosen folder (or its own name for a `.docx`). */
export interface ChosenFile {
  path: string;
  file: Blob;
}

/** The files of a folder picker, each by its path inside the folder (`Vault/Notes/Ilse.md`). */
export function filesOfFolder(files: Iterable<File>): ChosenFile[] {
  return [...files].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
}

/** Sends the files and answers the job the server started. */
export async function startImport(files: readonly ChosenFile[]): Promise<ImportJob> {
  const form = new FormData();
  for (const { path, file } of files) {
    form.append('path', path);
    form.append('file', file, path.split('/').pop() || 'file');
  }
  const response = await fetch('/api/import', {
    method: 'POST',
    headers: { accept: 'application/json', [APP_REQUEST_HEADER]: APP_REQUEST_HEADER_VALUE, ...authorization() },
    body: form,
  });
  if (!response.ok) throw await errorFrom(response);
  return ((await response.json()) as { job: ImportJob }).job;
}

/** One import as it stands, for polling. */
export async function importJob(id: string): Promise<ImportJob> {
  const response = await fetch(`/api/import/${encodeURIComponent(id)}`, { headers: { accept: 'application/json', ...authorization() } });
  if (!response.ok) throw await errorFrom(response);
  return ((await response.json()) as { job: ImportJob }).job;
}

/** The imports this server ran or runs, newest first. */
export async function importJobs(): Promise<ImportJob[]> {
  const response = await fetch('/api/import', { headers: { accept: 'application/json', ...authorization() } });
  if (!response.ok) throw await errorFrom(response);
  return ((await response.json()) as { jobs: ImportJob[] }).jobs;
}
