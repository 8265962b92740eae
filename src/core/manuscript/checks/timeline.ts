import { findDayMarkers } from '../day-markers.js';
import type { Finding } from '../finding.js';
import type { LoreFile, TimelineEntry } from '../lore.js';
import type { Outline, OutlineEntry } from '../outline.js';
import type { SceneFile } from '../scene-file.js';
import { lineText, type FileProse } from '../scene-prose.js';
import { compareStoryTime, formatStoryTime, parseWhen, sameStoryTime, type StoryTime } from '../story-time.js';
import { readableWhen } from './readable-when.js';

/** A timeline bullet together with the lore file it is in. */
export interface LocatedTimelineEntry extends TimelineEntry {
  path: string;
}

/** Every `- Day N, part: …` bullet of the lore files. */
export function timelineEntries(lore: readonly LoreFile[]): LocatedTimelineEntry[] {
  return lore.flatMap((file) => file.timeline.map((entry) => ({ ...entry, path: file.path })));
}

/** What the timeline check concluded, for the tool's result. */
export interface TimelineCheck {
  sceneTime: StoryTime | null;
  beatTime: StoryTime | null;
  /** Timeline bullets at the beat's time (or the scene's, without a beat). */
  timeline: LocatedTimelineEntry[];
  findings: Finding[];
}

function describeTimeline(entries: readonly LocatedTimelineEntry[]): string {
  return entries.length === 0 ? '' : ` The timeline agrees with the outline: ${entries.map((entry) => `${entry.path}#L${entry.line} "${formatStoryTime(entry.time)}: ${entry.text}"`).join('; ')}.`;
}

/**
 * Checks when a scene happens: its front-matter `when` against its outline entry's `When`, day
 * markers in the prose ("Day 5", "the sixth day", "five days since she came back") against both,
 * and the timeline lore at that time. One contradiction gives one error: prose that agrees with
 * a wrong front matter is reported as a warning beside it, not as a second error.
 */
export function timelineFindings(scene: SceneFile, prose: FileProse, entry: OutlineEntry | null, outline: Outline | null, lore: readonly LoreFile[]): TimelineCheck {
  const findings: Finding[] = [];
  const sceneTime = scene.when ? parseWhen(scene.when.value) : null;
  const beatWhen = entry?.fields.when ?? null;
  const beatTime = beatWhen ? parseWhen(beatWhen.value) : null;
  const allEntries = timelineEntries(lore);
  const expected = beatTime ?? sceneTime;
  const atTime = expected === null ? [] : allEntries.filter((item) => item.time.day === expected.day && item.time.part === expected.part);
  const frontMatterWrong = sceneTime !== null && beatTime !== null && !sameStoryTime(sceneTime, beatTime);

  if (frontMatterWrong && scene.when && beatWhen && outline) {
    findings.push({
      kind: 'when_mismatch',
      severity: 'error',
      message: `The scene's front matter says "${scene.when.value}", but its outline entry says "${beatWhen.value}".${describeTimeline(atTime)}`,
      path: scene.path,
      line: scene.when.line,
      quote: lineText(scene.source, scene.when.line),
      canon: { path: outline.path, line: beatWhen.line, value: beatWhen.value },
    });
  }
  if (scene.when && sceneTime === null && !readableWhen(scene.when.value)) {
    findings.push({ kind: 'when_unreadable', severity: 'warning', message: `"${scene.when.value}" is not a story time like "Day 4, afternoon", a weekday or a date.`, path: scene.path, line: scene.when.line, quote: lineText(scene.source, scene.when.line) });
  }
  for (const marker of findDayMarkers(prose.paragraphs)) {
    if (expected === null || marker.day === expected.day) continue;
    const agreesWithFrontMatter = frontMatterWrong && sceneTime !== null && marker.day === sceneTime.day;
    const against = beatWhen && outline ? { path: outline.path, line: beatWhen.line, value: beatWhen.value } : scene.when ? { path: scene.path, line: scene.when.line, value: scene.when.value } : undefined;
    findings.push({
      kind: 'day_marker_mismatch',
      severity: agreesWithFrontMatter || marker.kind === 'arrival' ? 'warning' : 'error',
      message: agreesWithFrontMatter
        ? `The prose ("${marker.text}") agrees with the front matter (Day ${sceneTime!.day}), so it must change with it: the outline says ${formatStoryTime(expected)}.`
        : `The prose says "${marker.text}" (Day ${marker.day}), but this scene happens on ${formatStoryTime(expected)}.`,
      path: scene.path,
      line: marker.line,
      quote: lineText(scene.source, marker.line),
      ...(against ? { canon: against } : {}),
    });
  }
  if (beatTime !== null && beatWhen && outline && allEntries.length > 0 && atTime.length === 0) {
    findings.push({
      kind: 'timeline_entry_missing',
      severity: 'info',
      message: `The timeline lore has no entry for ${formatStoryTime(beatTime)}, the time the outline gives this scene.`,
      path: outline.path,
      line: beatWhen.line,
      quote: lineText(outline.source, beatWhen.line),
    });
  }
  return { sceneTime, beatTime, timeline: atTime, findings };
}

/** Warnings for scenes whose front-matter time runs backwards against the scenes around them. */
export function sceneOrderFindings(scene: SceneFile, scenes: readonly SceneFile[]): Finding[] {
  const index = scenes.indexOf(scene);
  const time = scene.when ? parseWhen(scene.when.value) : null;
  if (index < 0 || time === null || !scene.when) return [];
  const findings: Finding[] = [];
  const previous = scenes[index - 1];
  const previousTime = previous?.when ? parseWhen(previous.when.value) : null;
  if (previous?.when && previousTime && compareStoryTime(time, previousTime) < 0) {
    findings.push({
      kind: 'when_out_of_order',
      severity: 'warning',
      message: `This scene is set at ${formatStoryTime(time)}, before the scene it follows (${previous.path}, ${formatStoryTime(previousTime)}); one of the two is misdated, or this is a flashback.`,
      path: scene.path,
      line: scene.when.line,
      quote: lineText(scene.source, scene.when.line),
      canon: { path: previous.path, line: previous.when.line, value: previous.when.value },
    });
  }
  return findings;
}
