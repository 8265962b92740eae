import { ABSTAIN_KEYWORD } from '../../protocol/index.js';
import { validateEvidence } from '../../core/evidence/index.js';
import type { Workspace } from '../../core/ports/index.js';
import { DEMO_NOTICE } from './extractive-answer.js';
import { absenceEvidence, contentEvidence, describeFile, groundedPoints, receiptsOf } from './grounded-points.js';
import { deskSources } from './question-lookup.js';
import type { DemoFinding, RetrievedData } from './retrieved-data.js';
import { sceneFiles } from './scene-choice.js';
import { verifiedQuote, type VerifiedQuote } from './verified-quote.js';

/** Where an agent sits in the room, judged from its role as the prompt states it. */
export type Desk = 'chief' | 'continuity' | 'line' | 'structure' | 'editor';

/** The desk of a role: the Chief, Continuity, the Line Editor, the Story Architect, or an editor. */
export function deskOf(role: string): Desk {
  if (/chief/i.test(role)) return 'chief';
  if (/continuity|canon/i.test(role)) return 'continuity';
  if (/\bline\b|\bcopy/i.test(role)) return 'line';
  if (/architect|structur|outline|plot/i.test(role)) return 'structure';
  return 'editor';
}

const STRUCTURAL_KINDS = /timeline|when|day|order|outline|beat|pov/i;
/** Continuity speaks from the canon and the Compendium; a finding backed only by the outline is not its to cite. */
const canonBacked = (finding: DemoFinding): boolean => finding.canon !== null && (finding.canon.path.startsWith('Compendium/') || finding.canon.path === 'Canon.md');
const structural = (finding: DemoFinding): boolean => STRUCTURAL_KINDS.test(finding.kind);

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** "scene 7, “Statements”" for one or two files; "the manuscript" for a sweep. */
async function scopeOf(data: RetrievedData, workspace: Workspace): Promise<string> {
  if (data.checked.length === 0 || data.checked.length > 2) return 'the manuscript';
  return (await Promise.all(data.checked.map((entry) => describeFile(workspace, entry.path)))).join(' and ');
}

async function chiefReply(data: RetrievedData, workspace: Workspace): Promise<string> {
  const points = await groundedPoints(data, workspace);
  const scope = await scopeOf(data, workspace);
  if (points.length === 0) {
    const paths = data.checked.map((entry) => entry.path);
    if (paths.length === 0) return ABSTAIN_KEYWORD;
    return [`I had ${scope} checked against the Compendium and the canon, and nothing contradicts them.`, DEMO_NOTICE, absenceEvidence(paths, data.receipts)].join('\n');
  }
  const top = points[0]!;
  const count = data.findings.length === 1 ? 'one problem' : `${data.findings.length} problems`;
  const lines = [
    `The checks of ${scope} turned up ${count}. The most serious:`,
    ...points.map((point) => `- ${sentence(point.finding.message)} (${point.finding.path}, line ${point.finding.line})`),
    `Start with the first: the scene says “${top.scene.text}”.${top.canon ? ' Continuity can confirm it against the source; the others can weigh what the fix costs the scene.' : ''}`,
  ];
  const quotes = top.canon ? [top.scene, top.canon] : [top.scene];
  return [...lines, DEMO_NOTICE, contentEvidence(quotes, receiptsOf([top], data))].join('\n');
}

async function continuityReply(data: RetrievedData, workspace: Workspace): Promise<string> {
  const point = (await groundedPoints(data, workspace, { limit: 1, only: canonBacked }))[0];
  if (!point?.canon) return ABSTAIN_KEYWORD;
  return [
    `This is a continuity error, not a matter of taste. ${sentence(point.finding.message)}`,
    `The canon is plain about it: “${point.canon.text}” (${point.canon.path}, line ${point.canon.line}). Change the scene to match, or change the card if the book has changed its mind — but not neither.`,
    DEMO_NOTICE,
    contentEvidence([point.canon], receiptsOf([point], data)),
  ].join('\n');
}

async function editorReply(data: RetrievedData, workspace: Workspace): Promise<string> {
  const point = (await groundedPoints(data, workspace, { limit: 1 }))[0];
  if (!point) return ABSTAIN_KEYWORD;
  return [
    `For the reader this is more than a slip. ${sentence(point.finding.message)}`,
    `A reader who has been paying attention stops at “${point.scene.text}” and starts doubting the page instead of following the story. It is a one-line fix; the scene around it does not need to change.`,
    DEMO_NOTICE,
    contentEvidence([point.scene], receiptsOf([point], data)),
  ].join('\n');
}

async function structureReply(data: RetrievedData, workspace: Workspace): Promise<string> {
  const point = (await groundedPoints(data, workspace, { limit: 1, only: structural }))[0];
  if (!point) return ABSTAIN_KEYWORD;
  // The outline is the Architect's own ground: cite it beside the scene when the finding rests on it.
  const outline = point.canon && point.canon.path.startsWith('Story/') ? point.canon : null;
  const other = outline ? (/outline/i.test(outline.path) ? 'the outline' : await describeFile(workspace, outline.path)) : '';
  return [
    `This touches the shape of the book, not just one line. ${sentence(point.finding.message)}`,
    `Later scenes lean on the order of events, so settle it here: the scene has “${point.scene.text}”${outline ? ` where ${other} has “${outline.text}”` : ''}.`,
    DEMO_NOTICE,
    contentEvidence(outline ? [point.scene, outline] : [point.scene], receiptsOf([point], data)),
  ].join('\n');
}

