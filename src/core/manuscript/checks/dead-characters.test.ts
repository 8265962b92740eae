import { describe, expect, it } from 'vitest';
import { parseCharacterCard } from '../cards.js';
import { buildNameIndex } from '../name-index.js';
import { parseSceneFile } from '../scene-file.js';
import { readProse } from '../scene-prose.js';
import { deadCharacterFindings, deathSceneNumber, isDead } from './dead-characters.js';

const tresk = parseCharacterCard({ path: 'Compendium/Characters/CHAR-owen-tresk.md', lines: ['---', 'name: Owen Tresk', 'aliases: [Owen, Tresk]', 'status: dead', 'died_in: SCN-06-the-tide-steps', '---'] });
const ghost = parseCharacterCard({ path: 'Compendium/Characters/CHAR-jory.md', lines: ['---', 'name: Jory Lusk', 'status: dead', '---'] });
const morag = parseCharacterCard({ path: 'Compendium/Characters/CHAR-morag.md', lines: ['---', 'name: Morag Lusk', 'aliases: [Morag]', 'status: alive', '---'] });
const names = buildNameIndex([tresk, ghost, morag], []);
const scene = (number: number, body: string) => parseSceneFile({ path: `Story/Scenes/SCN-0${number}-x.md`, lines: ['---', `scene: ${number}`, '---', ...body.split('\n')] });
const deathScene = parseSceneFile({ path: 'Story/Scenes/SCN-06-the-tide-steps.md', lines: ['---', 'scene: 6', '---'] });
const check = (number: number, body: string, strict = true) => {
  const file = scene(number, body);
  return deadCharacterFindings(file, readProse(file.source, file.bodyStart, names), [tresk, ghost, morag], [deathScene, file], strict).map((finding) => [finding.kind, finding.severity, finding.line, finding.canon?.line]);
};

describe('deadCharacterFindings', () => {
  it('reports a character who speaks after the scene they died in', () => {
    expect(check(9, 'They drank to Owen Tresk.\n“Another,” said Tresk from the end of the bar.')).toEqual([['dead_character_speaks', 'error', 5, 5]]);
  });

  it('lets them speak in the scene they die in, and be remembered later', () => {
    expect(check(6, '“The tin,” said Tresk.')).toEqual([]);
    expect(check(9, '“Owen said there was a tin,” said Morag. As Tresk had done two nights ago, she looked at the door.')).toEqual([]);
  });

  it('warns when a dead character acts in narration (strict only), unless the sentence is a memory', () => {
    expect(check(8, 'Tresk climbed the stair.')).toEqual([['dead_character_acts', 'warning', 4, 5]]);
    expect(check(8, 'Tresk climbed the stair.', false)).toEqual([]);
    expect(check(8, 'She remembered how Tresk climbed the stair.')).toEqual([]);
  });

  it('warns when a character dead without a death scene speaks', () => {
    expect(check(3, '“Steer on the light,” said Jory Lusk.')).toEqual([['dead_character_speaks', 'warning', 4, 3]]);
  });
});

describe('deathSceneNumber and isDead', () => {
  it('resolve the death scene from a file stem, a number or a phrase', () => {
    expect(deathSceneNumber(tresk, [deathScene])).toBe(6);
    const other = (value: string) => parseCharacterCard({ path: 'c.md', lines: ['---', 'name: X', `died_in: ${value}`, '---'] });
    expect(deathSceneNumber(other('Scene 4'), [])).toBe(4);
    expect(deathSceneNumber(other('SCN-11-the-weights'), [])).toBe(11);
    expect(deathSceneNumber(ghost, [])).toBeNull();
    expect([tresk, ghost, morag].map(isDead)).toEqual([true, true, false]);
  });
});
