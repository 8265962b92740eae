import type { ConferenceRoundResult } from '../../protocol/conference.js';
import type { TracedRound } from '../../protocol/index.js';

/** A fence longer than any run of backticks in the text, so a raw log never closes it early. */
function fenced(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}

function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

function field(payload: Record<string, unknown>, key: string): string {
  const value = payload[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The model calls of a round as they went over the wire: each request's head and tail, each reply's text. */
function modelCalls(trace: TracedRound | null): string[] {
  if (!trace) return ['_No trace of this round was found._'];
  const lines: string[] = [];
  for (const event of trace.events) {
    const payload = event.payload;
    const who = [field(payload, 'agent_id'), field(payload, 'phase') ? `phase ${field(payload, 'phase')}` : '', field(payload, 'model')].filter(Boolean).join(', ');
    if (event.event_type === 'llm.request') {
      const attempt = payload['resent_after'] ? ` (sent again after ${field(payload, 'resent_after')})` : '';
      const tail = field(payload, 'prompt_tail');
      lines.push(`#### Request ${event.event_seq} — ${who}${attempt}`, '', fenced(`${field(payload, 'prompt_head')}${tail ? `\n…\n${tail}` : ''}`), '');
    } else if (event.event_type === 'llm.response') {
      lines.push(`#### Reply ${event.event_seq} — ${who}, ${field(payload, 'latency_ms')} ms`, '', fenced(field(payload, 'text')), '');
    } else if (event.event_type === 'round.failed') {
      lines.push(`#### Failed — ${field(payload, 'failure_code')}`, '', field(payload, 'failure_reason'), '');
    }
  }
  return lines.length > 0 ? lines : ['_No model was called in this round._'];
}

/**
 * One round of a conference as a section of its Markdown log (the seed's `conference_log.md`): the
 * writer's message, each agent's reply with its status and evidence, refusals and the notice, then
 * the round's model calls raw, from its trace.
 */
export function renderConferenceLogRound(result: ConferenceRoundResult, trace: TracedRound | null, atIso: string): string {
  const lines = [`## Round ${result.round} — ${atIso}`, '', `State: ${result.stateIn} → ${result.stateOut}. Trace round: ${result.traceRoundId}.`, '', quoted(result.message), ''];
  if (result.notice) lines.push(`**${result.notice.kind === 'failure' ? 'Failed' : 'Needs clarifying'}** (${result.notice.code}): ${result.notice.message} ${result.notice.action}`, '');
  if (result.receipts.length > 0) lines.push(`Phase 1: ${result.toolExecutions} tool run(s), receipts ${result.receipts.join(', ')}.`, '');
  for (const rejection of result.rejections) lines.push(`- Refused call: ${rejection.code} — ${rejection.message}`);
  if (result.rejections.length > 0) lines.push('');
  for (const entry of result.entries) {
    lines.push(`### ${entry.agentId} — ${entry.status}${entry.retried ? ' (after one retry)' : ''}`, '');
    if (entry.content) lines.push(entry.content, '');
    for (const issue of entry.issues) lines.push(`- ${issue.code}: ${issue.message}`);
    if (entry.issues.length > 0) lines.push('');
  }
  lines.push('### Model calls', '', ...modelCalls(trace), '');
  return `${lines.join('\n')}\n`;
}
