import type { CharacterCard } from '../cards.js';
import type { Finding } from '../finding.js';
import type { SceneFile } from '../scene-file.js';
import { sentenceAt } from '../prose.js';
import { lineText, type FileProse, type Mention } from '../scene-prose.js';
import { sceneNameParts } from '../scene-file.js';
import { findSpeakerTags } from './speaker-tags.js';

/** When a dead character died: the scene number (null when the card does not say or it cannot be resolved). */
export function deathSceneNumber(card: CharacterCard, scenes: readonly SceneFile[]): number | null {
  if (card.diedIn === null) return null;
  const value = card.diedIn.value.trim();
  const byFile = scenes.find((scene) => scene.fileStem.toLowerCase() === value.replace(/\.md$/i, '').split('/').pop()!.toLowerCase());
  if (byFile?.sceneNumber) return byFile.sceneNumber.value;
  const named = sceneNameParts(value).fileNumber;
  if (named !== null) return named;
  const digits = /\d+/.exec(value);
  return digits ? Number(digits[0]) : null;
}

/** True when the card says the character is dead. */
export function isDead(card: CharacterCard): boolean {
  return card.status !== null && /^(?:dead|deceased|died)$/.test(card.status.value);
}

const AUXILIARY = /^\s+(?:had|would|could|should|might|must|used|was|were|is|has|'d|’d|never|always)\b/i;
const MEMORY_CUES = /\b(?:remember(?:ed|s)?|used to|years|ago|once|back then|that night|in those days|would|knew|known|thought)\b/i;
const PAST_ACTION = /^\s+(\p{Ll}+ed|went|came|took|stood|sat|got|gave|held|ran|put|said|told|laughed|looked|turned|climbed|walked|lifted|poured|drank)\b/u;

/**
 * A character the canon has killed, speaking or acting in a later scene. Speaking (a dialogue tag
 * naming them or an alias) is an error; acting (a name followed directly by a past-tense verb in
 * narration) is a warning in strict mode only, because memories and flashbacks are common.
 */
export function deadCharacterFindings(scene: SceneFile, prose: FileProse, characters: readonly CharacterCard[], scenes: readonly SceneFile[], strict: boolean): Finding[] {
  const sceneNumber = scene.sceneNumber?.value ?? null;
  const findings: Finding[] = [];
  const dead = new Map<CharacterCard, number | null>();
  for (const card of characters) if (isDead(card)) dead.set(card, deathSceneNumber(card, scenes));
  const isLater = (diedIn: number | null): boolean => sceneNumber !== null && diedIn !== null && sceneNumber > diedIn;
  const canonOf = (card: CharacterCard) => {
    const source = card.diedIn ?? card.status!;
    return { path: card.path, line: source.line, value: card.diedIn ? `status: dead, died_in: ${card.diedIn.value}` : 'status: dead' };
  };
  const tagged = new Set<Mention>();
  for (const tag of findSpeakerTags(prose)) {
    const card = tag.mention.match.entities.find((entity) => entity.kind === 'character' && dead.has(entity.card as CharacterCard))?.card as CharacterCard | undefined;
    if (!card || tag.mention.match.entities.length > 1) continue;
    const diedIn = dead.get(card)!;
    if (diedIn !== null && !isLater(diedIn)) continue;
    tagged.add(tag.mention);
    findings.push({
      kind: 'dead_character_speaks',
      severity: diedIn === null ? 'warning' : 'error',
      message: `${card.name.value} speaks here ("${tag.tag}"), but the card says they are dead${diedIn === null ? '' : ` (died in scene ${diedIn}; this is scene ${sceneNumber})`}.`,
      path: scene.path,
      line: tag.line,
      quote: lineText(scene.source, tag.line),
      canon: canonOf(card),
    });
  }
  if (!strict) return findings;
  for (const mention of prose.mentions) {
    if (mention.quoted || mention.match.possessive || mention.match.entities.length !== 1) continue;
    const card = mention.match.entities[0]!.card as CharacterCard;
    if (!dead.has(card) || !isLater(dead.get(card)!)) continue;
    if (tagged.has(mention)) continue;
    const after = mention.paragraph.text.slice(mention.match.end, mention.match.end + 40);
    if (AUXILIARY.test(after) || !PAST_ACTION.test(after)) continue;
    const sentence = sentenceAt(mention.paragraph, mention.match.start);
    if (MEMORY_CUES.test(mention.paragraph.text.slice(sentence.start, sentence.end))) continue;
    findings.push({
      kind: 'dead_character_acts',
      severity: 'warning',
      message: `${card.name.value} seems to act here ("${mention.match.text}${PAST_ACTION.exec(after)![0]}"), but died in scene ${dead.get(card)}; fine if this is a memory.`,
      path: scene.path,
      line: mention.line,
      quote: lineText(scene.source, mention.line),
      canon: canonOf(card),
    });
  }
  return findings;
}
