export { sha256Hex, fileRefFor, FileRefCollector } from './file-ref.js';
export type { SourceText } from './file-ref.js';
export { sortFindings, problemAsFinding } from './finding.js';
export type { Finding, Severity, CanonSide, ParseProblem } from './finding.js';
export { parseFrontMatter, textField, listField } from './front-matter.js';
export type { FrontMatter } from './front-matter.js';
export { parseLabelledLine, stripMarkdown, isBullet, bulletText } from './labelled-line.js';
export type { Located, LabelledLine } from './labelled-line.js';
export { parseSceneFile, sceneNameParts } from './scene-file.js';
export type { SceneFile } from './scene-file.js';
export { parseOutline } from './outline.js';
export type { Outline, OutlineAct, OutlineEntry, OutlineField } from './outline.js';
export { parseCardBase, parseCharacterCard, parsePlaceCard } from './cards.js';
export type { CardBase, CharacterCard, PlaceCard, Gender } from './cards.js';
export { parseLoreFile } from './lore.js';
export type { LoreFile, TimelineEntry } from './lore.js';
export { parseWhen, formatStoryTime, compareStoryTime, sameStoryTime, normalisePart } from './story-time.js';
export type { StoryTime } from './story-time.js';
export { findNumbers, parseNumberWord } from './numbers.js';
export type { NumberMention } from './numbers.js';
export { findDayMarkers } from './day-markers.js';
export type { DayMarker } from './day-markers.js';
export { NameIndex, buildNameIndex } from './name-index.js';
export type { NamedEntity, NameMatch } from './name-index.js';
export { editDistance } from './edit-distance.js';
export { stemWord, stemsOf } from './word-stem.js';
export { Vocabulary, collectVocabulary } from './vocabulary.js';
export { paragraphsOf, splitSentences, findQuotes, lineOf, sentenceAt, isQuoted } from './prose.js';
export type { Paragraph, Span } from './prose.js';
export { readProse, lineText, startsSentence } from './scene-prose.js';
export type { FileProse, Mention } from './scene-prose.js';
export { loadManuscriptSnapshot, readSource } from './snapshot.js';
export type { ManuscriptSnapshot, SnapshotOptions } from './snapshot.js';
export { requireScene, requireDocument } from './scene-lookup.js';
export type { ManuscriptDocument } from './scene-lookup.js';
export { attachCanonQuotes, snapshotSources, severityCounts } from './canon-quotes.js';
export { resolveSceneReference } from './scene-reference.js';
export {
  findNearMisses,
  findSpeakerTags,
  extractNumericFacts,
  numericFactFindings,
  cardsAsLore,
  matchOutlineEntry,
  slugify,
  timelineFindings,
  timelineEntries,
  sceneOrderFindings,
  terminologyFindings,
  termKey,
  proposeNames,
  outlineProblems,
  povFindings,
  beatCharacterChecks,
  sceneNumberFindings,
} from './checks/index.js';
export type { NearMiss, SpeakerTag, NumericFact, BeatMatch, MatchPass, TimelineCheck, LocatedTimelineEntry, ProposedName } from './checks/index.js';
export { analyseContinuity, resolveSubject, characterOf, learnNames, traitPhrases, agePhrases, parseDate, weekdayOf, chapterTimeStatements, matchOutline, cardDeath, proseDeaths, chapterPosition } from './facts/index.js';
export type { ContinuityAnalysis, ContinuityFinding, FindingCategory, Fact, AgeFact, Subject, SubjectLink, TimeStatement, OutlineCoverage, Death, PartialDate } from './facts/index.js';
export { derivedNameForms } from './name-forms.js';
