import type { CharacterCard } from '../cards.js';
import { bookCountFindings, cardsAsLore, extractNumericFacts } from '../checks/numeric-facts.js';
import { sha256Hex, type SourceText } from '../file-ref.js';
import type { Finding } from '../finding.js';
import { readProse, lineText, type FileProse } from '../scene-prose.js';
import type { SceneFile } from '../scene-file.js';
import type { ManuscriptSnapshot } from '../snapshot.js';
import { cardFacts, proseFacts } from './collect-facts.js';
import { ageFindings, type ChapterWhen } from './compare-ages.js';
import { dayNumber } from './calendar.js';
import { chapterWhens, timeFindings, type ChapterTime } from './compare-times.js';
import { elapsedFindings } from './elapsed-claims.js';
import { traitFindings } from './compare-traits.js';
import { actsOnPageAfter, beatDeaths, cardDeath, namedInDeathClause, deadCharacterFindings, proseDeaths, type Death } from './deaths.js';
import type { AgeFact, Fact } from './fact.js';
import { narratorCard, toldInFirstPerson } from './narrator.js';
import { storyYearFromAges } from './infer-story-year.js';
import { pronounDeaths } from './pronoun-deaths.js';
import { matchOutline, outlineCoverageFindings, type OutlineCoverage } from './outline-coverage.js';
import type { SubjectContext } from './resolve-subject.js';
import { chapterTimeStatements, timeOfText } from './time-statements.js';
import { holidayClaims, weekdayClaimFindings, weekdayClaims } from './weekday-claims.js';

/** What a continuity finding is about, so each tool reports its own part. */
export type FindingCategory = 'trait' | 'age' | 'death' | 'number' | 'time' | 'outline';

/** A finding of the continuity model, with its category. */
export interface ContinuityFinding extends Finding {
  category: FindingCategory;
}

/** Everything the model extracted and concluded about one manuscript. */
export interface ContinuityAnalysis {
  facts: Fact[];
  ages: AgeFact[];
  deaths: Death[];
  coverage: OutlineCoverage | null;
  /** Each chapter's time statements, in reading order. */
  times: ChapterTime[];
  findings: ContinuityFinding[];
}

const recent = new Map<string, ContinuityAnalysis>();
const RECENT_ANALYSES = 4;

function keyOf(snapshot: ManuscriptSnapshot): string {
  const files = [snapshot.outline, ...snapshot.scenes, ...snapshot.characters, ...snapshot.places, ...snapshot.lore].filter((file) => file !== null);
  return sha256Hex(files.map((file) => `${file.path}\u0000${file.source.lines.join('\n')}`).join('\u0001'));
}

/** The text of a chapter's outline entry, its line and its beats; null when it has none. */
function entryText(scene: SceneFile, coverage: OutlineCoverage | null, snapshot: ManuscriptSnapshot): string | null {
  const entry = coverage?.entryOf.get(scene);
  if (!entry || snapshot.outline === null) return null;
  return [entry.line, ...entry.beats.map((beat) => beat.line)].map((line) => lineText(snapshot.outline!.source, line)).join('\n');
}

