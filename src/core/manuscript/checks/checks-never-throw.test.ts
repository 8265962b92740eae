import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCharacterCard, parsePlaceCard } from '../cards.js';
import { parseLoreFile } from '../lore.js';
import { buildNameIndex } from '../name-index.js';
import { parseOutline } from '../outline.js';
import { parseSceneFile } from '../scene-file.js';
import { readProse } from '../scene-prose.js';
import { collectVocabulary } from '../vocabulary.js';
import { analyseContinuity } from '../facts/continuity-model.js';
import type { ManuscriptSnapshot } from '../snapshot.js';
import { matchOutlineEntry } from './beat-match.js';
import { findNearMisses } from './misnamed-names.js';
import { extractNumericFacts, numericFactFindings } from './numeric-facts.js';
import { proposeNames } from './proposed-names.js';
import { terminologyFindings } from './terminology.js';
import { timelineFindings } from './timeline.js';

const hester = parseCharacterCard({ path: 'Compendium/Characters/CHAR-hester.md', lines: ['---', 'name: Hester Vane', 'aliases: [Hester, the keeper’s girl]', 'eyes: grey', '---', 'She stays.'] });
const tresk = parseCharacterCard({ path: 'Compendium/Characters/CHAR-tresk.md', lines: ['---', 'name: Owen Tresk', 'aliases: [Tresk]', 'status: dead', 'died_in: 2', '---', 'He goes.'] });
const light = parsePlaceCard({ path: 'Compendium/Places/PLACE-light.md', lines: ['---', 'name: Skerry Light', '---'] });
const lore = parseLoreFile({ path: 'Compendium/Lore/LORE-x.md', lines: ['- The Skerry Light stair has 131 steps.', '- Day 1, evening: Hester arrives.'] });
const outline = parseOutline({ path: 'Story/SCN-outline.md', lines: ['### Scene 3: X', '- POV: Hester', '- When: Day 3, night'] });
const names = buildNameIndex([hester, tresk], [light]);
const vocabulary = collectVocabulary([lore.source]);
const facts = extractNumericFacts([lore]);

// Prose built from the pieces the checks look for, so the property reaches their edge cases.
const piece = fc.constantFrom(
  'Hester', 'Hester’s', 'Tresk', 'Owen Tresk', 'Skerry Lihgt', 'grey eyes', 'her', 'his', '“', '”', '"', ',', '.', '!', '\n', '\n\n',
  'said', 'asked', 'ninety', 'steps', 'stair', 'Day 4', 'the sixth day', 'since she came back', 'Mr.', 'St.', '—', '---', '# Title', 'the keeper’s girl',
);
const prose = fc.array(fc.oneof(piece, fc.string({ maxLength: 8 })), { maxLength: 60 }).map((parts) => parts.join(' '));

/** The continuity model over a one-scene manuscript with these cards, lore and outline. */
function continuityOf(scene: ReturnType<typeof parseSceneFile>) {
  scene.position = 3;
  const snapshot: ManuscriptSnapshot = {
    tree: { root: { type: 'folder', name: '', path: '', children: [] }, outlinePath: outline.path, fileCount: 0 },
    files: [scene.path, outline.path],
    outline,
    scenes: [scene],
    characters: [hester, tresk],
    places: [light],
    lore: [lore],
    canon: null,
    names,
    vocabulary,
    problems: [],
  };
  return analyseContinuity(snapshot).findings;
}

describe('manuscript checks on arbitrary prose', () => {
  it('never throw, and every finding points at a real line and quotes it', () => {
    fc.assert(
      fc.property(prose, fc.option(fc.constantFrom('Day 3, night', 'Day 9', 'soon'), { nil: undefined }), (text, when) => {
        const header = when === undefined ? [] : ['---', 'pov: Hester', 'scene: 3', `when: ${when}`, '---'];
        const scene = parseSceneFile({ path: 'Story/Scenes/SCN-03-x.md', lines: [...header, ...text.split('\n')] });
        const file = readProse(scene.source, scene.bodyStart, names);
        const findings = [
          ...findNearMisses(file, names, vocabulary).map((miss) => ({ path: scene.path, line: miss.line, quote: '' })),
          ...continuityOf(scene),
          ...numericFactFindings(file, facts, true),
          ...terminologyFindings([file]),
          ...timelineFindings(scene, file, matchOutlineEntry(scene, outline, names)?.entry ?? null, outline, [lore]).findings,
        ];
        for (const finding of findings.filter((item) => item.path === scene.path)) {
          expect(finding.line).toBeGreaterThanOrEqual(1);
          expect(finding.line).toBeLessThanOrEqual(scene.source.lines.length);
          if (finding.quote !== '') expect(scene.source.lines[finding.line - 1]!.trim()).toBe(finding.quote);
        }
        proposeNames([file], names);
      }),
      { numRuns: 150 },
    );
  });
});
