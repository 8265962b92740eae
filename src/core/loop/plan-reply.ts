import { sanitizeReply } from './sanitize-reply.js';

/** The route a chat turn took: a direct answer, clarifying questions, or a plan acted on and concluded. */
export type TurnPhase = 'answer' | 'clarify' | 'plan';

const EVIDENCE_LINE = /^\s*Evidence:/iu;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/**
 * A step as the writer sees it in a plan: their own words, with quote marks dropped (a plan quotes
 * nothing from the manuscript) and any tool id the writer typed replaced by plain words.
 */
function planStep(step: string, toolIds: readonly string[]): string {
  let text = sanitizeReply(step).replace(/["“”«»]/gu, '');
  for (const id of toolIds) {
    const loose = id.split(/[_\-\s]+/u).map(escapeRegExp).join('[_\\-\\s]?');
    text = text.replace(new RegExp(`\\b${loose}\\b`, 'giu'), 'a look-up');
  }
  return text.replace(/\s+/gu, ' ').trim();
}

/** The short plan a multi-step turn's reply opens with. */
export function planText(steps: readonly string[], toolIds: readonly string[]): string {
  return ["Here's my plan:", ...steps.map((step, index) => `${index + 1}. ${planStep(step, toolIds)}`)].join('\n');
}

/** The reply of an ask with nothing named to act on: its clarifying questions, nothing else. */
export function clarifyText(questions: readonly string[]): string {
  return ['Before I start, I need a little more to go on.', ...questions].join('\n');
}

/** The offer of next steps a concluded plan ends with (before its evidence line). */
export function nextStepsText(steps: readonly string[]): string {
  const more = steps.length > 1 ? 'any of these steps' : 'this';
  return `Next steps: I can look more closely at ${more}, check the same points in another chapter, or go through the issues found one by one — tell me which.`;
}

/**
 * A concluded plan: the plan, then the grounded findings, then the offer of next steps, with the
 * evidence line kept last (the evidence check reads the last line).
 */
export function concludeReply(plan: string, findings: string, steps: readonly string[]): string {
  const lines = findings.trimEnd().split('\n');
  const last = lines[lines.length - 1] ?? '';
  const evidence = EVIDENCE_LINE.test(last) ? last : null;
  const body = (evidence ? lines.slice(0, -1) : lines).join('\n').trim();
  return [plan, '', ...(body ? [body, ''] : []), nextStepsText(steps), ...(evidence ? [evidence] : [])].join('\n');
}
