import type { Workspace } from '../../core/ports/index.js';
import type { RetrievedData } from './retrieved-data.js';
import { asksForACheck, questionCall, questionTerms } from './question-lookup.js';
import { namedScenes, sceneFiles } from './scene-choice.js';

/** True when the demo answers by looking the question's names and words up (not by running the checkers). */
export function answersByLookup(message: string): boolean {
  const terms = questionTerms(message);
  return !asksForACheck(message) && terms.names.length + terms.words.length > 0;
}

import type { PlannedCall } from './planned-call.js';

export type { PlannedCall } from './planned-call.js';

/** consistency_checker takes at most this many files per call. */
const FILES_PER_CHECK = 10;

/**
 * The demo's next lookup, or null when it has what it needs (the `final` decision). Scenes the
 * writer names are checked for consistency, against the canon and against their outline entry;
 * without a named scene every scene is checked, then the canon check goes to the worst one.
 */
export async function nextToolCall(
  message: string,
  data: RetrievedData,
  callsMade: number,
  workspace: Workspace,
  toolMessages: readonly string[] = [],
  preferred: readonly string[] = [],
): Promise<PlannedCall | null> {
  // A question about something in the book is looked up; a request to check the book is checked.
  if (answersByLookup(message)) return questionCall(message, toolMessages, callsMade, preferred);
  const scenes = await sceneFiles(workspace).catch(() => [] as string[]);
  if (scenes.length === 0) {
    return callsMade === 0 ? { tool: 'file_locator', args: { search_criteria: 'Story', scan_mode: 'FAST_SCAN', max_results: 20 } } : null;
  }
  const named = namedScenes(message, scenes).slice(0, 2);
  if (named.length > 0) {
    const plan: PlannedCall[] = [
      { tool: 'consistency_checker', args: { file_paths: named, focus: 'general' } },
      ...named.flatMap((scene) => [
        { tool: 'canon_checker', args: { scene_path: scene } },
        { tool: 'scene_draft_validator', args: { scene_path: scene } },
      ]),
    ];
    return plan[callsMade] ?? null;
  }
  const batches: PlannedCall[] = [];
  for (let start = 0; start < scenes.length && batches.length < 2; start += FILES_PER_CHECK) {
    batches.push({ tool: 'consistency_checker', args: { file_paths: scenes.slice(start, start + FILES_PER_CHECK), focus: 'general' } });
  }
  if (callsMade < batches.length) return batches[callsMade]!;
  if (callsMade > batches.length) return null;
  // After the sweep, the canon check goes where the sweep found the worst problem.
  const flagged = data.findings.find((finding) => finding.severity === 'error' && scenes.includes(finding.path)) ?? data.findings.find((finding) => scenes.includes(finding.path));
  return { tool: 'canon_checker', args: { scene_path: flagged?.path ?? scenes[0]! } };
}
