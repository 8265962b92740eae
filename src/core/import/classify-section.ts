import type { ImportKind } from '../../protocol/imports.js';
import { classifyNote } from './classify-note.js';

// A bare age as a sentence of its own ("Cook. Fifty-two.") speaks of a person.
// A heading that names a place by its last word: `The Blue Heron Motel`, `Brannock Falls`, `Skerry Light`.
const PLACE_WORD =
  /\b(?:motel|hotel|inn|pub|tavern|bar|caf[eé]|shop|store|farm|house|hall|manor|cottage|lodge|church|chapel|abbey|school|station|harbou?r|quay|pier|dock|light(?:house)?|tower|mill|mine|bridge|street|road|lane|square|park|falls|river|creek|brook|ford|lake|loch|bay|cove|harbor|marsh|fen|point|head|island|isle|hill|moor|wood|forest|valley|town|village|city|county|castle|fort|camp|ranch|office|hospital|asylum|prison|gaol|jail|rectory|vicarage|surgery)$/i;
const PLACE_SIGNAL = /\bpop(?:\.|ulation\b)|\b(?:miles?\s+(?:from|north|south|east|west)|located|situated|on\s+(?:highway|route|the\s+road)|rooms?\b|floors?\b|built\s+in|founded)\b/i;
const PERSON_SIGNAL =
  /\b(?:she|he|her|his|him|herself|himself|born|aged|widow(?:ed|er)?|married|brother|sister|mother|father|son|daughter|wife|husband|eyes|hair|narrator|protagonist|clerk|boy|girl|man|woman)\b|(?:^|[.;]\s+)(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-\w+)?|sixteen|seventeen|eighteen|nineteen|\d{1,2})(?:\s+years\s+old)?[.,]/im;

/**
 * What one section of a mixed note (a story bible with a `##` section per person and place) is:
 * a character or a place by its labelled fields or tags first, then a place when its heading ends in
 * a place word or its text reads like one without a person's words, a character when its text
 * speaks of a person, else lore.
 */
export function classifySection(heading: string, text: string): ImportKind {
  const byContent = classifyNote({ id: heading, origin: heading, name: heading, folders: [], text, order: null, hint: null }).kind;
  if (byContent === 'character' || byContent === 'place') return byContent;
  const body = text.split('\n').slice(1).join('\n');
  if (PLACE_WORD.test(heading.trim())) return 'place';
  const person = PERSON_SIGNAL.test(body);
  if (PLACE_SIGNAL.test(body) && !person) return 'place';
  return person ? 'character' : 'lore';
}
