/**
 * The shape of a writer's request, judged without a model: a clear single ask goes to the tool
 * loop as it is; an ask with nothing named to act on ("fix it", "make it better") gets one or two
 * clarifying questions; several asks joined ("check X, then Y", a numbered list) get a short plan
 * in the writer's own words before the loop acts, and a conclusion with next steps after it.
 */
export type RequestShape =
  | { kind: 'clear' }
  | { kind: 'ambiguous'; questions: string[] }
  | { kind: 'multi_step'; steps: string[] };

/** Verbs of an ask that needs an object: with nothing named after them the ask is unclear. */
const ACTION_VERBS = new Set([
  'fix', 'improve', 'make', 'change', 'do', 'redo', 'check', 'look', 'review', 'edit', 'rewrite', 'polish', 'clean', 'tidy', 'sort',
  'help', 'continue', 'update', 'work', 'handle', 'tweak', 'adjust', 'correct', 'repair', 'finish', 'expand', 'shorten', 'tighten',
  'revise', 'rework', 'analyse', 'analyze', 'compare', 'verify', 'read', 'summarise', 'summarize', 'think', 'find', 'list', 'go',
]);

/** Words that name nothing: pronouns, fillers, vague praise. A request of only these and verbs has no object. */
const EMPTY_WORDS = new Set([
  'it', 'its', "it's", 'this', 'that', "that's", 'these', 'those', 'them', 'they', 'him', 'her', 'something', 'everything', 'anything',
  'stuff', 'thing', 'things', 'one', 'ones', 'all', 'whole', 'entire', 'lot', 'whatever', 'bit', 'little', 'some', 'more', 'less',
  'please', 'pls', 'plz', 'can', 'could', 'would', 'will', 'should', 'you', 'u', 'me', 'my', 'mine', 'i', "i'd", "i'm", 'we', 'us', 'our',
  'a', 'an', 'the', 'just', 'now', 'again', 'quickly', 'up', 'out', 'over', 'at', 'on', 'to', 'for', 'with', 'of', 'in', 'and', 'or',
  'then', 'so', 'really', 'very', 'there', 'here', 'maybe', 'perhaps', 'kindly', 'want', 'need', 'like', 'let', 'lets', "let's", 'ahead',
  'get', 'try', 'better', 'best', 'good', 'nicer', 'nice', 'well', 'right', 'properly', 'ok', 'okay', 'is', 'are', 'was', 'be', 'does',
  'what', 'how', 'about', 'your', 'thoughts', 'same', 'too', 'also', 'wrong', 'works', 'working', 'hey', 'hi', 'thanks', 'thank',
  'into', 'through', 'pass', 'another', 'once', 'other', 'stronger', 'cleaner', 'worse',
]);

/** Words a step of a joined request may start with: an action, or a question of its own. */
const STEP_STARTS = new Set([
  ...ACTION_VERBS, 'tell', 'show', 'give', 'write', 'draft', 'suggest', 'explain', 'outline', 'note', 'flag', 'mark', 'search', 'locate',
  'count', 'trace', 'confirm', 'see', 'identify', 'spot', 'point', 'describe', 'name', 'who', 'what', 'where', 'when', 'why', 'how', 'which',
  'is', 'are', 'does', 'did', 'was', 'were', 'do',
]);

const QUOTED = /["“”«»]|(?:^|\s)['‘][^'’]+['’]/u;
const NUMBERED_LINE = /^\s*(?:\d{1,2}[.)]|[-*•])\s+(.+?)\s*$/u;
const CONNECTIVE = /(?:\s*[,;:]\s*|\.\s+|\s+)(?:and\s+then|and\s+after\s+that|after\s+that|afterwards|and\s+finally|finally|then|and\s+also|also)[,:]?\s+|\s*[,;.]\s*next[,:]?\s+/giu;
const LEAD_IN = /^(?:(?:and|so|ok|okay|first(?:ly)?|please|now|then|next|finally|also|could you|can you|would you|will you|i want you to|i'd like you to)\b[\s,:]*)+/iu;

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu)?.map((word) => word.replace(/’/gu, "'")) ?? [];
}

/** True when an ask has an action but nothing named to act on. */
export function lacksObject(text: string): boolean {
  if (QUOTED.test(text) || /\d/u.test(text)) return false;
  const tokens = words(text);
  if (!tokens.some((word) => ACTION_VERBS.has(word))) return false;
  return tokens.every((word) => ACTION_VERBS.has(word) || EMPTY_WORDS.has(word));
}

