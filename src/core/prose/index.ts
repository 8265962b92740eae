export { analyzeProse, analyzeProseWith } from './analyze-prose.js';
export { loadProseEngine } from './nlp-engine.js';
export type { ProseEngine, TaggedText } from './nlp-engine.js';
export type { AnalyzeProseOptions } from './analyze-prose.js';
export type {
  AdverbStats,
  DialogueStats,
  Pacing,
  ParagraphStats,
  PovSignals,
  PovVerdict,
  ProseFocus,
  ProseReport,
  Readability,
  RepeatedWords,
  Rhythm,
  SentenceStats,
  Voice,
} from './prose-report.js';
export { splitScene } from './scene-text.js';
export type { SceneFrontMatter, SceneParagraph, SceneText } from './scene-text.js';
export { buildProseDocument } from './build-prose-document.js';
export type { ProseDocument, ProseParagraph, ProseQuote, ProseSentence, ProseWord } from './prose-document.js';
export { findDialogueSpans } from './dialogue-spans.js';
export type { DialogueSpan, QuoteMark } from './dialogue-spans.js';
export { findSpeakerTags } from './speaker-tags.js';
export type { SpeakerTag } from './speaker-tags.js';
