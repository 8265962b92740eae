import type { Finding } from '../finding.js';
import type { Outline } from '../outline.js';
import { titleNumber, type SceneFile } from '../scene-file.js';
import { lineText, type FileProse } from '../scene-prose.js';
import type { NameIndex } from '../name-index.js';
import type { BeatMatch } from './beat-match.js';

/** The POV in the scene against the POV of its beat. */
export function povFindings(scene: SceneFile, match: BeatMatch, outline: Outline, names: NameIndex): Finding[] {
  const beatPov = match.entry.fields.pov;
  if (!beatPov || beatPov.value.trim() === '') return [];
  if (!scene.pov) {
    // A chapter written without front matter (an imported draft) keeps its POV in the outline: only a
    // chapter that has front matter and leaves `pov:` out is missing it.
    const hasFrontMatter = Object.keys(scene.frontMatter.data).length > 0;
    return [{ kind: 'pov_missing', severity: hasFrontMatter ? 'warning' : 'info', message: `The scene has no "pov:" in its front matter; the outline gives "${beatPov.value}".`, path: scene.path, line: 1, quote: lineText(scene.source, 1), canon: { path: outline.path, line: beatPov.line, value: beatPov.value } }];
  }
  const sceneEntity = names.resolve(scene.pov.value);
  const beatEntity = names.resolve(beatPov.value);
  const same = sceneEntity !== null && beatEntity !== null ? sceneEntity === beatEntity : scene.pov.value.trim().toLowerCase() === beatPov.value.trim().toLowerCase();
  if (same) return [];
  return [{
    kind: 'pov_mismatch',
    severity: 'error',
    message: `The scene's POV is "${scene.pov.value}", but its outline entry gives "${beatPov.value}".`,
    path: scene.path,
    line: scene.pov.line,
    quote: lineText(scene.source, scene.pov.line),
    canon: { path: outline.path, line: beatPov.line, value: beatPov.value },
  }];
}

/** The characters a beat lists, found (or not) in the scene's prose; the POV character counts as present. */
export function beatCharacterChecks(scene: SceneFile, prose: FileProse, match: BeatMatch, outline: Outline, names: NameIndex): { present: string[]; absent: string[]; findings: Finding[] } {
  const present: string[] = [];
  const absent: string[] = [];
  const findings: Finding[] = [];
  const line = match.entry.fields.characters?.line ?? match.entry.line;
  const povEntity = scene.pov ? names.resolve(scene.pov.value) : null;
  for (const name of match.entry.characters) {
    const entity = names.resolve(name);
    if (entity === null) {
      findings.push({ kind: 'beat_character_unknown', severity: 'info', message: `The beat lists "${name}", who matches no Compendium name or alias.`, path: outline.path, line, quote: lineText(outline.source, line) });
      continue;
    }
    const named = prose.mentions.some((mention) => mention.match.entities.includes(entity));
    if (named || entity === povEntity) {
      present.push(entity.name);
      continue;
    }
    absent.push(entity.name);
    findings.push({
      kind: 'beat_character_absent',
      severity: 'warning',
      message: `The beat lists ${entity.name}, but the scene never names them (or an alias: ${entity.forms.join(', ')}).`,
      path: scene.path,
      line: scene.bodyStart,
      quote: lineText(scene.source, scene.bodyStart),
      canon: { path: outline.path, line, value: name },
    });
  }
  return { present, absent, findings };
}

/**
 * The scene’s number against its outline entry's number (a warning: renumbering is common). When the
 * two were paired by their title, a different number is only the chapters counted another way (an
 * interlude or prologue shifts them), and is a note.
 */
export function sceneNumberFindings(scene: SceneFile, match: BeatMatch, outline: Outline): Finding[] {
  const number = scene.sceneNumber;
  if (!number || match.entry.number === null || number.value === match.entry.number) return [];
  // "# Chapter 8" in a file the import numbered 09 (an unnumbered chapter came before it) is chapter 8.
  if (titleNumber(scene) === match.entry.number) return [];
  const { number: first, through } = match.entry;
  if (through !== null && first <= number.value && number.value <= through) return [];
  const line = number.line > 0 ? number.line : 1;
  return [{
    kind: 'scene_number_mismatch',
    severity: match.pass === 'title_slug' ? 'info' : 'warning',
    message: `The scene is number ${number.value}, but its outline entry is Scene ${match.entry.number}.`,
    path: scene.path,
    line,
    quote: lineText(scene.source, line),
    canon: { path: outline.path, line: match.entry.line, value: `Scene ${match.entry.number}` },
  }];
}
