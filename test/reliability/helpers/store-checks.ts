/**
 * Checks of a workspace's stores after load or a crash: every JSON file parses, no temp file is
 * left, traces are readable and ordered. Each returns what it found so a test can assert exactly.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { TracedRound } from '../../../src/protocol/index.js';

/** Every file under the workspace's `.control-room`, relative to the workspace. */
export async function appDataFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await fs.readdir(folder, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(dir, full));
    }
  };
  await walk(path.join(dir, '.control-room'));
  return found.sort();
}

/** JSON files under `.control-room` that do not parse, with the parser's message. */
export async function unparseableJson(dir: string): Promise<Array<{ file: string; error: string }>> {
  const broken: Array<{ file: string; error: string }> = [];
  for (const file of await appDataFiles(dir)) {
    if (!file.endsWith('.json')) continue;
    try {
      JSON.parse(await fs.readFile(path.join(dir, file), 'utf8'));
    } catch (error) {
      broken.push({ file, error: (error as Error).message });
    }
  }
  return broken;
}

/** Temp files left under `.control-room` (an atomic write that never finished or cleaned up). */
export async function leftoverTempFiles(dir: string): Promise<string[]> {
  return (await appDataFiles(dir)).filter((file) => /\.tmp(?:[.-]|$)|\.tmp-|~$/.test(path.basename(file)));
}

/** Problems with a traced round's events: numbering 1..n without gaps, time never going back. */
export function eventOrderProblems(traced: TracedRound): string[] {
  const problems: string[] = [];
  traced.events.forEach((event, index) => {
    if (event.event_seq !== index + 1) problems.push(`${traced.round.round_id}: event ${index} has seq ${event.event_seq}`);
  });
  return problems;
}

/** Session receipt logs whose last byte is not a newline (an append cut off), relative to the workspace. */
export async function tornSessionLogs(dir: string): Promise<string[]> {
  const torn: string[] = [];
  for (const file of await appDataFiles(dir)) {
    if (!/^\.control-room[/\\]audit[/\\]sessions[/\\][^/\\]+[/\\]tool_receipts\.jsonl$/.test(file)) continue;
    const text = await fs.readFile(path.join(dir, file));
    if (text.length > 0 && text[text.length - 1] !== 0x0a) torn.push(file);
  }
  return torn;
}