function tidyStep(text: string): string {
  const trimmed = text.replace(LEAD_IN, '').replace(/[\s,;:.!]+$/u, '').trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** A step has at least two words, one of them not a filler. */
function isStep(text: string): boolean {
  const tokens = words(text);
  return tokens.length >= 2 && tokens.some((word) => !EMPTY_WORDS.has(word));
}

function firstWord(text: string): string | undefined {
  return words(text.replace(LEAD_IN, ''))[0];
}

function startsWithAction(text: string): boolean {
  const first = firstWord(text);
  return first !== undefined && ACTION_VERBS.has(first);
}

/** Each part of a joined request is an ask of its own: an action or a question. */
function startsAsAsk(text: string): boolean {
  const first = firstWord(text);
  return first !== undefined && STEP_STARTS.has(first);
}

function listedSteps(message: string): string[] {
  const lines = message.split(/\r?\n/u).map((line) => NUMBERED_LINE.exec(line)?.[1]).filter((line): line is string => line !== undefined);
  if (lines.length >= 2) return lines;
  // Inline numbering: "1) check X 2) list Y" — the numbers run 1, 2, … in order.
  const inline = [...message.matchAll(/(?:^|[\s:;,])(\d{1,2})[.)]\s+/gu)];
  if (inline.length >= 2 && inline.every((match, index) => Number(match[1]) === index + 1)) {
    return inline.map((match, index) => message.slice(match.index + match[0].length, inline[index + 1]?.index ?? message.length));
  }
  return [];
}

function joinedSteps(message: string): string[] {
  // "If … then …" is one conditional question, not two asks.
  if (/^\s*(?:if|when|whether)\b/iu.test(message)) return [];
  const parts = message.split(CONNECTIVE).filter((part) => part.trim().length > 0);
  if (parts.length >= 2 && parts.every(startsAsAsk)) return parts.flatMap(actionsJoinedByAnd);
  // Several sentences that each start with an action: "Check X. List Y."
  const sentences = message.split(/(?<=[.!?])\s+/u).filter((part) => part.trim().length > 0);
  if (sentences.length >= 2 && sentences.filter(startsWithAction).length >= 2) return sentences.filter(startsWithAction);
  const steps = actionsJoinedByAnd(message);
  return steps.length >= 2 ? steps : [];
}

/** "check X and list Y": actions joined by "and", the first at the start; anything else stays one step. */
function actionsJoinedByAnd(text: string): string[] {
  if (!startsWithAction(text)) return [text];
  const steps: string[] = [];
  for (const piece of text.split(/\s*,?\s+and\s+(?=[\p{L}]+\b)/iu)) {
    if (steps.length === 0 || startsWithAction(piece)) steps.push(piece);
    else steps[steps.length - 1] += ` and ${piece}`;
  }
  return steps;
}

function clarifyingQuestions(message: string): string[] {
  const verb = words(message).find((word) => ACTION_VERBS.has(word) && word !== 'help' && word !== 'go') ?? 'work on';
  const object = verb === 'make' || verb === 'improve' || verb === 'polish' ? 'improve' : verb;
  return [
    `Which part of the manuscript should I ${object}: a chapter, a scene, a character or a passage?`,
    'And what should I look for there: continuity, the timeline, the outline, or the prose itself?',
  ];
}

/** Judges one request (the writer's message as sent). Deterministic, no model call. */
export function shapeRequest(message: string): RequestShape {
  const text = message.trim();
  if (text.length === 0) return { kind: 'clear' };
  const candidates = listedSteps(text);
  const split = candidates.length >= 2 ? candidates : joinedSteps(text);
  const steps = split.map(tidyStep).filter(isStep);
  if (split.length >= 2 && split.every(lacksObject)) return { kind: 'ambiguous', questions: clarifyingQuestions(text) };
  if (steps.length >= 2) return { kind: 'multi_step', steps };
  if (lacksObject(text)) return { kind: 'ambiguous', questions: clarifyingQuestions(text) };
  return { kind: 'clear' };
}

/**
 * The ask a turn acts on when its message answers clarifying questions: the writer's earlier
 * ask (one message per turn that ended in questions, oldest first) with the answer after it.
 */
export function joinClarifiedAsk(asks: readonly string[], answer: string): string {
  return [...asks, answer].map((part) => part.trim()).filter((part) => part.length > 0).join('\n');
}

/**
 * Judges a message that answers clarifying questions. Joined with the earlier ask it is still
 * unclear when together they name nothing (then the questions come again); otherwise its steps
 * are the answer's own, since the earlier ask's "fix it and make it better" would only add steps
 * that name nothing. Without an earlier ask this is `shapeRequest`.
 */
export function shapeFollowUp(asks: readonly string[], answer: string): RequestShape {
  if (asks.length === 0) return shapeRequest(answer);
  const joined = shapeRequest(joinClarifiedAsk(asks, answer));
  if (joined.kind === 'ambiguous') return joined;
  const own = shapeRequest(answer);
  return own.kind === 'multi_step' ? own : { kind: 'clear' };
}
