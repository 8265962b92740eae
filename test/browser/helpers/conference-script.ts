/**
 * The scripted model of one whole conference, as a loopback model server replays it. Every reply
 * is chosen from the request itself (which phase, which agent, which round, first try or the
 * corrective retry), so the script does not depend on the order in which the server asks.
 *
 * Round 1 ("Does the Drowned Bell hold together?"):
 *   phase 1  the Chief reads the scene with a strict envelope call (nonce from the prompt), then `final`;
 *   phase 2  the Chief answers quoting the scene exactly and citing the receipt (accepted);
 *            the Editor quotes a line the scene does not have, twice (rejected after the retry);
 *            the Line Editor answers ABSTAIN.
 * Round 2 ("Where does the scene sit in the outline?"):
 *   phase 1  the Chief reads the outline, then the scene (a receipt vouches only for what it read,
 *            and the Line Editor quotes the scene); phase 2: the Chief answers from the outline, the Editor
 *            abstains, the Line Editor quotes the scene.
 */
import type { LoopbackRequestBody, LoopbackReply, LoopbackStep } from '../../../src/adapters/loopback-model-server/index.js';
import { decide, envelopeCall } from '../../e2e/helpers/scripted-turns.js';

export const SCENE_PATH = 'Story/Scenes/SCN-03-the-drowned-bell.md';
export const OUTLINE_PATH = 'Story/SCN-outline.md';
export const ROUND_ONE_MESSAGE = 'Does the Drowned Bell scene hold together? Look at where Callum sits.';
export const ROUND_TWO_MESSAGE = 'Where does the Drowned Bell sit in the outline?';
/** An exact line of the sample scene (the accepted citation must open it highlighted). */
export const SCENE_QUOTE = 'He sat where he always sat, at the end of the bar under the photograph of the Providence';
/** Words the scene does not contain. */
export const FABRICATED_QUOTE = 'Callum wept openly at the bar while the bell rang';
export const OUTLINE_QUOTE = 'Scene 3: The Drowned Bell';
export const LINE_EDITOR_QUOTE = 'Morag Lusk served the way she did';

type Text = (body: LoopbackRequestBody) => string;

const text = (content: unknown): string => (typeof content === 'string' ? content : JSON.stringify(content ?? ''));
const messagesOf = (body: LoopbackRequestBody) => body.messages ?? [];

/** The receipt ids the phase-2 prompt shows (`Result 1 (receipt rcpt_…)`). */
export function receiptsInPrompt(body: LoopbackRequestBody): string[] {
  const all = messagesOf(body).map((message) => text(message.content)).join('\n');
  return [...new Set(all.match(/rcpt_[A-Za-z0-9_-]{10,}/g) ?? [])];
}

function roundOf(body: LoopbackRequestBody): 1 | 2 {
  return messagesOf(body).some((message) => text(message.content).includes(ROUND_TWO_MESSAGE)) ? 2 : 1;
}

/** Which phase-2 agent is asked: the system prompt opens "You are <Name>, the <Role> …". */
function agentOf(body: LoopbackRequestBody): string {
  const system = text(messagesOf(body).find((message) => message.role === 'system')?.content);
  return /^You are ([^,]+),/.exec(system)?.[1] ?? 'unknown';
}

const isPhaseOne = (body: LoopbackRequestBody): boolean =>
  messagesOf(body).some((message) => message.role === 'system' && text(message.content).includes('TOOL_NONCE:'));
const toolResults = (body: LoopbackRequestBody): number => messagesOf(body).filter((message) => message.role === 'tool').length;
const cite = (reply: string, evidence: (receipts: string) => string): Text => (body) => `${reply}\n\n${evidence(receiptsInPrompt(body).join(', '))}`;

/** Phase-2 replies by round and agent name; a corrective retry gets the same reply again. */
const PHASE_TWO: Record<1 | 2, Record<string, Text>> = {
  1: {
    'Chief of Staff': cite(
      'The scene holds: Callum keeps to his usual place at the bar, which sets up how little he says to his mother.',
      (receipts) => `Evidence: content | ${SCENE_PATH} | "${SCENE_QUOTE}" | receipt ${receipts}`,
    ),
    Editor: cite(
      'Callum breaks down in the pub, which the scene has not earned yet.',
      (receipts) => `Evidence: content | ${SCENE_PATH} | "${FABRICATED_QUOTE}" | receipt ${receipts}`,
    ),
    'Line Editor': () => 'ABSTAIN',
  },
  2: {
    'Chief of Staff': cite(
      'The Drowned Bell is the third scene of Act 1, told from Callum’s side.',
      (receipts) => `Evidence: content | ${OUTLINE_PATH} | "${OUTLINE_QUOTE}" | receipt ${receipts}`,
    ),
    Editor: () => 'ABSTAIN',
    'Line Editor': cite(
      'The sentence about Morag serving "without looking" does a lot with very little; keep it.',
      (receipts) => `Evidence: content | ${SCENE_PATH} | "${LINE_EDITOR_QUOTE}" | receipt ${receipts}`,
    ),
  },
};

/** A scripted step's reply to this request (steps are replies or functions of the request). */
const play = (step: LoopbackStep, body: LoopbackRequestBody): LoopbackReply | Promise<LoopbackReply> => (typeof step === 'function' ? step(body) : step);

/**
 * One reply of the whole conference, chosen from the request. The Line Editor's round-1 answer
 * waits for `hold`, so a test can look at the chat while the round is still streaming.
 */
function conferenceReply(hold: Promise<void>): LoopbackStep {
  return async (body) => {
    const round = roundOf(body);
    if (isPhaseOne(body)) {
      const done = toolResults(body);
      if (done === 0) return play(envelopeCall('file_reader', { path: round === 1 ? SCENE_PATH : OUTLINE_PATH }), body);
      if (round === 2 && done === 1) return play(decide({ action: 'tool', tool: 'file_reader', args: { path: SCENE_PATH } }), body);
      return play(decide({ action: 'final' }), body);
    }
    const agent = agentOf(body);
    if (round === 1 && agent === 'Line Editor') await hold;
    const reply = PHASE_TWO[round][agent];
    return { content: reply ? reply(body) : 'ABSTAIN' };
  };
}

/** Enough steps for the two rounds with room to spare (each step decides from the request). */
export function conferenceScript(hold: Promise<void> = Promise.resolve()): LoopbackStep[] {
  return Array.from({ length: 40 }, () => conferenceReply(hold));
}
