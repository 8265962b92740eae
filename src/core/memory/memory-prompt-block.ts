import type { BucketContextPackage } from '../../protocol/memory.js';

/**
 * The text a prompt gets from a bucket's context package: the short tier, then the long tier when
 * the package has one. Notes are framed as reminders, not evidence, because a grounded reply must
 * still cite the manuscript through tool runs. Empty when the bucket has no notes.
 */
export function memoryPromptBlock(contextPackage: BucketContextPackage): string {
  if (contextPackage.item_count === 0 || contextPackage.short_context === '') return '';
  const lines = [
    `MEMORY (${contextPackage.item_count} note${contextPackage.item_count === 1 ? '' : 's'} kept for this conversation, most relevant first)`,
    'These notes are reminders, not evidence: check anything you rely on with the tools and cite the manuscript, never the notes.',
    contextPackage.short_context,
  ];
  if (contextPackage.long_context !== null) lines.push('More notes:', contextPackage.long_context);
  return lines.join('\n');
}
