import type { NameIndex } from '../name-index.js';
import type { Outline, OutlineEntry } from '../outline.js';
import { sceneNameParts, type SceneFile } from '../scene-file.js';

/** Which pass of the seed's three-pass rule matched a scene to its outline entry. */
export type MatchPass = 'title_slug' | 'pov_name' | 'scene_number';

/** The outline entry a scene was matched to, and how. */
export interface BeatMatch {
  entry: OutlineEntry;
  pass: MatchPass;
  /** What agreed, e.g. `file slug "letters"`. */
  reason: string;
}

/** `The Tide Steps` / `SCN-06-the-tide-steps` → `the-tide-steps`. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function entrySlugs(entry: OutlineEntry): string[] {
  const slugs = [slugify(entry.title)];
  if (entry.fields.file) {
    const stem = entry.fields.file.value.split('/').pop()!.replace(/\.md$/i, '');
    slugs.push(slugify(stem), slugify(sceneNameParts(stem).slug));
  }
  return slugs.filter((slug) => slug !== '');
}

/**
 * Matches a scene to its outline entry in three passes (v0.5 seed): 1. title slug — the scene's
 * file stem, file slug or title against each entry's `File:` and heading title; 2. POV name — the
 * only entry whose POV is the scene's POV character; 3. scene number — the entry numbered like
 * the scene. The first pass with exactly one candidate wins.
 */
export function matchOutlineEntry(scene: SceneFile, outline: Outline, names: NameIndex): BeatMatch | null {
  const sceneSlugs = new Set([slugify(scene.fileStem), slugify(scene.slug), scene.title ? slugify(scene.title.value) : ''].filter((slug) => slug !== ''));
  const bySlug = outline.entries.filter((entry) => entrySlugs(entry).some((slug) => sceneSlugs.has(slug)));
  if (bySlug.length === 1) {
    const slug = entrySlugs(bySlug[0]!).find((candidate) => sceneSlugs.has(candidate))!;
    return { entry: bySlug[0]!, pass: 'title_slug', reason: `title slug "${slug}"` };
  }
  const candidates = bySlug.length > 1 ? bySlug : outline.entries;
  if (scene.pov) {
    const povEntity = names.resolve(scene.pov.value);
    const samePov = candidates.filter((entry) => {
      const entryPov = entry.fields.pov?.value;
      if (entryPov === undefined) return false;
      const entity = names.resolve(entryPov);
      return povEntity !== null && entity !== null ? entity === povEntity : slugify(entryPov) === slugify(scene.pov!.value);
    });
    if (samePov.length === 1) return { entry: samePov[0]!, pass: 'pov_name', reason: `the only entry with POV "${scene.pov.value}"` };
  }
  const number = scene.sceneNumber?.value;
  if (number !== undefined) {
    const numbered = candidates.filter((entry) => entry.number === number);
    if (numbered.length === 1) return { entry: numbered[0]!, pass: 'scene_number', reason: `scene number ${number}` };
    // A later chapter of an entry that spans several (`Debate (Chapters 4–5)`).
    const spanning = numbered.length === 0 ? candidates.filter((entry) => entry.number !== null && entry.through !== null && entry.number < number && number <= entry.through) : [];
    if (spanning.length === 1) return { entry: spanning[0]!, pass: 'scene_number', reason: `scene number ${number}, within ${spanning[0]!.number}–${spanning[0]!.through}` };
  }
  return null;
}
