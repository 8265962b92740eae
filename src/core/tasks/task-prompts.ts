import { EMIT_BATCH_TOOL, EMIT_PLAN_TOOL, TASK_OPERATIONS, type Plan, type TaskOperation } from '../../protocol/tasks.js';
import { commandLevel } from '../auth/index.js';
import type { ChatMessage } from '../../protocol/index.js';

/** What each operation's params are, for the prompts (the schemas in protocol/tasks.ts are the contract). */
const OPERATION_PARAMS: Readonly<Record<TaskOperation, string>> = {
  'file.write': '{"path","content"} — create or replace a whole file under Story/ or Compendium/',
  'file.patch': '{"path","find","replace"} — replace exact text that occurs exactly once in the file',
  'file.delete': '{"path"} — remove a file',
  'issue.create': '{"title","body","tags"?,"priority"?} — file a note; priority is low|normal|high|urgent',
  'issue.close': '{"id"} — close an issue by its id (e.g. ISS-3)',
  'canon.rebuild': '{"mode"?} — rebuild the canon index from the Compendium; mode is deterministic (default), auto or model',
};

const CONFIRMATIONS = ['', 'runs at once', 'runs at once, can be undone', 'needs one confirmation from the writer', 'needs two confirmations from the writer'];

/** The operation list both prompts share. */
export function operationGuide(): string {
  const lines = TASK_OPERATIONS.map((op) => `- ${op} ${OPERATION_PARAMS[op]} (level ${commandLevel(op)}: ${CONFIRMATIONS[commandLevel(op)]})`);
  return [
    'Operations: each is {"op":"<op>","params":{…},"id"?:"<your label>","idempotencyKey"?:"<stable key>"}; unknown keys are refused.',
    ...lines,
    'Paths are relative to the workspace, e.g. Story/Scenes/SCN-01-the-lamp-room.md; nothing outside Story/ and Compendium/ can be changed.',
  ].join('\n');
}

/** Most files listed in a prompt; a bigger manuscript is summarised by the count. */
const MAX_LISTED_FILES = 300;

function fileList(files: readonly string[]): string {
  const shown = files.slice(0, MAX_LISTED_FILES).map((file) => `- ${file}`);
  if (files.length > MAX_LISTED_FILES) shown.push(`- … and ${files.length - MAX_LISTED_FILES} more`);
  return shown.join('\n') || '(no files yet)';
}

/** The planner's messages: the contract, the operations, the manuscript's files and the goal. */
export function plannerMessages(goal: string, files: readonly string[]): ChatMessage[] {
  const system = [
    "You are the planner of a writers' room that makes changes to a manuscript. Turn the writer's goal into a plan.",
    `Call ${EMIT_PLAN_TOOL} once with one JSON object; if you cannot call tools, reply with that JSON object alone (no prose, no code fence):`,
    '{"summary":"<what will change and why>","risks":["<what could go wrong>"],"actor_hints":["<guidance for the actor>"],"batch":[<draft operations, may be empty>]}',
    '',
    operationGuide(),
    '',
    'Manuscript files:',
    fileList(files),
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Goal: ${goal}` },
  ];
}

/** Excerpts of files the actor should see verbatim (so a patch's `find` can be copied exactly). */
export interface FileExcerpt {
  path: string;
  content: string;
  truncated: boolean;
}

/** The actor's messages: the contract, the plan, the files it names, and the goal. */
export function actorMessages(goal: string, plan: Plan, files: readonly string[], excerpts: readonly FileExcerpt[]): ChatMessage[] {
  const system = [
    "You are the actor of a writers' room that makes changes to a manuscript. Turn the plan into the exact operations to run.",
    `Call ${EMIT_BATCH_TOOL} once with {"batch":[…]}; if you cannot call tools, reply with that JSON object alone (no prose, no code fence).`,
    'Every operation is validated before anything runs: one invalid operation refuses the whole batch.',
    'For file.patch, copy "find" exactly from the file as shown below; it must occur exactly once. Give each operation a stable idempotencyKey so a re-sent batch is not applied twice.',
    '',
    operationGuide(),
    '',
    'Manuscript files:',
    fileList(files),
  ].join('\n');
  const shown = excerpts.map((excerpt) => `--- ${excerpt.path}${excerpt.truncated ? ' (truncated)' : ''} ---\n${excerpt.content}`);
  const user = [`Goal: ${goal}`, '', 'Plan:', JSON.stringify(plan), ...(shown.length > 0 ? ['', 'Files the plan names:', ...shown] : [])].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** Files of the manuscript that a plan names, in its draft batch or in its words. */
export function filesNamedIn(plan: Plan, files: readonly string[]): string[] {
  const named = new Set<string>();
  for (const envelope of plan.batch) {
    if ('path' in envelope.params && files.includes(envelope.params.path)) named.add(envelope.params.path);
  }
  const words = [plan.summary, ...(plan.actor_hints ?? []), ...(plan.risks ?? [])].join('\n');
  for (const file of files) if (words.includes(file)) named.add(file);
  return [...named];
}
