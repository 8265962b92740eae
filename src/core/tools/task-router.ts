import { CHIEF_AGENT_ID, TaskRouterArgsSchema, type Agent, type TaskRouterArgs } from '../../protocol/index.js';
import { withDryRun } from './dry-run.js';
import type { ToolDefinition } from './tool-definition.js';

type Desk = 'continuity' | 'line' | 'structure' | 'editor';
type EvidenceType = 'content' | 'structural' | 'absence';

interface Cue { label: string; pattern: RegExp }

const cue = (label: string, source = label): Cue => ({ label, pattern: new RegExp(`\\b${source}\\b`, 'iu') });

/** Which words send a request to which desk. Word lists, not a model: the same request always routes the same way. */
const DESKS: ReadonlyArray<{ desk: Desk; agentPattern: RegExp; cues: Cue[]; tools: string[] }> = [
  {
    desk: 'continuity',
    agentPattern: /continuity/i,
    cues: [cue('continuity'), cue('canon'), cue('timeline'), cue('name', 'names?'), cue('eye', 'eyes?'), cue('colour', 'colou?rs?'), cue('hair'), cue('age'), cue('alive'), cue('dead', 'dead|died|dies'), cue('day', 'days?'), cue('date', 'dates?'), cue('consistent', 'consisten(?:t|cy)|inconsisten(?:t|cy)'), cue('contradict', 'contradict\\w*')],
    tools: ['canon_checker', 'consistency_checker'],
  },
  {
    desk: 'line',
    agentPattern: /\bline\b/i,
    cues: [cue('sentence', 'sentences?'), cue('line', '(?<!(?:which|what) )lines?(?! numbers?)'), cue('adverb', 'adverbs?'), cue('rhythm'), cue('prose'), cue('wording'), cue('repetition', 'repetitions?|repetitive|repeated'), cue('dialogue tag', 'dialogue tags?|speaker tags?')],
    tools: ['prose_analyzer'],
  },
  {
    desk: 'structure',
    agentPattern: /architect|structure/i,
    cues: [cue('structure', 'structur\\w*'), cue('act', 'acts?'), cue('beat', 'beats?'), cue('outline', 'outlines?'), cue('pacing', 'pac(?:e|ing)'), cue('plot'), cue('midpoint'), cue('payoff', 'pay-?offs?'), cue('setup', 'set-?ups?')],
    tools: ['outline_analyzer', 'scene_draft_validator'],
  },
  {
    desk: 'editor',
    agentPattern: /editor/i,
    cues: [cue('stakes'), cue('arc', 'arcs?'), cue('character', 'characters?'), cue('motivation', 'motivations?|motives?'), cue('tension'), cue('scene works', 'scenes? (?:really |even )?works?|scenes? (?:is )?working')],
    tools: ['scene_draft_validator', 'file_reader'],
  },
];

const ABSENCE = [cue('ever'), cue('never'), cue('anywhere'), cue('mention', 'mention\\w*'), cue('at all', 'at all')];
const STRUCTURAL = [cue('which line', '(?:which|what) (?:line|section|act|beat|chapter|scene|part of the outline)s?|outline entry|line numbers?')];
const CONTENT = [cue('where'), cue('quote', 'quot\\w*'), cue('says', 'says?|said')];

/** The desk an agent sits at, judged from its id, name and role; more specific desks are tried first. */
function deskOf(agent: Agent): Desk | 'chief' | null {
  const text = `${agent.id} ${agent.name} ${agent.role}`;
  if (agent.id === CHIEF_AGENT_ID || /chief/i.test(text)) return 'chief';
  return DESKS.find((entry) => entry.agentPattern.test(text))?.desk ?? null;
}

function matching(cues: readonly Cue[], request: string): string[] {
  return cues.filter((entry) => entry.pattern.test(request)).map((entry) => entry.label);
}

/** Absence beats structure beats content: "does X ever …" is an absence claim even when it says "where". */
function evidenceTypeOf(request: string, desks: ReadonlySet<Desk>): { type: EvidenceType; cues: string[] } {
  const absence = matching(ABSENCE, request);
  if (absence.length > 0) return { type: 'absence', cues: absence };
  const structural = matching(STRUCTURAL, request);
  if (structural.length > 0) return { type: 'structural', cues: structural };
  const content = matching(CONTENT, request);
  if (content.length > 0) return { type: 'content', cues: content };
  return { type: desks.has('structure') && desks.size === 1 ? 'structural' : 'content', cues: [] };
}

function suggestTools(evidence: EvidenceType, desks: readonly Desk[]): string[] {
  const tools = ['file_locator'];
  if (evidence === 'content') tools.push('file_reader');
  for (const desk of desks) tools.push(...(DESKS.find((entry) => entry.desk === desk)?.tools ?? []));
  return [...new Set(tools)];
}

/** `task_router`: picks the agents and the evidence type a writer's request needs, deterministically. */
export const taskRouterTool: ToolDefinition<TaskRouterArgs> = withDryRun<TaskRouterArgs>({
  id: 'task_router',
  summary: 'Say which specialists should answer a request and what evidence it needs; reads no files.',
  description:
    'Decide who in the room should answer a request and what evidence it needs. Use it first when a request could go to ' +
    'several specialists: it names the agents (continuity, line editing, structure, story editing; the Chief always ' +
    'coordinates), the evidence type (content, structural or absence) and the tools to run next. Reads no files.',
  schema: TaskRouterArgsSchema,
  example: { user_request: 'Does Hester ever mention the colour of her eyes?', dry_run: false },
  describeDryRun: (args) => `route the request (${args.user_request.length} characters) to agents of the roster by role keywords`,
  async run(args, context) {
    const request = args.user_request.normalize('NFKC');
    const matchedByDesk = new Map<Desk, string[]>();
    for (const entry of DESKS) {
      const found = matching(entry.cues, request);
      if (found.length > 0) matchedByDesk.set(entry.desk, found);
    }
    const evidence = evidenceTypeOf(request, new Set(matchedByDesk.keys()));
    const roster = context.agents.filter((agent) => !agent.muted).sort((a, b) => a.order - b.order);
    const agents: Array<{ id: string; role: string; reason: string }> = [];
    const routedDesks: Desk[] = [];
    for (const agent of roster) {
      const desk = deskOf(agent);
      if (desk === 'chief') {
        agents.push({ id: agent.id, role: agent.role, reason: 'coordinates the room and runs the tools' });
      } else if (desk !== null && matchedByDesk.has(desk)) {
        agents.push({ id: agent.id, role: agent.role, reason: `the request mentions ${(matchedByDesk.get(desk) ?? []).join(', ')}` });
        if (!routedDesks.includes(desk)) routedDesks.push(desk);
      }
    }
    const matchedKeywords = [...new Set([...[...matchedByDesk.values()].flat(), ...evidence.cues])];
    const result: Record<string, unknown> = {
      agents,
      evidence_type: evidence.type,
      suggested_tools: suggestTools(evidence.type, routedDesks),
      matched_keywords: matchedKeywords,
    };
    const unstaffed = [...matchedByDesk.keys()].filter((desk) => !routedDesks.includes(desk));
    if (unstaffed.length > 0) result['unstaffed'] = unstaffed;
    return { result, fileRefs: [] };
  },
});
