import { ABSTAIN_KEYWORD, type ChatMessage } from '../../protocol/index.js';
import type { Workspace } from '../../core/ports/index.js';
import { findToolNonce } from '../scripted-model/index.js';
import { chatAnswer, conferenceReply, deskOf } from './desk-replies.js';
import { readRetrievedData } from './retrieved-data.js';
import { extractiveAnswer } from './extractive-answer.js';
import { deskSources } from './question-lookup.js';
import { answersByLookup, nextToolCall } from './tool-plan.js';

/** The opening words of a conference's phase-2 framing (SPEC §8). */
const PHASE_TWO_MARK = 'The following data was retrieved for this discussion';

/** Said when there is no lookup to answer from (a raw call with tools skipped). */
export const DEMO_PLAIN_REPLY =
  'This is the offline demo model: it answers only from lookups in the manuscript. Ask about a scene with lookups on, or connect a model server in Settings.';

function toolResults(messages: readonly ChatMessage[]): string[] {
  return messages.filter((message) => message.role === 'tool').map((message) => message.content);
}

/** The strict envelope of a tool phase: a call, a further call, or `final` (SPEC §4). */
async function toolPhaseReply(messages: readonly ChatMessage[], nonce: string, workspace: Workspace): Promise<string> {
  const writerMessage = messages.find((message) => message.role === 'user')?.content ?? '';
  const results = toolResults(messages);
  const call = await nextToolCall(writerMessage, readRetrievedData(results), results.length, workspace, results, deskSources(deskOf(roleIn(messages))));
  if (results.length === 0) {
    return call ? JSON.stringify({ tool: call.tool, args: call.args, nonce }) : 'There is no manuscript to look at in this workspace yet.';
  }
  return JSON.stringify(call ? { action: 'tool', tool: call.tool, args: call.args, nonce } : { action: 'final', nonce });
}

/** The agent's role as a 1:1 prompt states it ("You are Continuity, the Continuity Editor of a writers' room"). */
function roleIn(messages: readonly ChatMessage[]): string {
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  return /You are .+?, the (.+?) of a writers' room/.exec(system)?.[1] ?? '';
}

/** The writer's message inside a phase-2 prompt (after the framing and the data), or the whole prompt. */
function writerQuestion(prompt: string): string {
  const marked = /(?:^|\n)The writer's message:\s*([\s\S]+)$/i.exec(prompt);
  return (marked?.[1] ?? prompt).trim();
}

/**
 * What the demo model says to a prompt, decided from the prompt alone, the way a model would:
 * in a tool phase (a `TOOL_NONCE:` line) it makes real strict calls with that nonce; in a
 * conference's phase 2 it answers from its role with quotes read back from the files, or abstains;
 * after a 1:1 tool phase it answers the writer with one evidence line.
 */
export async function demoReply(messages: readonly ChatMessage[], workspace: Workspace): Promise<string> {
  const nonce = findToolNonce(messages);
  if (nonce !== undefined) return toolPhaseReply(messages, nonce, workspace);
  const phaseTwo = messages.find((message) => message.role === 'user' && message.content.includes(PHASE_TWO_MARK));
  if (phaseTwo) {
    // A corrective retry means a reply could not be verified: abstaining is the honest answer.
    if (messages.some((message) => message.role === 'assistant')) return ABSTAIN_KEYWORD;
    const role = /You are (.+?)\. If this is relevant/.exec(phaseTwo.content)?.[1] ?? '';
    const question = writerQuestion(phaseTwo.content);
    if (answersByLookup(question)) {
      // A looked-up answer is the Chief's to give; the other desks have nothing of their own to add.
      if (deskOf(role) !== 'chief') return ABSTAIN_KEYWORD;
      return (await extractiveAnswer(question, [phaseTwo.content], workspace)) ?? ABSTAIN_KEYWORD;
    }
    return conferenceReply(deskOf(role), readRetrievedData([phaseTwo.content]), workspace);
  }
  const results = toolResults(messages);
  if (results.length === 0) return DEMO_PLAIN_REPLY;
  const role = roleIn(messages);
  const lastUser = [...messages].reverse().find((message) => message.role === 'user')?.content ?? '';
  const question = messages.find((message) => message.role === 'user')?.content ?? '';
  if (answersByLookup(question)) {
    const answer = await extractiveAnswer(question, results, workspace, deskSources(deskOf(role)));
    if (answer) return answer;
  }
  return chatAnswer(deskOf(role), readRetrievedData([...results, lastUser]), workspace);
}
