/**
 * One loopback model for the screens test, replying by what each request is: the planner and the
 * actor of a task (by the goal), the tool phase of a chat turn or conference round (a read, then
 * `final`; a message containing HOLD waits until the test releases it), and answers in Markdown that
 * cite the receipts they were shown.
 */
import type { LoopbackRequestBody, LoopbackReply, LoopbackStep } from '../../../src/adapters/loopback-model-server/index.js';
import { decide, envelopeCall, receiptIdsIn } from '../../e2e/helpers/scripted-turns.js';

export const CARD_PATH = 'Compendium/Characters/CHAR-hester-vane.md';
export const CARD_QUOTE = 'eyes: grey';
export const PATCHED_SCENE = 'Story/Scenes/SCN-02-harbour-house.md';
export const DOOMED_SCENE = 'Story/Scenes/SCN-08-letters.md';
export const SPARED_SCENE = 'Story/Scenes/SCN-07-statements.md';
export const GOALS = {
  patch: 'Make the harbour house mist thicker',
  delete: 'Cut the Letters scene',
  refuse: 'Cut the Statements scene',
} as const;
/** A message whose model calls wait for the test (to see Stop work). */
export const HOLD = 'HOLD';

const text = (content: unknown): string => (typeof content === 'string' ? content : JSON.stringify(content ?? ''));
const all = (body: LoopbackRequestBody): string => (body.messages ?? []).map((message) => text(message.content)).join('\n');
const system = (body: LoopbackRequestBody): string => text(body.messages?.find((message) => message.role === 'system')?.content);

/** The replies of the three tasks: a patch (level 2), and two deletions (level 4). */
function taskReply(body: LoopbackRequestBody, patch: { find: string; replace: string }): LoopbackReply | null {
  const prompt = system(body);
  const role = prompt.startsWith('You are the planner') ? 'planner' : prompt.startsWith('You are the actor') ? 'actor' : null;
  if (!role) return null;
  const messages = all(body);
  const goal = Object.values(GOALS).find((candidate) => messages.includes(candidate));
  if (!goal) return null;
  const native = Array.isArray((body as { tools?: unknown[] }).tools) && ((body as { tools?: unknown[] }).tools ?? []).length > 0;
  if (role === 'planner') {
    const plan = { summary: goal === GOALS.patch ? 'Thicken the mist in the harbour house scene' : `Remove ${goal === GOALS.delete ? DOOMED_SCENE : SPARED_SCENE}`, risks: goal === GOALS.patch ? [] : ['a scene is removed'], batch: [] };
    return native ? { toolCalls: [{ name: 'emit_plan', arguments: plan }] } : { content: JSON.stringify(plan) };
  }
  const batch =
    goal === GOALS.patch
      ? [{ op: 'file.patch', params: { path: PATCHED_SCENE, find: patch.find, replace: patch.replace } }]
      : [{ op: 'file.delete', params: { path: goal === GOALS.delete ? DOOMED_SCENE : SPARED_SCENE } }];
  return native ? { toolCalls: [{ name: 'emit_batch', arguments: { batch } }] } : { content: JSON.stringify({ batch }) };
}

const play = (step: LoopbackStep, body: LoopbackRequestBody): LoopbackReply | Promise<LoopbackReply> => (typeof step === 'function' ? step(body) : step);

/** The whole script: every request is answered from what it is, so the order of screens does not matter. */
export function screensScript(patch: { find: string; replace: string }, hold: () => Promise<void>): LoopbackStep[] {
  const reply: LoopbackStep = async (body) => {
    const task = taskReply(body, patch);
    if (task) return task;
    const messages = all(body);
    if (messages.includes(HOLD)) {
      await hold();
      return { content: 'ABSTAIN' };
    }
    if (system(body).includes('TOOL_NONCE:')) {
      const results = (body.messages ?? []).filter((message) => message.role === 'tool').length;
      return play(results === 0 ? envelopeCall('file_reader', { path: CARD_PATH }) : decide({ action: 'final' }), body);
    }
    const receipts = receiptIdsIn(body).join(', ') || (/rcpt_[A-Za-z0-9_-]{10,}/.exec(messages)?.[0] ?? '');
    return {
      content: `Hester’s eyes are **grey**, as her card says:\n\n- colour: grey\n- <b>not</b> green\n\nEvidence: content | ${CARD_PATH} | "${CARD_QUOTE}" | receipt ${receipts}`,
    };
  };
  return Array.from({ length: 200 }, () => reply);
}
