import type { Paragraph } from '../prose.js';

const PRESENT_VERBS = /\b(?:is|are|says|asks|looks|comes|goes|stands|sits|turns|takes|puts|gets|knows|thinks|tells|walks|opens|I\s+am|I'm)\b/g;
const PAST_VERBS = /\b(?:was|were|said|asked|looked|came|went|stood|sat|turned|took|put|got|knew|thought|told|walked|opened)\b/g;

/** True when a chapter's narration is mostly in the present tense ("She turns. He says"). */
export function toldInPresent(paragraphs: readonly Paragraph[]): boolean {
  let present = 0;
  let past = 0;
  for (const paragraph of paragraphs) {
    if (paragraph.quotes.length > 0) continue;
    present += paragraph.text.match(PRESENT_VERBS)?.length ?? 0;
    past += paragraph.text.match(PAST_VERBS)?.length ?? 0;
  }
  return present > past * 1.5 && present >= 5;
}

// A verb in the simple past: "told", "said", "walked" (and the common irregular ones).
const PAST_FORM = /^(?:\p{L}+ed|said|told|came|went|stood|sat|took|got|knew|thought|saw|gave|made|ran|held|left|brought|sent|kept|wrote|spoke|sang|rang|drank|ate|fell|found|heard|laughed|shouted|called)$/iu;

/** True for a verb written in the simple past ("told", "walked"). */
export function pastForm(verb: string): boolean {
  return PAST_FORM.test(verb.trim());
}
