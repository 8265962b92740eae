import type { Agent, ConferenceEntry } from '../../protocol/index.js';

function nameOf(agents: ReadonlyMap<string, Agent>, agentId: string): string {
  return agents.get(agentId)?.name ?? agentId;
}

function statusLabel(entry: ConferenceEntry): string {
  if (entry.status !== 'rejected') return entry.status;
  const codes = [...new Set(entry.issues.map((issue) => issue.code))];
  return codes.length > 0 ? `rejected: ${codes.join(', ')}` : 'rejected';
}

const WRITER_PREFIX = '**Writer:** ';
const HEADLINE_MAX_CHARS = 160;

/**
 * What an archived round was about, for a readable title: the writer's message as the transcript
 * opens with it (its first line, shortened), or null when the body is not a round transcript.
 */
export function roundQuestion(body: string): string | null {
  const first = body.split('\n', 1)[0] ?? '';
  if (!first.startsWith(WRITER_PREFIX)) return null;
  const question = first.slice(WRITER_PREFIX.length).replace(/\s+/g, ' ').trim();
  if (question === '') return null;
  return question.length > HEADLINE_MAX_CHARS ? `${question.slice(0, HEADLINE_MAX_CHARS - 1).trimEnd()}…` : question;
}

/**
 * The issue body a round is archived as: the writer's message, every entry that was not an
 * abstention with its status, then who abstained and which receipts back the round.
 */
export function roundTranscript(input: { message: string; entries: readonly ConferenceEntry[]; agents: readonly Agent[]; receipts: readonly string[] }): string {
  const agents = new Map(input.agents.map((agent) => [agent.id, agent]));
  const lines = [`${WRITER_PREFIX}${input.message}`, ''];
  for (const entry of input.entries) {
    if (entry.status === 'abstained') continue;
    lines.push(`**${nameOf(agents, entry.agentId)}** (${statusLabel(entry)})`);
    if (entry.content !== null) lines.push(entry.content);
    lines.push('');
  }
  const abstained = input.entries.filter((entry) => entry.status === 'abstained').map((entry) => nameOf(agents, entry.agentId));
  lines.push(`Abstained: ${abstained.length > 0 ? abstained.join(', ') : 'none'}`);
  lines.push(`Receipts: ${input.receipts.length > 0 ? input.receipts.join(', ') : 'none'}`);
  return lines.join('\n');
}