/**
 * A phase-2 conference reply from a desk (SPEC §8): grounded in the retrieved findings with quotes
 * read back from the files, or ABSTAIN when the desk has nothing to add — the Line Editor on
 * continuity checks, Continuity without a canon line to cite, the Architect without a timeline or
 * outline problem.
 */
export async function conferenceReply(desk: Desk, data: RetrievedData, workspace: Workspace): Promise<string> {
  if (desk === 'chief') return chiefReply(data, workspace);
  if (desk === 'continuity') return continuityReply(data, workspace);
  if (desk === 'structure') return structureReply(data, workspace);
  if (desk === 'editor') return editorReply(data, workspace);
  return ABSTAIN_KEYWORD;
}

/** The first line of prose in a file (front matter, headings and short lines skipped), read back and verified. */
async function firstProseLine(workspace: Workspace, path: string): Promise<VerifiedQuote | null> {
  const content = await workspace.read(path).then((file) => file.content, () => '');
  const lines = content.split('\n');
  const bodyStart = lines[0]?.trim() === '---' ? lines.indexOf('---', 1) + 1 : 0;
  for (let index = bodyStart; index < lines.length; index += 1) {
    const text = lines[index]!.trim();
    if (text === '' || text.startsWith('#') || text.split(/\s+/).length < 4) continue;
    const quote = await verifiedQuote(workspace, path, index + 1, text);
    if (quote) return quote;
  }
  return null;
}

/** The manuscript's files (Story/ and the Compendium), for the nothing-found reply. */
async function manuscriptFiles(workspace: Workspace): Promise<string[]> {
  const files = await workspace.listFiles().catch(() => [] as string[]);
  return files.filter((path) => path.startsWith('Story/') || path.startsWith('Compendium/'));
}

/** Files a desk may quote, scenes first in reading order, then its other sources. */
async function quotableFiles(desk: Desk, files: readonly string[], workspace: Workspace): Promise<string[]> {
  const sources = deskSources(desk);
  const own = sources.length === 0 ? [...files] : files.filter((path) => sources.some((source) => path.startsWith(source)));
  const scenes = (await sceneFiles(workspace).catch(() => [] as string[])).filter((path) => own.includes(path));
  return [...scenes, ...own.filter((path) => !scenes.includes(path)).sort()].slice(0, 6);
}

type EvidenceCheck = (reply: string) => Promise<boolean>;

/**
 * What the demo says when nothing it looked up answers the writer: that plainly, what to ask
 * instead, and — so even this reply verifies — where the manuscript begins, quoted from a file
 * the desk may cite. A workspace with no manuscript has nothing to quote, and says so.
 */
async function nothingFoundReply(desk: Desk, workspace: Workspace, verifies: EvidenceCheck): Promise<string> {
  const files = await manuscriptFiles(workspace);
  for (const path of await quotableFiles(desk, files, workspace)) {
    const opening = await firstProseLine(workspace, path);
    if (!opening) continue;
    const reply = [
      'Nothing I could find in the manuscript answers that, so I have nothing on it I can stand behind.',
      'Ask about a character, a place or a thing by name, or name a scene to check (for example "scene 7").',
      `To show what I can do, here is where ${await describeFile(workspace, path)} begins: “${opening.text}”.`,
      DEMO_NOTICE,
      contentEvidence([opening], []),
    ].join('\n');
    if (await verifies(reply)) return reply;
  }
  // Without a file to cite, no evidence line can verify: say what is missing instead of claiming one.
  const missing =
    files.length === 0
      ? 'There is no manuscript in this workspace yet, so there is nothing I can look up or quote. Add scenes under Story/Scenes/ (or import a manuscript) and ask again.'
      : 'Nothing I could find in the files I speak from answers that. Name a scene to check (for example "scene 7"), or ask another desk.';
  return [missing, DEMO_NOTICE].join('\n');
}

/**
 * A 1:1 chat answer (never ABSTAIN): the desk's own reply when it has one, else the Chief's
 * summary, else the nothing-found reply. Each is checked with the real evidence validator under
 * the desk's source rule before it is given, so a demo reply verifies wherever there is a file to cite.
 */
export async function chatAnswer(desk: Desk, data: RetrievedData, workspace: Workspace): Promise<string> {
  const context = { workspace, knownReceiptIds: new Set(data.receipts), agent: { id: desk, evidenceSources: deskSources(desk) } };
  const verifies: EvidenceCheck = async (reply) => reply !== ABSTAIN_KEYWORD && (await validateEvidence(reply, context)).ok;
  for (const reply of [await conferenceReply(desk, data, workspace), await chiefReply(data, workspace)]) {
    if (await verifies(reply)) return reply;
  }
  return nothingFoundReply(desk, workspace, verifies);
}
