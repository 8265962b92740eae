/**
 * Records every module a Node process resolves, one URL a line, in the file named by
 * MODULE_LOAD_RECORD. Loaded with `node --import` (here through NODE_OPTIONS), it registers itself
 * as the process's resolve hook; the hook runs on the loader's own thread and appends as it goes,
 * so the record is complete however the process ends.
 */
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

let record = '';

/** Receives the record file from the registering thread. */
export function initialize(data) {
  record = data.record;
}

/** Resolves as Node would, then notes the URL. */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (record !== '') appendFileSync(record, `${resolved.url}\n`);
  return resolved;
}

if (isMainThread && process.env.MODULE_LOAD_RECORD) {
  register(import.meta.url, { data: { record: process.env.MODULE_LOAD_RECORD } });
}
