import type { Workspace } from '../ports/index.js';
import {
  findDayMarkers,
  loadManuscriptSnapshot,
  matchOutlineEntry,
  paragraphsOf,
  parseWhen,
  timelineEntries,
  type StoryTime,
} from '../manuscript/index.js';

/** Where a chapter's day was read: the outline, its front matter, its prose, or the timeline notes. */
export type TimelineSource = 'outline' | 'front_matter' | 'prose' | 'timeline_note';

/** One statement of which day it is, with the line that states it. */
export interface TimelineMark {
  source: TimelineSource;
  day: number;
  part: string | null;
  text: string;
  path: string;
  line: number;
}

/** One chapter (scene file) on the timeline. */
export interface TimelineChapter {
  /** 1-based place in reading order. */
  position: number;
  path: string;
  title: string;
  /** The chapter's day: the outline's, else the front matter's, else the first day its prose names; null when nothing says. */
  day: number | null;
  part: string | null;
  /** Every statement of the day, outline first. */
  marks: TimelineMark[];
  /** True when the statements name more than one day. */
  conflict: boolean;
  /** True when the chapter happens on an earlier day than the chapter before it. */
  goesBack: boolean;
}

export interface BookTimeline {
  chapters: TimelineChapter[];
  /** The last day any chapter happens on (0 when none says). */
  lastDay: number;
}

const mark = (source: TimelineSource, time: StoryTime, text: string, path: string, line: number): TimelineMark => ({ source, day: time.day, part: time.part, text, path, line });

/**
 * The book's days per chapter, for a picture: each scene in reading order with the day its outline
 * entry, its front matter and its prose state (with their lines), and the timeline notes of that
 * day. Reads through the Workspace port only; a book with no outline or no days gives chapters
 * without a day rather than failing.
 */
export async function bookTimeline(workspace: Workspace): Promise<BookTimeline> {
  const snapshot = await loadManuscriptSnapshot(workspace);
  const notes = timelineEntries(snapshot.lore);
  const chapters: TimelineChapter[] = [];
  let previous: number | null = null;
  for (const [index, scene] of snapshot.scenes.entries()) {
    const marks: TimelineMark[] = [];
    const entry = snapshot.outline ? matchOutlineEntry(scene, snapshot.outline, snapshot.names)?.entry ?? null : null;
    const outlineWhen = entry?.fields.when ?? null;
    const outlineTime = outlineWhen ? parseWhen(outlineWhen.value) : null;
    if (outlineWhen && outlineTime && snapshot.outline) marks.push(mark('outline', outlineTime, outlineWhen.value, snapshot.outline.path, outlineWhen.line));
    const frontTime = scene.when ? parseWhen(scene.when.value) : null;
    if (scene.when && frontTime) marks.push(mark('front_matter', frontTime, scene.when.value, scene.path, scene.when.line));
    for (const marker of findDayMarkers(paragraphsOf(scene.source, scene.bodyStart))) {
      marks.push({ source: 'prose', day: marker.day, part: null, text: marker.text, path: scene.path, line: marker.line });
    }
    const chosen = outlineTime ?? frontTime ?? (marks[0] ? { day: marks[0].day, part: marks[0].part } : null);
    if (chosen) {
      for (const note of notes.filter((item) => item.time.day === chosen.day && (chosen.part === null || item.time.part === chosen.part))) {
        marks.push(mark('timeline_note', note.time, note.text, note.path, note.line));
      }
    }
    const stated = new Set(marks.filter((item) => item.source !== 'timeline_note').map((item) => item.day));
    const day = chosen?.day ?? null;
    chapters.push({
      position: index + 1,
      path: scene.path,
      title: scene.title?.value ?? entry?.title ?? scene.fileStem,
      day,
      part: chosen?.part ?? null,
      marks,
      conflict: stated.size > 1,
      goesBack: day !== null && previous !== null && day < previous,
    });
    if (day !== null) previous = day;
  }
  return { chapters, lastDay: Math.max(0, ...chapters.map((chapter) => chapter.day ?? 0)) };
}
