import { adverbStats } from './adverbs.js';
import { buildProseDocument } from './build-prose-document.js';
import { dialogueStats } from './dialogue-stats.js';
import { loadProseEngine, type ProseEngine } from './nlp-engine.js';
import { pacing } from './pacing.js';
import { povSignals } from './pov-signals.js';
import type { ProseFocus, ProseReport } from './prose-report.js';
import { readability } from './readability.js';
import { repeatedWords } from './repeated-words.js';
import { rhythm } from './rhythm.js';
import { splitScene } from './scene-text.js';
import { findSpeakerTags } from './speaker-tags.js';
import { paragraphStats, sentenceStats } from './structure-stats.js';
import { voice } from './voice.js';

/** Options of one analysis. */
export interface AnalyzeProseOptions {
  /** Which optional sections to add; `all` (the default) adds pacing, voice and rhythm. */
  focus?: ProseFocus;
}

function wants(focus: ProseFocus, section: Exclude<ProseFocus, 'all'>): boolean {
  return focus === 'all' || focus === section;
}

/**
 * Prose metrics of one scene file's text with a loaded engine: front matter is skipped, line
 * numbers stay those of the file. Never throws on any text; linear in its length.
 */
export function analyzeProseWith(engine: ProseEngine, content: string, options: AnalyzeProseOptions = {}): ProseReport {
  const focus = options.focus ?? 'all';
  const scene = splitScene(content);
  const document = buildProseDocument(scene.paragraphs, engine);
  const tags = findSpeakerTags(document);
  const frontMatter = scene.frontMatter;
  const notes: string[] = [];
  if (document.words.length === 0) {
    notes.push(frontMatter === null ? 'The scene has no prose to analyse.' : 'The scene has front matter but no prose to analyse.');
  }
  const report: ProseReport = {
    focus,
    lines: {
      start_line: scene.lineCount === 0 ? 0 : 1,
      end_line: scene.lineCount,
      prose_start_line: scene.paragraphs[0]?.startLine ?? 0,
    },
    front_matter: { present: frontMatter !== null, title: frontMatter?.title ?? null, pov: frontMatter?.pov ?? null },
    words: document.words.length,
    sentences: sentenceStats(document),
    paragraphs: paragraphStats(document),
    dialogue: dialogueStats(document, tags),
    repeated_words: repeatedWords(document),
    adverbs: adverbStats(document),
    pov: povSignals(document, frontMatter?.pov ?? null),
    readability: readability(document),
    notes,
  };
  if (wants(focus, 'pacing')) report.pacing = pacing(document);
  if (wants(focus, 'voice')) report.voice = voice(document, tags);
  if (wants(focus, 'rhythm')) report.rhythm = rhythm(document);
  return report;
}

/** Prose metrics of one scene file's text, loading the language model on first use. */
export async function analyzeProse(content: string, options: AnalyzeProseOptions = {}): Promise<ProseReport> {
  return analyzeProseWith(await loadProseEngine(), content, options);
}