/** The character an outline entry says the chapter is told by ("told by Ilse", "narrated by Ilse Marten"). */
function toldBy(scene: SceneFile, coverage: OutlineCoverage | null, snapshot: ManuscriptSnapshot): CharacterCard | null {
  const text = entryText(scene, coverage, snapshot);
  if (text === null) return null;
  const match = /\b(?:told|narrated)\s+by\s+((?:\p{Lu}[\p{L}'’-]*\s*){1,3})/u.exec(text);
  const entity = match ? snapshot.names.resolve(match[1]!.trim()) : null;
  return entity?.kind === 'character' ? (entity.card as CharacterCard) : null;
}

/**
 * The point-of-view character of a chapter: its front matter's, else its outline entry's (a POV
 * field or "told by"), else — for a chapter told in the first person — the one card that says it narrates.
 */
function pointOfView(scene: SceneFile, prose: FileProse, coverage: OutlineCoverage | null, snapshot: ManuscriptSnapshot): CharacterCard | null {
  const named = scene.pov?.value ?? coverage?.entryOf.get(scene)?.fields.pov?.value ?? null;
  const entity = named === null ? null : snapshot.names.resolve(named);
  if (entity?.kind === 'character') return entity.card as CharacterCard;
  return toldBy(scene, coverage, snapshot) ?? (toldInFirstPerson(prose.paragraphs) ? narratorCard(snapshot.characters) : null);
}

/** The year an outline mentions most (1500–2999: stories are set in the future too), or null. */
function storyYearOf(lines: readonly string[]): number | null {
  const counts = new Map<number, number>();
  for (const match of lines.join('\n').matchAll(/\b(1[5-9]\d\d|2\d\d\d)\b/g)) counts.set(Number(match[1]), (counts.get(Number(match[1])) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * A day of the month stated without its month ("Tuesday the 6th") takes the month of the chapter's
 * outline entry, else of the latest chapter before it that gives one.
 */
function fillMonths(times: readonly ChapterTime[], outline: ManuscriptSnapshot['outline']): void {
  let month: number | null = null;
  for (const time of times) {
    const planned = time.entry?.fields.when && outline ? timeOfText(time.entry.fields.when.value, { path: outline.path, line: 0, source: 'outline' })?.date?.month ?? null : null;
    const own = time.statements.find((statement) => statement.date?.month !== null && statement.date !== null)?.date?.month ?? null;
    const known: number | null = own ?? planned ?? month;
    for (const statement of time.statements) if (statement.date && statement.date.month === null && statement.date.day !== null && known !== null) statement.date = { ...statement.date, month: known };
    month = time.statements.map((statement) => statement.date?.month ?? null).filter((value) => value !== null).pop() ?? known;
  }
}

/** Deaths the outline plans, each in the chapter written from its entry. */
function plannedDeaths(snapshot: ManuscriptSnapshot, coverage: OutlineCoverage | null): Death[] {
  const outline = snapshot.outline;
  if (outline === null || coverage === null) return [];
  const sceneOf = new Map([...coverage.entryOf].map(([scene, entry]) => [entry, scene] as const));
  const deaths: Death[] = [];
  for (const entry of outline.entries) {
    const scene = sceneOf.get(entry);
    if (!scene) continue;
    const lines = new Set([entry.line, ...entry.beats.map((beat) => beat.line)]);
    const source = { path: outline.path, lines: outline.source.lines.map((text, index) => (lines.has(index + 1) ? text : '')) };
    for (const death of beatDeaths(readProse(source, 1, snapshot.names))) deaths.push({ ...death, path: outline.path, text: lineText(outline.source, death.line), position: scene.position });
  }
  return deaths;
}

/** The chapter whose outline entry has the card die by one of its names (when the card's death has no chapter). */
function entryNaming(snapshot: ManuscriptSnapshot, coverage: OutlineCoverage | null, card: CharacterCard): Death | undefined {
  if (snapshot.outline === null || coverage === null) return undefined;
  for (const [scene, entry] of [...coverage.entryOf].sort((a, b) => a[0].position - b[0].position)) {
    const line = [entry.line, ...entry.beats.map((beat) => beat.line)].find((number) => namedInDeathClause(card, lineText(snapshot.outline!.source, number)));
    if (line !== undefined) return { card, path: snapshot.outline.path, line, text: lineText(snapshot.outline.source, line), position: scene.position };
  }
  return undefined;
}

/**
 * Which chapter each card's death falls in: the card's own word, else where it happens on the page,
 * else the chapter written from the outline entry that plans it.
 */
/**
 * The chapter a dated death falls in ("Drowned on the night of Friday 16 October 1931"): the last
 * chapter, in reading order, dated on that day or before it. Null without a full date, or when no
 * chapter is dated on or after it (the death may lie past the story's end).
 */
/**
 * 0 when a death told with only its year ("killed in the quarry fall of 1950") comes before the
 * year of every dated chapter, the first chapter among them; null otherwise.
 */
function yearBeforeStory(text: string, scenes: readonly SceneFile[], whenOf: (position: number) => ChapterWhen): number | null {
  const year = /\b(?:died|dies|killed|drowned|lost|perished|murdered|shot|hanged|death)\b[^.;]{0,60}?\b(1[5-9]\d\d|20\d\d)\b/i.exec(text)?.[1];
  if (year === undefined) return null;
  const years = scenes.map((scene) => ({ position: scene.position, year: whenOf(scene.position).date?.year ?? null })).filter((entry) => entry.year !== null);
  const first = Math.min(...scenes.map((scene) => scene.position));
  return years.some((entry) => entry.position === first) && years.every((entry) => entry.year! > Number(year)) ? 0 : null;
}

function chapterOfDate(text: string, scenes: readonly SceneFile[], whenOf: (position: number) => ChapterWhen): number | null {
  const date = timeOfText(text, { path: '', line: 0, source: 'outline' })?.date ?? null;
  if (date === null || date.year === null || date.month === null || date.day === null) return yearBeforeStory(text, scenes, whenOf);
  const day = dayNumber(date.year, date.month, date.day);
  const dated = scenes.flatMap((scene) => {
    const when = whenOf(scene.position);
    const year = when.date?.year ?? when.year;
    return when.date?.month && when.date.day && year !== null ? [{ position: scene.position, day: dayNumber(year, when.date.month, when.date.day) }] : [];
  });
  if (!dated.some((chapter) => chapter.day > day)) return null;
  const before = dated.filter((chapter) => chapter.day <= day).map((chapter) => chapter.position);
  if (before.length > 0) return Math.max(...before);
  // Before every dated chapter: before the story only when its first chapter is one of them.
  const first = Math.min(...scenes.map((scene) => scene.position));
  return dated.some((chapter) => chapter.position === first) ? 0 : null;
}

function deathsOf(snapshot: ManuscriptSnapshot, chapters: ReadonlyArray<{ scene: SceneFile; prose: FileProse; context: SubjectContext }>, coverage: OutlineCoverage | null, whenOf: (position: number) => ChapterWhen): Death[] {
  const named = chapters.flatMap(({ scene, prose }) => proseDeaths(prose, scene.position));
  const planned = plannedDeaths(snapshot, coverage);
  // A death told only with a pronoun is a weaker reading: it stands when no one else is known to die
  // in that chapter and the one it names does not speak or act later in it.
  const stated = snapshot.characters.map((card) => cardDeath(card, snapshot.scenes)).filter((death) => death !== null);
  const known = [...named, ...planned, ...stated];
  const guessed = chapters.flatMap(({ scene, prose, context }) =>
    pronounDeaths(context, scene.position).filter((death) => !known.some((other) => other.card !== death.card && other.position === death.position) && !actsOnPageAfter(prose, death.card, death.line)),
  );
  const onPage = [...named, ...guessed];
  const deaths: Death[] = [];
  for (const card of snapshot.characters) {
    const stated = cardDeath(card, snapshot.scenes);
    const happens = onPage.filter((death) => death.card === card).sort((a, b) => (a.position ?? 0) - (b.position ?? 0))[0];
    const plan = planned.find((death) => death.card === card) ?? (stated && stated.position === null ? entryNaming(snapshot, coverage, card) : undefined);
    if (stated && stated.position !== null && stated.position > 0) deaths.push(stated);
    else if (stated && happens) deaths.push({ ...stated, position: happens.position });
    else if (stated && stated.position === null && plan) deaths.push({ ...stated, position: plan.position });
    else if (stated && stated.position === null) deaths.push({ ...stated, position: chapterOfDate(stated.text, snapshot.scenes, whenOf) });
    else if (stated) deaths.push(stated);
    else if (happens) deaths.push(happens);
    else if (plan) deaths.push(plan);
  }
  return deaths;
}

/**
 * The continuity model of a manuscript: facts `(entity, attribute, value, file#line)` from cards in
 * any style and from the prose, every mention of a character resolved (names, nicknames, pronouns),
 * and the findings that follow — fixed traits, ages against births and time, the dead acting,
 * days and dates against the outline and each other, counts against the notes, and outline entries
 * and chapters without each other. Recent analyses are kept by the manuscript's content, so the
 * tools of one run share one analysis.
 */
export function analyseContinuity(snapshot: ManuscriptSnapshot): ContinuityAnalysis {
  const key = keyOf(snapshot);
  const known = recent.get(key);
  if (known) return known;
  const chapters = snapshot.scenes.map((scene) => ({ scene, prose: readProse(scene.source, scene.bodyStart, snapshot.names) }));
  const coverage = snapshot.outline ? matchOutline(snapshot.scenes, snapshot.outline, snapshot.files) : null;
  const genderOf = (card: CharacterCard) => card.gender;
  const facts: Fact[] = [];
  const ages: AgeFact[] = [];
  for (const card of snapshot.characters) {
    const collected = cardFacts(card, readProse(card.source, card.bodyStart, snapshot.names));
    facts.push(...collected.facts);
    ages.push(...collected.ages);
  }
  const contexts = chapters.map(({ scene, prose }) => ({ scene, prose, context: { prose, pointOfView: pointOfView(scene, prose, coverage, snapshot), genderOf, firstPerson: toldInFirstPerson(prose.paragraphs) } satisfies SubjectContext }));
  for (const { scene, context } of contexts) {
    const collected = proseFacts(context, scene.position);
    facts.push(...collected.facts);
    ages.push(...collected.ages);
  }
  const times: ChapterTime[] = chapters.map(({ scene, prose }) => ({
    scene,
    statements: chapterTimeStatements(scene.path, scene.when, scene.title, prose.paragraphs),
    entry: coverage?.entryOf.get(scene) ?? null,
  }));
  fillMonths(times, snapshot.outline);
  const years = new Map<number, number>();
  for (const time of times) {
    const year = time.statements.find((statement) => statement.date !== null && statement.date.year !== null)?.date?.year;
    if (year !== undefined && year !== null) years.set(time.scene.position, year);
  }
  // No chapter names its year: the year the outline sets the story in ("Set October 1931") stands.
  const outlineYear = years.size === 0 && snapshot.outline ? storyYearOf(snapshot.outline.source.lines) : null;
  if (outlineYear !== null) years.set(0, outlineYear);
  // Nor the outline: a birth on a card and an age said on a dated day give it.
  const agedYear = years.size === 0 ? storyYearFromAges(ages, chapterWhens(times, snapshot.outline, years)) : null;
  if (agedYear !== null) years.set(0, agedYear);
  const whenOf = chapterWhens(times, snapshot.outline, years);
  const deaths = deathsOf(snapshot, contexts, coverage, whenOf);
  const numbers = extractNumericFacts([...snapshot.lore, ...cardsAsLore([...snapshot.places, ...snapshot.characters])]);
  const tagged = (category: FindingCategory, found: readonly Finding[]): ContinuityFinding[] => found.map((finding) => ({ ...finding, category }));
  const dated = timeFindings(times, snapshot.outline);
  const datedLines = new Set(dated.map((finding) => `${finding.path}:${finding.line}`));
  // A chapter's date is its own or, failing that, its outline entry's (see chapterWhens).
  const claimed = times.flatMap((time, index) => {
    const when = whenOf(time.scene.position);
    const paragraphs = chapters[index]!.prose.paragraphs;
    return weekdayClaimFindings([...weekdayClaims(time.scene.path, paragraphs), ...holidayClaims(time.scene.path, paragraphs)], { year: when.year, month: when.date?.month ?? null });
  });
  const elapsed = elapsedFindings(
    chapters.map(({ scene, prose }) => ({ path: scene.path, position: scene.position, paragraphs: prose.paragraphs, title: scene.title?.value ?? null, plan: entryText(scene, coverage, snapshot) })),
    deaths,
    whenOf,
    [...(snapshot.outline ? [snapshot.outline.source] : []), ...snapshot.scenes.map((scene) => scene.source)],
    (death) => genderOf(death.card),
    (clause) => snapshot.names.find(clause).flatMap((match) => (match.entities.length === 1 && match.entities[0]!.kind === 'character' ? [match.entities[0]!.card as CharacterCard] : [])),
    [...(snapshot.outline ? [snapshot.outline] : []), ...snapshot.characters, ...snapshot.places, ...snapshot.lore].map((file) => file.source),
  );
  const findings: ContinuityFinding[] = [
    ...tagged('trait', traitFindings(facts)),
    ...tagged('age', ageFindings(ages, whenOf)),
    ...tagged('death', deadCharacterFindings(new Map(deaths.map((death) => [death.card.path, death])), chapters)),
    ...tagged('number', bookCountFindings(chapters.map(({ scene, prose }) => ({ prose, title: scene.title?.value ?? '' })), numbers)),
    ...tagged('time', [...dated, ...claimed.filter((finding) => !datedLines.has(`${finding.path}:${finding.line}`)), ...elapsed]),
    ...tagged('outline', coverage && snapshot.outline ? outlineCoverageFindings(coverage, snapshot.outline, snapshot.files) : []),
  ];
  const sources = new Map<string, SourceText>();
  for (const file of [snapshot.outline, ...snapshot.scenes, ...snapshot.characters, ...snapshot.places, ...snapshot.lore]) if (file) sources.set(file.path, file.source);
  for (const finding of findings) if (finding.quote === '') finding.quote = lineText(sources.get(finding.path) ?? { path: finding.path, lines: [] }, finding.line);
  const analysis: ContinuityAnalysis = { facts, ages, deaths, coverage, times, findings };
  if (recent.size >= RECENT_ANALYSES) recent.delete(recent.keys().next().value!);
  recent.set(key, analysis);
  return analysis;
}
