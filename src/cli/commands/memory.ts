import type { Command } from 'commander';
import { ControlRoomError } from '../../protocol/index.js';
import type { BucketContextPackage, BucketMemoryItem } from '../../protocol/memory.js';
import { requireWorkspaceRoot } from '../../adapters/fs-workspace/index.js';
import { openBucketMemory } from '../../adapters/sqlite-memory-store/index.js';
import { clip, oneLine, type BucketMemory } from '../../core/memory/index.js';
import { emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

/** The bucket the CLI uses when none is named. */
export const DEFAULT_CLI_BUCKET = 'bucket:default';

interface BucketOptions extends CommonOptions {
  bucket?: string;
  session?: string;
}

/** `--bucket` as given, else `bucket:<session>`, else the CLI's default bucket. */
function bucketOf(options: BucketOptions): string {
  return options.bucket ?? (options.session ? `bucket:${options.session}` : DEFAULT_CLI_BUCKET);
}

/** Repeatable options collect into a list. */
function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function positiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new ControlRoomError('usage_error', `${flag} takes a whole number, not ${JSON.stringify(value)}.`);
  return Number(value);
}

/** Opens the workspace's memory for one command and closes it after, refusing folders that are not workspaces. */
async function withMemory<T>(options: CommonOptions, work: (memory: BucketMemory) => Promise<T>): Promise<T> {
  const memory = await openBucketMemory(await requireWorkspaceRoot(workspaceDir(options)));
  try {
    return await work(memory);
  } finally {
    await memory.close();
  }
}

function itemLine(item: BucketMemoryItem): string {
  return `${item.pinned ? '*' : ' '} ${item.score.toFixed(2).padStart(6)}  ${item.item_id}  ${clip(oneLine(item.content), 90)}`;
}

/** The human form of a context package: register, tiers, then the ranked notes. */
export function renderContextPackage(contextPackage: BucketContextPackage): string {
  const lines = [`${contextPackage.bucket_id}: ${contextPackage.register_summary}`];
  if (contextPackage.short_context !== '') lines.push('', 'Short context:', contextPackage.short_context);
  if (contextPackage.long_context !== null) lines.push('', 'Long context:', contextPackage.long_context);
  if (contextPackage.items.length > 0) lines.push('', 'Notes (pinned, then score, then recency):', ...contextPackage.items.map(itemLine));
  return lines.join('\n');
}

/** `control-room memory add|pin|search|dump|buckets` — the bucket memory behind chat turns. */
export function registerMemory(program: Command, io: CliIo): void {
  const memory = program.command('memory').description('notes the room keeps per conversation bucket: add, pin, search, dump');
  memory
    .command('add')
    .description('remember a note in a bucket (secrets are replaced by secret_ref tokens before storing)')
    .argument('<text>', 'the note')
    .option('--bucket <id>', `bucket id (default: bucket:<session>, else ${DEFAULT_CLI_BUCKET})`)
    .option('--session <id>', 'the conversation whose bucket to use')
    .option('--pin', 'pin the note so it always leads the context')
    .option('--ref <path>', 'a VFS path the note refers to (repeatable); replies citing it raise the note', collect)
    .option('--receipt <id>', 'a receipt id the note rests on (repeatable)', collect)
    .option('--excerpt <text>', 'a short quote to keep with the note (repeatable)', collect)
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (text: string, options: BucketOptions & { pin?: boolean; ref?: string[]; receipt?: string[]; excerpt?: string[] }) => {
      const item = await withMemory(options, (store) =>
        store.add({
          bucket_id: bucketOf(options),
          content: text,
          pinned: options.pin ?? false,
          refs: { paths: options.ref ?? [], receipt_ids: options.receipt ?? [], excerpts: options.excerpt ?? [] },
        }),
      );
      emit(io, options, item, () => `remembered ${item.item_id} in ${item.bucket_id}${item.pinned ? ' (pinned)' : ''}`);
    });
  memory
    .command('pin')
    .description('pin a note (or unpin it with --off)')
    .argument('<itemId>', 'the note id, as shown by dump or search')
    .option('--off', 'unpin instead')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (itemId: string, options: CommonOptions & { off?: boolean }) => {
      const item = await withMemory(options, (store) => store.pin(itemId, !options.off));
      emit(io, options, item, () => `${item.pinned ? 'pinned' : 'unpinned'} ${item.item_id} in ${item.bucket_id}`);
    });
  memory
    .command('search')
    .description('find notes by their words, best match first')
    .argument('<query>', 'words to look for')
    .option('--bucket <id>', 'only this bucket (default: every bucket)')
    .option('--limit <n>', 'at most this many notes (default 20)')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (query: string, options: CommonOptions & { bucket?: string; limit?: string }) => {
      const limit = positiveInteger(options.limit, '--limit');
      const hits = await withMemory(options, (store) => store.search(query, { ...(options.bucket ? { bucketId: options.bucket } : {}), ...(limit ? { limit } : {}) }));
      emit(io, options, { hits }, () => (hits.length === 0 ? 'no notes match' : hits.map((hit) => `${itemLine(hit.item)}  [${hit.item.bucket_id}; ${hit.matched_terms.join(', ')}]`).join('\n')));
    });
  memory
    .command('dump')
    .description("print a bucket's context package: register line, short and long context, ranked notes")
    .option('--bucket <id>', `bucket id (default: bucket:<session>, else ${DEFAULT_CLI_BUCKET})`)
    .option('--session <id>', 'the conversation whose bucket to dump')
    .option('--budget <chars>', 'characters for short + long context (no budget, no long context)')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: BucketOptions & { budget?: string }) => {
      const budget = positiveInteger(options.budget, '--budget');
      const contextPackage = await withMemory(options, (store) => store.contextPackage(bucketOf(options), { budgetChars: budget ?? null }));
      emit(io, options, contextPackage, () => renderContextPackage(contextPackage));
    });
  memory
    .command('buckets')
    .description('list the buckets that hold notes, with their register lines')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions) => {
      const buckets = await withMemory(options, (store) => store.buckets());
      emit(io, options, { buckets }, () =>
        buckets.length === 0 ? 'no notes yet' : buckets.map((bucket) => `${bucket.bucket_id}  (${bucket.item_count})  ${bucket.register_summary}`).join('\n'),
      );
    });
}
