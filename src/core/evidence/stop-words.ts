/**
 * The commonest English function words: a quote made only of these ("the", "Her", "and then he
 * was") is in almost every file, so it proves nothing about any one of them.
 */
const WORDS =
  'a about above after again against all also am an and any are as at be because been before being below ' +
  'between both but by can could did do does doing down during each either else even ever few for from ' +
  'further had has have having he her here hers herself him himself his how i if in into is it its itself ' +
  'just let me might more most must my myself no nor not now of off on once one only or other our ours ' +
  'ourselves out over own same shall she should so some such than that the their theirs them themselves ' +
  'then there these they this those though through to too under until up upon us very was we were what ' +
  'when where which while who whom whose why will with would yet you your yours yourself yourselves ' +
  "said says say oh ah well yes it's i'm don't didn't he's she's that's there's";

export const STOP_WORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/));

/** True when the (folded) word is a function word. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
}
