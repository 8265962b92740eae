import type { CanonSourceKind, ExtractedFact } from '../../protocol/canon.js';
import { formatStoryTime, parseCardBase, parseLoreFile, parseSceneFile, textField, listField, type SourceText } from '../manuscript/index.js';

/** A card field's quote: its line, plus the indented or `- ` lines of a YAML block list under it. */
function fieldQuote(source: SourceText, line: number, frontMatterEnd: number): string {
  const quoted = [source.lines[line - 1] ?? ''];
  for (let next = line + 1; next < frontMatterEnd; next += 1) {
    const text = source.lines[next - 1] ?? '';
    if (!/^\s+\S|^\s*-\s/.test(text)) break;
    quoted.push(text);
  }
  return quoted.join('\n');
}

function cardFacts(source: SourceText): ExtractedFact[] {
  const card = parseCardBase(source);
  const facts: ExtractedFact[] = [];
  for (const [attribute, field] of card.fields) {
    if (attribute === 'name') continue;
    facts.push({ subject: card.name.value, attribute, value: field.value, quote: fieldQuote(source, field.line, card.bodyStart - 1) });
  }
  return facts;
}

function loreFacts(source: SourceText): ExtractedFact[] {
  const lore = parseLoreFile(source);
  const timeline = new Map(lore.timeline.map((entry) => [entry.line, entry]));
  return lore.facts.map((fact) => {
    const entry = timeline.get(fact.line);
    if (entry) return { subject: formatStoryTime(entry.time), attribute: 'event', value: entry.text, quote: entry.text };
    return { subject: lore.name.value, attribute: 'fact', value: fact.value, quote: fact.value };
  });
}

function sceneFacts(source: SourceText): ExtractedFact[] {
  const scene = parseSceneFile(source);
  const subject = scene.sceneNumber === null ? (scene.title?.value ?? scene.fileStem) : `Scene ${scene.sceneNumber.value}`;
  const facts: ExtractedFact[] = [];
  for (const [key, line] of scene.frontMatter.keyLines) {
    const attribute = key.toLowerCase();
    if (attribute === 'scene' || attribute === 'scene_number') continue;
    const value = textField(scene.frontMatter.data, key) ?? listField(scene.frontMatter.data, key).join(', ');
    if (value === '') continue;
    facts.push({ subject, attribute, value, quote: fieldQuote(source, line, scene.frontMatter.bodyStart - 1) });
  }
  return facts;
}

/**
 * Extraction without a model (`--no-model`): the front-matter fields of cards and scenes and the
 * bullets of lore files, each quoted from its own lines. Timeline bullets (`- Day N, part: …`)
 * become `event` facts of that story time.
 */
export function extractFields(source: SourceText, kind: CanonSourceKind): ExtractedFact[] {
  if (kind === 'lore') return loreFacts(source);
  if (kind === 'scene') return sceneFacts(source);
  return cardFacts(source);
}
