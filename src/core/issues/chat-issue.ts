import type { NewIssue } from '../../protocol/index.js';

/** One finished 1:1 turn, as much of it as an issue keeps. */
export interface ChatIssueTurn {
  message: string;
  at: string;
  content: string;
  evidence: string | null;
  receipts: readonly string[];
}

export interface ChatIssueInput {
  sessionId: string;
  agentName: string;
  turns: readonly ChatIssueTurn[];
  /** The writer's own title; default: the agent and the first message. */
  title?: string;
}

function clip(text: string, max: number): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > max ? `${single.slice(0, max - 1)}…` : single;
}

/**
 * A 1:1 conversation as an issue ("create issue from chat"): the transcript as Markdown, every
 * receipt its turns cite linked (the caller copies them into the issue's audit folder), tagged
 * `chat` and kept with its session.
 */
export function chatIssue(input: ChatIssueInput): NewIssue {
  const receiptIds = [...new Set(input.turns.flatMap((turn) => turn.receipts))];
  const first = input.turns[0]?.message ?? '';
  const lines = [`A 1:1 conversation with ${input.agentName} (session ${input.sessionId}), ${input.turns.length} turn(s).`, ''];
  input.turns.forEach((turn, index) => {
    lines.push(`### Turn ${index + 1} — ${turn.at}`, '', ...turn.message.split('\n').map((line) => `> ${line}`), '', turn.content, '');
    if (turn.evidence) lines.push(turn.evidence, '');
    if (turn.receipts.length > 0) lines.push(`Receipts: ${turn.receipts.join(', ')}`, '');
  });
  return {
    title: clip(input.title ?? `Chat with ${input.agentName}: ${first}`, 200) || `Chat with ${input.agentName}`,
    body: lines.join('\n').trimEnd(),
    tags: ['chat'],
    receiptIds,
    sessionId: input.sessionId,
  };
}
