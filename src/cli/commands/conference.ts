import type { Command } from 'commander';
import type { ConferenceRoundResult } from '../../protocol/index.js';
import type { ConferenceRoundEvent } from '../../protocol/conference.js';
import { openControlRoom } from '../../adapters/compose/index.js';
import { openConferenceServices } from '../../adapters/compose/open-conference-services.js';
import { appendConferenceLog } from '../../adapters/json-conference-store/index.js';
import { createConference, inviteToConference, requireConference, runConferenceRound } from '../../core/conference/index.js';
import { ControlRoomError } from '../../protocol/index.js';
import { addClipFile } from '../add-clip-file.js';
import { emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';
import { parseStateOption } from '../state-option.js';

interface ConferenceOptions extends CommonOptions {
  agents?: string;
  conference?: string;
  requireTool?: boolean;
  tools?: string;
  retries?: string;
  state?: string;
  audio?: string;
}

/** The stable `--json` shape of SPEC §14, plus the cards, phase-1 rejections and trace round. */
export function conferenceJson(result: ConferenceRoundResult): Record<string, unknown> {
  return {
    conferenceId: result.conferenceId,
    round: result.round,
    issueId: result.issueId,
    toolExecutions: result.toolExecutions,
    receipts: result.receipts,
    entries: result.entries.map((entry) => ({
      agentId: entry.agentId,
      status: entry.status,
      content: entry.content,
      evidence: entry.evidence,
      report: entry.report,
      issues: entry.issues,
      retried: entry.retried,
    })),
    cards: result.cards,
    rejections: result.rejections,
    stopHook: result.stopHook,
    traceRoundId: result.traceRoundId,
    notice: result.notice,
    retries: result.retries ?? [],
    stateIn: result.stateIn,
    stateOut: result.stateOut,
    audioId: result.audioId,
  };
}

function idList(text: string | undefined): string[] {
  return (text ?? '').split(',').map((id) => id.trim()).filter(Boolean);
}

/** The human form: one block per agent that spoke, then who abstained or was muted. */
export function describeRound(result: ConferenceRoundResult, names: ReadonlyMap<string, string>): string {
  const name = (id: string) => names.get(id) ?? id;
  const lookups = result.toolExecutions === 0 ? 'no lookups' : `${result.toolExecutions} lookup${result.toolExecutions === 1 ? '' : 's'} (${result.receipts.join(', ')})`;
  const archived = result.issueId === null ? 'not archived' : `archived as ${result.issueId}`;
  const lines = [`Conference ${result.conferenceId} — Turn ${result.round} · ${lookups} · ${archived}`];
  if (result.notice) lines.push('', result.notice.kind === 'clarification' ? result.notice.action : `${result.notice.message} ${result.notice.action}`);
  if (result.stopHook) lines.push(`[stop: ${result.stopHook} — ${result.rejections.map((rejection) => rejection.code).join(', ')}]`);
  for (const entry of result.entries) {
    if (entry.status === 'abstained' || entry.status === 'muted') continue;
    const verdict = entry.status === 'rejected' ? ` — rejected: ${[...new Set(entry.issues.map((issue) => issue.code))].join(', ')}` : '';
    lines.push('', `${name(entry.agentId)} [${result.cards[entry.agentId] ?? 'Participant'}]${verdict}`, entry.content ?? '');
  }
  const abstained = result.entries.filter((entry) => entry.status === 'abstained').map((entry) => name(entry.agentId));
  const muted = result.entries.filter((entry) => entry.status === 'muted').map((entry) => name(entry.agentId));
  if (abstained.length > 0) lines.push('', `Abstained: ${abstained.join(', ')}`);
  if (muted.length > 0) lines.push(`Muted: ${muted.join(', ')}`);
  return lines.join('\n');
}

function progressLine(event: ConferenceRoundEvent, names: ReadonlyMap<string, string>): string | null {
  if (event.type === 'phase-one-done') return `… the Chief made ${event.toolExecutions} lookup${event.toolExecutions === 1 ? '' : 's'}; asking the room\n`;
  if (event.type === 'entry-decided') return `… ${names.get(event.entry.agentId) ?? event.entry.agentId}: ${event.entry.status}\n`;
  return null;
}

/** `control-room conference "<msg>" [--agents a,b] [--conference id]` — one two-phase round. */
export function registerConference(program: Command, io: CliIo): void {
  program
    .command('conference')
    .description('ask the room: the Chief looks things up once, then every attendee interprets or abstains')
    .argument('<message>', 'what to ask the room')
    .option('--agents <ids>', 'comma-separated attendees (default: every agent); the Chief is always added')
    .option('--conference <id>', 'continue this conference with its next round (--agents invites more)')
    .option('--require-tool', "the Chief's first reply must be a tool call")
    .option('--tools <ids>', 'comma-separated tool ids the Chief may use')
    .option('--retries <n>', 'structured retries after a rejected tool call (default 1)')
    .option('--state <state>', "switch the conference's state at this round: default, conversation, action or research")
    .option('--audio <file>', 'a voice clip that goes with this round (stored, and linked to its trace round)')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (message: string, options: ConferenceOptions) => {
      const retries = options.retries === undefined ? undefined : Number(options.retries);
      if (retries !== undefined && !(Number.isInteger(retries) && retries >= 0)) {
        throw new ControlRoomError('usage_error', `--retries takes a whole number of 0 or more, not "${options.retries}".`);
      }
      const state = parseStateOption(options.state);
      const room = await openControlRoom(workspaceDir(options));
      try {
        const services = openConferenceServices(room);
        const roster = services.rosterDependencies();
        const agents = idList(options.agents);
        let conferenceId: string;
        if (options.conference) {
          conferenceId = (await requireConference(options.conference, services.conferences)).id;
          if (agents.length > 0) await inviteToConference(conferenceId, agents, roster);
        } else {
          conferenceId = (await createConference({ attendees: agents.length > 0 ? agents : room.agents.map((agent) => agent.id) }, roster)).id;
        }
        const names = new Map(room.agents.map((agent) => [agent.id, agent.name]));
        const tools = idList(options.tools);
        const result = await runConferenceRound(
          {
            conferenceId,
            message,
            toolPolicy: { ...(tools.length > 0 ? { allowedTools: tools } : {}), ...(options.requireTool ? { requireTool: true } : {}) },
            ...(retries !== undefined ? { retries } : {}),
            ...(state ? { state } : {}),
            ...(options.audio ? { audioId: (await addClipFile(room.audio, options.audio)).audio_id } : {}),
            onEvent: (event) => {
              const line = options.json ? null : progressLine(event, names);
              if (line) io.stderr(line);
            },
          },
          services.dependencies(),
        );
        if (room.flags.flags.conferenceLog) {
          await appendConferenceLog(room.root, result, { traces: room.traces, nowIso: room.clock.nowIso() });
        }
        emit(io, options, conferenceJson(result), () => describeRound(result, names));
      } finally {
        await room.close();
      }
    });
}
